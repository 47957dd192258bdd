import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Message, ScenarioDefinition } from '@parley/contracts';
import { findAbove, loadCatalogue } from './catalogue';

/**
 * The hand-labelled transcripts (data/labelled-transcripts.json): one scenario played several ways per
 * family, each labelled per dimension by reading it. Read as data, the way the eval reads the catalogue.
 */
export const LEVELS = ['empty', 'poor', 'average', 'good', 'excellent'] as const;
export type Level = (typeof LEVELS)[number];

export interface LabelledTranscript {
  id: string;
  family: string;
  style: string;
  scenario?: ScenarioDefinition;
  heldOut?: boolean;
  labels: { clarity: Level; empathy: Level; persuasion: Level };
  messages: Array<Pick<Message, 'sender' | 'content'>>;
}

type Stored = Omit<LabelledTranscript, 'scenario'> & { scenario?: string };

function readStored(): Stored[] {
  const rows = JSON.parse(
    readFileSync(findAbove(join('data', 'labelled-transcripts.json')), 'utf8'),
  ) as Stored[];
  for (const row of rows) {
    const levels = Object.values(row.labels);
    if (levels.length !== 3 || !levels.every((l) => (LEVELS as readonly string[]).includes(l)))
      throw new Error(`labelled transcript ${row.id}: labels must be three of ${LEVELS.join(', ')}`);
  }
  return rows;
}

function resolve(rows: Stored[], scenarios: ScenarioDefinition[]): LabelledTranscript[] {
  return rows.map((row) => {
    if (!row.scenario) return { ...row, scenario: undefined };
    const scenario = scenarios.find((s) => s.id === row.scenario);
    if (!scenario)
      throw new Error(`labelled transcript ${row.id} plays ${row.scenario}, not in the catalogue`);
    return { ...row, scenario };
  });
}

export const LABELLED_TRANSCRIPTS: LabelledTranscript[] = resolve(readStored(), loadCatalogue());

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { type ScenarioDefinition } from '@parley/contracts';
import { loadScenarios } from './catalogue';

/*
 * Hand-labelled practice transcripts (data/labelled-transcripts.json). Each family is one scenario played
 * several ways; every transcript carries a label per dimension: excellent > good > average > poor > empty.
 * The coaching eval reads the same data file through loaders of its own.
 */

export const LEVELS = ['empty', 'poor', 'average', 'good', 'excellent'] as const;
export type Level = (typeof LEVELS)[number];

const level = z.enum(LEVELS);
const transcriptSchema = z.object({
  id: z.string(),
  family: z.string(),
  style: z.string(),
  scenario: z.string().optional(),
  heldOut: z.boolean().optional(),
  labels: z.object({ clarity: level, empathy: level, persuasion: level }),
  messages: z.array(z.object({ sender: z.enum(['user', 'ai']), content: z.string() })),
});

export interface LabelledTranscript extends Omit<z.infer<typeof transcriptSchema>, 'scenario'> {
  scenario?: ScenarioDefinition;
}

const FILE = join(__dirname, '../../../../data/labelled-transcripts.json');
const scenarios = new Map(loadScenarios().map((s) => [s.id, s]));

export const LABELLED_TRANSCRIPTS: LabelledTranscript[] = z
  .array(transcriptSchema)
  .parse(JSON.parse(readFileSync(FILE, 'utf8')))
  .map(({ scenario, ...t }) => {
    if (scenario === undefined) return t;
    const definition = scenarios.get(scenario);
    if (!definition) throw new Error(`labelled transcript ${t.id}: no catalogue scenario ${scenario}`);
    return { ...t, scenario: definition };
  });

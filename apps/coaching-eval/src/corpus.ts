import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { findAbove } from './catalogue';

/**
 * The labelled learner lines (data/learner-lines), read by the eval on its own: the test split is
 * frozen — its files' sha256 is kept in data/learner-lines/test.sha256 and checked in npm test — and the
 * engine is scored on it, never tuned on it.
 */
export const ACTS = [
  'open-question',
  'closed-question',
  'ask',
  'empathy',
  'apology',
  'reason',
  'figures',
  'hedge',
  'filler',
  'attack',
  'off-topic',
  'role-break',
  'close',
] as const;
export type Act = (typeof ACTS)[number];
export const SPLITS = ['train', 'dev', 'test'] as const;
export type Split = (typeof SPLITS)[number];

export interface CorpusLine {
  text: string;
  labels: Act[];
  category: string;
  voice: string;
  context: string;
  /** file:line, for messages. */
  at: string;
}

export function corpusRoot(): string {
  return dirname(findAbove(join('data', 'learner-lines', 'test.sha256')));
}

function filesOf(split: Split, root: string): string[] {
  return readdirSync(join(root, split))
    .filter((f) => f.endsWith('.jsonl'))
    .sort();
}

export function loadSplit(split: Split, root = corpusRoot()): CorpusLine[] {
  const lines: CorpusLine[] = [];
  for (const file of filesOf(split, root)) {
    const rows = readFileSync(join(root, split, file), 'utf8').split('\n');
    rows.forEach((row, i) => {
      if (row.trim() === '') return;
      const at = `${split}/${file}:${i + 1}`;
      const value = JSON.parse(row) as Partial<Record<keyof CorpusLine, unknown>>;
      const labels = Array.isArray(value.labels) ? value.labels : undefined;
      if (typeof value.text !== 'string' || !labels || labels.some((l) => !ACTS.includes(l as Act)))
        throw new Error(`${at}: text and labels (${ACTS.join(', ')}) are required`);
      lines.push({
        text: value.text,
        labels: labels as Act[],
        category: String(value.category ?? ''),
        voice: String(value.voice ?? ''),
        context: String(value.context ?? ''),
        at,
      });
    });
  }
  return lines;
}

/** sha256 over the test split's files, in name order, each as `name\n<bytes>`. */
export function testSplitHash(root = corpusRoot()): string {
  const hash = createHash('sha256');
  for (const file of filesOf('test', root)) {
    hash.update(`${file}\n`);
    hash.update(readFileSync(join(root, 'test', file)));
  }
  return hash.digest('hex');
}

export function frozenTestHash(root = corpusRoot()): string {
  return readFileSync(join(root, 'test.sha256'), 'utf8').trim();
}

export interface ActScore {
  act: Act;
  support: number;
  predicted: number;
  truePositives: number;
}

export const precisionOf = (s: ActScore): number => (s.predicted === 0 ? 1 : s.truePositives / s.predicted);
export const recallOf = (s: ActScore): number => (s.support === 0 ? 1 : s.truePositives / s.support);

/** How the engine's reading of each line compares with the labels a person gave it. */
export async function scoreActs(
  lines: CorpusLine[],
  read: (text: string) => Promise<string[]>,
): Promise<ActScore[]> {
  const predictions = await Promise.all(lines.map((l) => read(l.text)));
  return ACTS.map((act) => {
    let support = 0;
    let predicted = 0;
    let truePositives = 0;
    lines.forEach((line, i) => {
      const said = predictions[i]?.includes(act) ?? false;
      const labelled = line.labels.includes(act);
      if (labelled) support += 1;
      if (said) predicted += 1;
      if (said && labelled) truePositives += 1;
    });
    return { act, support, predicted, truePositives };
  });
}

export function formatActScores(title: string, scores: ActScore[]): string {
  const rows = scores.map(
    (s) =>
      `${s.act.padEnd(16)} ${precisionOf(s).toFixed(2).padStart(9)} ${recallOf(s).toFixed(2).padStart(6)} ${String(s.predicted).padStart(5)} ${String(s.support).padStart(7)}`,
  );
  return [title, `${'act'.padEnd(16)} precision recall  said labelled`, ...rows].join('\n');
}

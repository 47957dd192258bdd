import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import naiveBayes from 'wink-naive-bayes-text-classifier';
import { analyseText, isWordToken, readText } from './nlp';

/**
 * What a learner's line does, decided in one place for the partner and the coach: one naive Bayes
 * classifier per act (wink-naive-bayes-text-classifier), trained on the labelled corpus in
 * data/learner-lines/train over wink-nlp features — tokens, lemmas, parts of speech, how each sentence
 * starts and ends, entities, negation. A mistake is fixed by adding labelled lines, never a pattern.
 *
 * Each act has two thresholds on its log odds, set from the train split (see trainLineActs): one for saying
 * the learner did it, one below which the coach may say they never did. The frozen test split is read only
 * by the eval.
 */

export const LINE_ACTS = [
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
export type LineAct = (typeof LINE_ACTS)[number];

export interface LabelledLine {
  text: string;
  labels: string[];
}

export interface LineActModel {
  acts: Record<
    LineAct,
    {
      classifier: Classifier | undefined;
      threshold: number;
      claimable: boolean;
      cvPrecision: number;
      cvRecall: number;
      possible: number;
    }
  >;
}

export const TARGET_PRECISION = 0.97;

/** Sounds that fill a pause at the start of a sentence; what the sentence does starts after them. */
const OPENING_SOUNDS = new Set([
  'um',
  'umm',
  'uh',
  'uhh',
  'erm',
  'er',
  'hmm',
  'ah',
  'oh',
  'well',
  'so',
  'like',
  'okay',
  'ok',
]);

/**
 * The features of a line: what the classifiers see. Read from the line in lower case with straight
 * quotes, so casing and typography never change what a line is taken to do; words also by their letter
 * triples, so one slip of the fingers leaves most of a word's features in place.
 */
export function lineFeatures(raw: string): string[] {
  const text = raw
    .replace(/[\u2018\u2019`]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .toLowerCase();
  const analysed = analyseText(text);
  const features = new Set<string>();
  const words = analysed.tokens.filter(isWordToken);
  for (const t of words) {
    features.add(`w:${t.lower}`);
    features.add(`l:${t.lemma}`);
    features.add(`p:${t.pos}`);
    if (t.type !== 'word') features.add(`t:${t.type}`);
    if (t.lower.length >= 5)
      for (let i = 0; i + 3 <= t.lower.length; i += 1) features.add(`c:${t.lower.slice(i, i + 3)}`);
  }
  for (let i = 0; i + 1 < words.length; i += 1) {
    const a = words[i];
    const b = words[i + 1];
    if (a && b) {
      features.add(`b:${a.lower}_${b.lower}`);
      features.add(`bp:${a.pos}_${b.lemma}`);
    }
  }
  for (const s of analysed.sentences) {
    const own = analysed.tokens
      .slice(s.first, s.last + 1)
      .filter(isWordToken)
      .filter((t, i, all) => !all.slice(0, i + 1).every((x) => OPENING_SOUNDS.has(x.lower)));
    const [first, second] = own;
    if (first) {
      features.add(`s0:${first.lemma}`);
      features.add(`s0p:${first.pos}`);
      if (second) features.add(`s01:${first.lemma}_${second.lemma}`);
    }
    const end = analysed.tokens[s.last]?.value ?? '';
    features.add(`end:${/\?/.test(end) ? 'q' : /!/.test(end) ? 'x' : /\./.test(end) ? 'p' : 'none'}`);
  }
  for (const e of analysed.entities) features.add(`e:${e.type}`);
  for (const t of readText(text).tokens) if (t.negated) features.add(`n:${t.lemma}`);
  if (/\d/.test(text)) features.add('digit');
  features.add(`len:${Math.min(6, Math.ceil(words.length / 5))}`);
  return [...features];
}

const YES = 'yes';
const NO = 'no';

type Classifier = ReturnType<typeof naiveBayes>;

function newClassifier(): Classifier {
  const nb = naiveBayes();
  nb.definePrepTasks([(input) => input]);
  nb.defineConfig({ considerOnlyPresence: true, smoothingFactor: 0.1 });
  return nb;
}

function oddsOfYes(nb: Classifier, features: string[]): number {
  const odds = nb.computeOdds(features).find(([label]) => label === YES);
  return odds ? odds[1] : -Infinity;
}

const FOLDS = 5;
/** A "never did X" needs the reading that misses almost nothing: this share of X's lines, out of fold. */
export const TARGET_RECALL = 0.97;

/**
 * Trains one classifier per act on the train split. Thresholds come from out-of-fold odds (each line
 * scored by a classifier that never saw it, five folds), so they rest on every training line rather than
 * on a few dozen held-out lines of an act. The dev split stays held out, for judging changes to the
 * features and settings:
 * - `threshold`: the lowest odds at which what is said is still right TARGET_PRECISION of the time (a
 *   claim that the learner did the act);
 * - `possible`: the odds above which TARGET_RECALL of the act's lines fall (before the coach may say the
 *   learner never did it, no line may reach this).
 */
export function trainLineActs(train: LabelledLine[]): LineActModel {
  const lines = train;
  const features = lines.map((l) => lineFeatures(l.text));
  const acts = {} as LineActModel['acts'];
  for (const act of LINE_ACTS) {
    const yes = lines.map((line) => line.labels.includes(act));
    const positives = yes.filter(Boolean).length;
    if (positives < FOLDS || positives === lines.length) {
      // Too few lines to tell apart: the act is never claimed, and its absence never asserted.
      acts[act] = { ...NEVER };
      continue;
    }
    const outOfFold = new Array<number>(lines.length).fill(-Infinity);
    for (let fold = 0; fold < FOLDS; fold += 1) {
      const nb = trained(features, yes, (i) => i % FOLDS !== fold);
      features.forEach((f, i) => {
        if (i % FOLDS === fold) outOfFold[i] = oddsOfYes(nb, f);
      });
    }
    const { threshold, precision, recall } = claimThreshold(outOfFold, yes);
    acts[act] = {
      classifier: trained(features, yes, () => true),
      threshold,
      claimable: Number.isFinite(threshold),
      cvPrecision: round(precision),
      cvRecall: round(recall),
      possible: possibleThreshold(outOfFold, yes),
    };
  }
  return { acts };
}

const NEVER: LineActModel['acts'][LineAct] = {
  classifier: undefined,
  threshold: Infinity,
  claimable: false,
  cvPrecision: 0,
  cvRecall: 0,
  possible: -Infinity,
};

const round = (x: number): number => Number(x.toFixed(3));

function trained(features: string[][], yes: boolean[], use: (i: number) => boolean): Classifier {
  const nb = newClassifier();
  features.forEach((f, i) => {
    if (use(i)) nb.learn(f, yes[i] ? YES : NO);
  });
  nb.consolidate();
  return nb;
}

/** The widest cut from the top whose precision is still at least the target (at least five right). */
function claimThreshold(
  odds: number[],
  yes: boolean[],
): { threshold: number; precision: number; recall: number } {
  const order = odds.map((o, i) => ({ o, y: yes[i] === true })).sort((a, b) => b.o - a.o);
  const total = order.filter((s) => s.y).length;
  let best = { threshold: Infinity, precision: 0, recall: 0 };
  let hits = 0;
  order.forEach((s, i) => {
    if (s.y) hits += 1;
    const next = order[i + 1];
    const precision = hits / (i + 1);
    if (precision >= TARGET_PRECISION && hits >= 5 && (!next || next.o < s.o))
      best = { threshold: s.o, precision, recall: hits / total };
  });
  return best;
}

/** The odds that TARGET_RECALL of the act's own lines reach. */
function possibleThreshold(odds: number[], yes: boolean[]): number {
  const own = odds.filter((_, i) => yes[i]).sort((a, b) => b - a);
  return own[Math.max(0, Math.ceil(own.length * TARGET_RECALL) - 1)] ?? -Infinity;
}

export interface LineActReader {
  /** The acts the line does, each only where its classifier is confident enough to be claimed. */
  actsOf(text: string): Set<LineAct>;
  /** Whether the line might do the act: false only where the reading that misses almost nothing says no. */
  mayDo(text: string, act: LineAct): boolean;
  claimable(act: LineAct): boolean;
}

export function lineActReader(model: LineActModel): LineActReader {
  const cache = new Map<string, Map<LineAct, number>>();
  const oddsOf = (text: string): Map<LineAct, number> => {
    const cached = cache.get(text);
    if (cached) return cached;
    const features = lineFeatures(text);
    const odds = new Map<LineAct, number>();
    for (const act of LINE_ACTS) {
      const { classifier } = model.acts[act];
      odds.set(act, classifier ? oddsOfYes(classifier, features) : -Infinity);
    }
    if (cache.size > 2000) cache.clear();
    cache.set(text, odds);
    return odds;
  };
  return {
    actsOf(text) {
      const odds = oddsOf(text);
      return new Set(
        LINE_ACTS.filter(
          (act) => model.acts[act].claimable && (odds.get(act) ?? -Infinity) >= model.acts[act].threshold,
        ),
      );
    },
    mayDo(text, act) {
      const { classifier, possible } = model.acts[act];
      // An act the corpus cannot read is always possible: its absence is never asserted.
      return !classifier || (oddsOf(text).get(act) ?? -Infinity) >= possible;
    },
    claimable: (act) => model.acts[act].claimable,
  };
}

/* ---------- the corpus, read where the engine runs ---------- */

/**
 * data/learner-lines as the engine sees it: beside the built library (the build copies train/
 * there) or, from the sources, at the repository root. Never test/.
 */
function corpusDir(): string {
  const candidates = [
    join(__dirname, '..', '..', 'data', 'learner-lines'),
    join(__dirname, '..', '..', '..', '..', 'data', 'learner-lines'),
  ];
  const found = candidates.find((dir) => existsSync(join(dir, 'train')));
  if (!found) throw new Error(`the learner-line corpus is not at ${candidates.join(' or ')}`);
  return found;
}

/** The labelled lines of one split, checked: every label one of LINE_ACTS. */
export function readSplit(split: 'train' | 'dev', dir = corpusDir()): LabelledLine[] {
  const at = join(dir, split);
  return readdirSync(at)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()
    .flatMap((file) =>
      readFileSync(join(at, file), 'utf8')
        .split('\n')
        .flatMap((row, i) => {
          if (!row.trim()) return [];
          const parsed = JSON.parse(row) as { text?: unknown; labels?: unknown };
          if (typeof parsed.text !== 'string' || !Array.isArray(parsed.labels))
            throw new Error(`${split}/${file}:${i + 1}: a line needs "text" and "labels"`);
          const labels = parsed.labels.map(String);
          const unknown = labels.filter((l) => !(LINE_ACTS as readonly string[]).includes(l));
          if (unknown.length > 0)
            throw new Error(`${split}/${file}:${i + 1}: unknown labels ${unknown.join(', ')}`);
          return [{ text: parsed.text, labels }];
        }),
    );
}

let shared: LineActReader | undefined;

/** The reader every part of the engine uses, trained on first use (about half a second). */
export function lineActs(): LineActReader {
  shared ??= lineActReader(trainLineActs(readSplit('train')));
  return shared;
}

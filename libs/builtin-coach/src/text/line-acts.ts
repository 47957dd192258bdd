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
 * Each act has a threshold on its log odds, set on the dev split so that what the classifier says is
 * right at least 97 times in 100 there; an act whose precision cannot reach that is not claimed at all
 * (`claimable`). The frozen test split is read only by the eval.
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
    { classifier: Classifier | undefined; threshold: number; claimable: boolean; devPrecision: number }
  >;
}

export const TARGET_PRECISION = 0.97;

/** The features of a line: what the classifiers see. */
export function lineFeatures(text: string): string[] {
  const analysed = analyseText(text);
  const features = new Set<string>();
  const words = analysed.tokens.filter(isWordToken);
  for (const t of words) {
    features.add(`w:${t.lower}`);
    features.add(`l:${t.lemma}`);
    features.add(`p:${t.pos}`);
    if (t.type !== 'word') features.add(`t:${t.type}`);
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
    const own = analysed.tokens.slice(s.first, s.last + 1).filter(isWordToken);
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
  if (text === text.toLowerCase() && /[a-z]/.test(text)) features.add('all-lower');
  return [...features];
}

const YES = 'yes';
const NO = 'no';

type Classifier = ReturnType<typeof naiveBayes>;

function newClassifier(): Classifier {
  const nb = naiveBayes();
  nb.definePrepTasks([(input) => input]);
  nb.defineConfig({ considerOnlyPresence: true, smoothingFactor: 0.5 });
  return nb;
}

function oddsOfYes(nb: Classifier, features: string[]): number {
  const odds = nb.computeOdds(features).find(([label]) => label === YES);
  return odds ? odds[1] : -Infinity;
}

/** Trains one classifier per act on `train` and sets its threshold on `dev`. */
export function trainLineActs(train: LabelledLine[], dev: LabelledLine[]): LineActModel {
  const trainFeatures = train.map((l) => lineFeatures(l.text));
  const devFeatures = dev.map((l) => lineFeatures(l.text));
  const acts = {} as LineActModel['acts'];
  for (const act of LINE_ACTS) {
    const positives = train.filter((line) => line.labels.includes(act)).length;
    if (positives === 0 || positives === train.length) {
      // Nothing to tell apart: the act is never claimed.
      acts[act] = { classifier: undefined, threshold: Infinity, claimable: false, devPrecision: 0 };
      continue;
    }
    const nb = newClassifier();
    train.forEach((line, i) => nb.learn(trainFeatures[i], line.labels.includes(act) ? YES : NO));
    nb.consolidate();
    const scored = dev
      .map((line, i) => ({ odds: oddsOfYes(nb, devFeatures[i] ?? []), yes: line.labels.includes(act) }))
      .sort((a, b) => b.odds - a.odds);
    // The lowest threshold whose precision on dev is still at least the target, counting from the top.
    let threshold = Infinity;
    let precision = 0;
    let hits = 0;
    scored.forEach((s, i) => {
      if (s.yes) hits += 1;
      const p = hits / (i + 1);
      const next = scored[i + 1];
      if (p >= TARGET_PRECISION && hits >= 3 && (!next || next.odds < s.odds)) {
        threshold = s.odds;
        precision = p;
      }
    });
    acts[act] = {
      classifier: nb,
      threshold,
      claimable: Number.isFinite(threshold),
      devPrecision: Number(precision.toFixed(3)),
    };
  }
  return { acts };
}

export interface LineActReader {
  /** The acts the line does, each only where its classifier is confident enough to be claimed. */
  actsOf(text: string): Set<LineAct>;
  claimable(act: LineAct): boolean;
}

export function lineActReader(model: LineActModel): LineActReader {
  const cache = new Map<string, Set<LineAct>>();
  return {
    actsOf(text) {
      const cached = cache.get(text);
      if (cached) return cached;
      const features = lineFeatures(text);
      const acts = new Set<LineAct>();
      for (const act of LINE_ACTS) {
        const { classifier, threshold, claimable } = model.acts[act];
        if (claimable && classifier && oddsOfYes(classifier, features) >= threshold) acts.add(act);
      }
      if (cache.size > 2000) cache.clear();
      cache.set(text, acts);
      return acts;
    },
    claimable: (act) => model.acts[act].claimable,
  };
}

/* ---------- the corpus, read where the engine runs ---------- */

/**
 * data/learner-lines as the engine sees it: beside the built library (the build copies train/ and dev/
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
  shared ??= lineActReader(trainLineActs(readSplit('train'), readSplit('dev')));
  return shared;
}

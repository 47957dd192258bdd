import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import naiveBayes from 'wink-naive-bayes-text-classifier';
import { hesitationOf } from './fillers';
import { analyseText, isKnownWord, isWordToken, normalForms, readText } from './nlp';

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
  /** The training lines' words, where a slip of the fingers is mended to. */
  vocabulary: Vocabulary;
  /** The training lines, each with the odds every act's classifier gave it out of fold. */
  training: Array<{ line: LabelledLine; odds: Map<LineAct, number> }>;
  /** The odds the trained classifiers give each training line, kept so reading it again costs nothing. */
  seen: Map<string, Map<LineAct, number>>;
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

/** The words of the training lines, by how often they occur: where a slip of the fingers is put right to. */
export type Vocabulary = ReadonlyMap<string, number>;

/** Acts a pause sound is part of; for every other act, "um" and "erm" say nothing and are left out. */
const SOUNDS_COUNT_FOR: ReadonlySet<LineAct> = new Set<LineAct>(['filler', 'hedge']);

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** Every word one slip of the fingers away: a letter swapped with the next, dropped, added or mistyped. */
function oneSlipAway(word: string): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i <= word.length; i += 1) {
    const head = word.slice(0, i);
    const tail = word.slice(i);
    if (tail) out.add(head + tail.slice(1));
    if (tail.length > 1) out.add(head + tail[1] + tail[0] + tail.slice(2));
    for (const c of LETTERS) {
      out.add(head + c + tail);
      if (tail) out.add(head + c + tail.slice(1));
    }
  }
  out.delete(word);
  return out;
}

/** Words shorter than this are left as typed: one letter off, a short word is usually another word. */
const SHORTEST_MENDED = 5;

/**
 * A word as the classifiers read it: one the lexicon does not know, and the training lines never use, is
 * taken for the lexicon word one slip away that the training lines use most, or for the only lexicon word
 * one slip away ("reduicng" → "reducing"). A word with no such neighbour (a name, a new word) stays as
 * typed.
 */
function mended(word: string, vocabulary: Vocabulary | undefined): string {
  if (!vocabulary || word.length < SHORTEST_MENDED || vocabulary.has(word) || isKnownWord(word)) return word;
  let best = word;
  let seen = 0;
  const known: string[] = [];
  for (const candidate of oneSlipAway(word)) {
    if (!isKnownWord(candidate)) continue;
    known.push(candidate);
    const n = vocabulary.get(candidate) ?? 0;
    if (n > seen) {
      best = candidate;
      seen = n;
    }
  }
  // A word the training lines never use is still put right when the lexicon offers only the one.
  return seen === 0 && known.length === 1 ? (known[0] ?? word) : best;
}

/**
 * A line in one spelling, as the classifiers read it: lower case, straight quotes, wink-nlp's normal forms
 * (contractions written out, American spelling: "don't", "dont" and "do not" read alike, as do "colour"
 * and "color"), slips of the fingers mended against the training vocabulary, and — unless asked to keep
 * them — no pause sounds ("um", "erm"), which say nothing about what the line does.
 */
export function canonicalLine(raw: string, vocabulary?: Vocabulary, keepSounds = true): string {
  const text = raw
    .replace(/[\u2018\u2019`]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .toLowerCase();
  let out = '';
  let previousWord = false;
  for (const token of normalForms(text)) {
    const normal = token.isWord ? mended(token.normal, vocabulary) : token.normal;
    if (!keepSounds && token.isWord && hesitationOf(normal)) continue;
    // "don't" is one word in the text and two in normal form ("do not"): keep them apart.
    const expanded = token.normal !== token.value.toLowerCase() && /^[\p{L}\p{N}]/u.test(normal);
    const pre = token.pre || (previousWord && expanded ? ' ' : '');
    out += (out ? pre : '') + normal;
    previousWord = /[\p{L}\p{N}]$/u.test(normal);
  }
  // wink keeps "i'm" whole; and a stray comma left where a sound was taken out goes with it.
  return out
    .replace(/\bi'?m\b/g, 'i am')
    .replace(/^[\s,.]+/, '')
    .replace(/([,.;:!?])\s*,/g, '$1')
    .replace(/\s+,/g, ',');
}

/**
 * The features of a line: what the classifiers see. Read from the line's one spelling (canonicalLine), so
 * casing, contractions, spelling and a slip of the fingers change little of what a line is taken to do.
 * Words are not also read by their letter triples: with slips mended they only added correlated evidence,
 * and without them the classifiers found a fifth of the dev split's empathy and reasons at the same
 * precision instead of none.
 */
export function lineFeatures(raw: string, vocabulary?: Vocabulary, keepSounds = true): string[] {
  const text = canonicalLine(raw, vocabulary, keepSounds);
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

/** How often each word of the training lines occurs, in their one spelling. */
export function vocabularyOf(lines: LabelledLine[]): Vocabulary {
  const counts = new Map<string, number>();
  for (const line of lines)
    for (const token of normalForms(line.text.toLowerCase()))
      if (token.isWord) counts.set(token.normal, (counts.get(token.normal) ?? 0) + 1);
  return counts;
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
  const vocabulary = vocabularyOf(lines);
  const withSounds = lines.map((l) => lineFeatures(l.text, vocabulary, true));
  const withoutSounds = lines.map((l) => lineFeatures(l.text, vocabulary, false));
  const acts = {} as LineActModel['acts'];
  const training = lines.map((line) => ({ line, odds: new Map<LineAct, number>() }));
  const seen = new Map<string, Map<LineAct, number>>();
  for (const act of LINE_ACTS) {
    const features = SOUNDS_COUNT_FOR.has(act) ? withSounds : withoutSounds;
    const yes = lines.map((line) => line.labels.includes(act));
    const positives = yes.filter(Boolean).length;
    if (positives < FOLDS || positives === lines.length) {
      // Too few lines to tell apart: the act is never claimed, and its absence never asserted.
      acts[act] = { ...NEVER };
      for (const line of lines) {
        const odds = seen.get(line.text) ?? new Map<LineAct, number>();
        odds.set(act, -Infinity);
        seen.set(line.text, odds);
      }
      continue;
    }
    const outOfFold = new Array<number>(lines.length).fill(-Infinity);
    for (let fold = 0; fold < FOLDS; fold += 1) {
      const nb = trained(features, yes, (i) => i % FOLDS !== fold);
      features.forEach((f, i) => {
        if (i % FOLDS === fold) outOfFold[i] = oddsOfYes(nb, f);
      });
    }
    outOfFold.forEach((odds, i) => training[i]?.odds.set(act, odds));
    const { threshold, precision, recall } = claimThreshold(outOfFold, yes);
    const classifier = trained(features, yes, () => true);
    features.forEach((f, i) => {
      const text = lines[i]?.text;
      if (text === undefined) return;
      const odds = seen.get(text) ?? new Map<LineAct, number>();
      odds.set(act, oddsOfYes(classifier, f));
      seen.set(text, odds);
    });
    acts[act] = {
      classifier,
      threshold,
      claimable: Number.isFinite(threshold),
      cvPrecision: round(precision),
      cvRecall: round(recall),
      possible: possibleThreshold(outOfFold, yes),
    };
  }
  return { vocabulary, training, seen, acts };
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

/** Of the lines the wide reading says do not do the act, at most this share may do it. */
const ABSENCE_ERROR = 0.02;

/**
 * The odds that TARGET_RECALL of the act's own lines reach, lowered where needed so that, of the lines
 * below it, no more than ABSENCE_ERROR do the act after all: "you never did X" rests on both.
 */
function possibleThreshold(odds: number[], yes: boolean[]): number {
  const own = odds.filter((_, i) => yes[i]).sort((a, b) => b - a);
  const byRecall = own[Math.max(0, Math.ceil(own.length * TARGET_RECALL) - 1)] ?? -Infinity;
  const rising = odds.map((o, i) => ({ o, y: yes[i] === true })).sort((a, b) => a.o - b.o);
  let below = 0;
  let wrong = 0;
  let byError = -Infinity;
  for (const [i, s] of rising.entries()) {
    below += 1;
    if (s.y) wrong += 1;
    const next = rising[i + 1];
    if (wrong / below <= ABSENCE_ERROR && next && next.o > s.o) byError = next.o;
  }
  return Math.min(byRecall, byError);
}

export interface LineActReader {
  /** The acts the line does, each only where its classifier is confident enough to be claimed. */
  actsOf(text: string): Set<LineAct>;
  /** Whether the line might do the act: false only where the reading that misses almost nothing says no. */
  mayDo(text: string, act: LineAct): boolean;
  claimable(act: LineAct): boolean;
  /** The line in the one spelling the classifiers read (canonicalLine), pause sounds kept. */
  canonical(text: string): string;
  /**
   * A check for a claim that a line does one of `acts`, asked of lines another reading of the engine
   * (`cue`) says do it: true where the classifiers' odds reach the lowest cut at which, over the training
   * lines the cue fires on (each scored out of fold), the claim was right TARGET_PRECISION of the time.
   * Where no cut gets there, the claim is never made.
   */
  confirmer(acts: readonly LineAct[], cue: (text: string) => boolean): (text: string) => boolean;
}

export function lineActReader(model: LineActModel): LineActReader {
  const cache = new Map<string, Map<LineAct, number>>();
  const oddsOf = (text: string): Map<LineAct, number> => {
    const cached = cache.get(text) ?? model.seen.get(text);
    if (cached && cached.size === LINE_ACTS.length) return cached;
    const withSounds = lineFeatures(text, model.vocabulary, true);
    const withoutSounds = lineFeatures(text, model.vocabulary, false);
    const odds = new Map<LineAct, number>();
    for (const act of LINE_ACTS) {
      const { classifier } = model.acts[act];
      const features = SOUNDS_COUNT_FOR.has(act) ? withSounds : withoutSounds;
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
    canonical: (text) => canonicalLine(text, model.vocabulary, true),
    confirmer(acts, cue) {
      // How far a line's odds are above each act's wide reading, at the best of the acts.
      const above = (odds: Map<LineAct, number>): number =>
        Math.max(
          ...acts.map((act) =>
            model.acts[act].classifier ? (odds.get(act) ?? -Infinity) - model.acts[act].possible : -Infinity,
          ),
        );
      const cued = model.training.filter((t) => cue(t.line.text));
      const { threshold } = claimThreshold(
        cued.map((t) => above(t.odds)),
        cued.map((t) => acts.some((act) => t.line.labels.includes(act))),
      );
      return (text) => Number.isFinite(threshold) && above(oddsOf(text)) >= threshold;
    },
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

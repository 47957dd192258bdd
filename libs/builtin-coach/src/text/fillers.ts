import { type AnalysedText, type Token, isWordToken, sentenceTokens } from './nlp';

/*
 * Filler words and phrases, counted only where they are used as fillers. Each word has its own rule,
 * using the part-of-speech tags and the word's position: "like" after "was" before an adverb ("it was
 * like totally lost") is a filler, "like" as a verb ("I like it") or after "looks" ("looks like rain")
 * is not; "so" opening a clause before a pause ("So, um") is a filler, "so that" and "so much" are not;
 * "right" as a tag question (", right?") is a filler, "turn right" is not; and so on.
 */

/** One filler occurrence: its canonical spelling and the tokens it covers (inclusive). */
export interface FillerHit {
  filler: string;
  first: number;
  last: number;
}

const HESITATIONS: Array<[RegExp, string]> = [
  [/^u+h*m+$/, 'um'],
  [/^u+h+$/, 'uh'],
  [/^e+r+m*$/, 'er'],
  [/^a+h+$/, 'ah'],
  [/^h+m+$|^m+h*m+$/, 'hmm'],
];

export function hesitationOf(word: string): string | undefined {
  return HESITATIONS.find(([pattern]) => pattern.test(word))?.[1];
}

/** Words that, right after a discourse "so", "well" or "okay", show the speaker is stalling. */
const STALL_WORDS = new Set([
  'like',
  'basically',
  'actually',
  'literally',
  'yeah',
  'anyway',
  'anyways',
  'okay',
  'ok',
  'well',
  'right',
  'so',
  'alright',
]);

const BE_FORMS = new Set(['is', 'was', 'were', 'are', 'am', "'m", "'s", "'re", 'be', 'been', 'being', "i'm"]);

/** Before "like", these make it the verb ("I like", "would like", "don't like"). */
const VERB_LIKE_SUBJECTS = new Set([
  'i',
  'you',
  'we',
  'they',
  'he',
  'she',
  'would',
  "'d",
  'do',
  'does',
  'did',
  "n't",
  'not',
  'really',
  'also',
  'to',
  'who',
  'people',
  'might',
  'will',
  'may',
  'should',
  'could',
  'always',
  'never',
]);

/** Before "like", these make it a comparison ("looks like rain", "something like that"). */
const COMPARISON_HEADS = new Set([
  'look',
  'sound',
  'seem',
  'feel',
  'taste',
  'smell',
  'something',
  'anything',
  'nothing',
  'just',
  'more',
  'less',
  'much',
  'exactly',
  'act',
  'behave',
  'treat',
]);

/** Before "kind of"/"sort of", these make it a noun ("what kind of car", "this sort of thing"). */
const KIND_DETERMINERS = new Set([
  'what',
  'which',
  'this',
  'that',
  'these',
  'those',
  'a',
  'an',
  'the',
  'some',
  'any',
  'every',
  'each',
  'all',
  'same',
  'different',
  'other',
  'another',
  'no',
  'one',
  'my',
  'your',
  'our',
  'their',
  'his',
  'her',
  'its',
  'new',
  'right',
  'wrong',
  'whatever',
]);

/** Before "you know", these make it a real question or statement ("do you know", "as you know"). */
const KNOW_QUESTION_HEADS = new Set([
  'do',
  'does',
  'did',
  "n't",
  'not',
  'if',
  'whether',
  'what',
  'how',
  'as',
  'would',
  'will',
  'could',
  'can',
  'may',
  'might',
  'should',
  'let',
  'ever',
  'already',
  'all',
  'that',
  'because',
  'since',
]);

/** Before a trailing "so", these make it a pro-form ("I think so", "I hope so"). */
const SO_PROFORM_HEADS = new Set([
  'think',
  'hope',
  'guess',
  'suppose',
  'believe',
  'say',
  'said',
  'told',
  'tell',
  'do',
  'did',
  'expect',
  'fear',
  'seem',
  'seems',
  'imagine',
  'not',
  "n't",
  'even',
  'if',
  'more',
]);

/** After the pause at p, another filler: "Okay, so, …", "Okay, um, …". */
function stallsAfterPause(tokens: Token[], p: number): boolean {
  const after = tokens[p + 1];
  return !!after && (after.lower === 'so' || after.lower === 'like' || !!hesitationOf(after.lower));
}

export function isPauseToken(token: Token | undefined): boolean {
  if (!token) return false;
  return /^(,|;|:|\.{2,}|…|—|–|-{1,2})$/.test(token.value);
}

function isEnd(token: Token | undefined): boolean {
  return !token || /^[.?!]+$/.test(token.value);
}

function isEllipsis(token: Token | undefined): boolean {
  return !!token && /^(\.{2,}|…)$/.test(token.value);
}

/** Finds every filler in the text, in order. */
export function findFillers(analysed: AnalysedText): FillerHit[] {
  const hits: FillerHit[] = [];
  const marked = new Set<number>();

  for (const sentence of analysed.sentences) {
    const tokens = sentenceTokens(analysed, sentence);
    const at = (p: number): Token | undefined => tokens[p];
    const isMarked = (p: number): boolean => {
      const token = at(p);
      return !!token && marked.has(token.index);
    };
    const isStall = (p: number): boolean => {
      const token = at(p);
      return !!token && (hesitationOf(token.lower) !== undefined || STALL_WORDS.has(token.lower));
    };
    /** True when only punctuation or fillers come before position p in its clause. */
    const clauseStart = (p: number): boolean => {
      for (let q = p - 1; q >= 0; q--) {
        const token = at(q);
        if (!token) return true;
        if (isEllipsis(token) || /^(;|:|—|–)$/.test(token.value)) return true;
        if (marked.has(token.index) || token.value === ',' || !isWordToken(token)) continue;
        return false;
      }
      return true;
    };
    const mark = (p: number, length: number, filler: string): void => {
      const first = at(p);
      const last = at(p + length - 1);
      if (!first || !last) return;
      for (let q = p; q < p + length; q++) {
        const token = at(q);
        if (token) marked.add(token.index);
      }
      hits.push({ filler, first: first.index, last: last.index });
    };

    for (let p = 0; p < tokens.length; p++) {
      const token = at(p);
      if (!token || marked.has(token.index) || !isWordToken(token)) continue;
      const prev = at(p - 1);
      const next = at(p + 1);
      const word = token.lower;

      const hesitation = hesitationOf(word);
      if (hesitation) {
        mark(p, 1, hesitation);
        continue;
      }

      switch (word) {
        case 'like':
          if (likeIsFiller(tokens, p, isMarked, isStall)) mark(p, 1, 'like');
          break;
        case 'so':
          if (soIsFiller(tokens, p, clauseStart, isMarked, isStall)) mark(p, 1, 'so');
          break;
        case 'well':
          if (clauseStart(p) && next && (isPauseToken(next) || isStall(p + 1))) mark(p, 1, 'well');
          break;
        case 'okay':
        case 'ok':
        case 'alright':
          if (
            clauseStart(p) &&
            next &&
            next.value !== ':' &&
            (isPauseToken(next) || isStall(p + 1)) &&
            hasWordAfter(tokens, p + 1) &&
            // Opening a turn, "Okay, let me check" answers what was said; "Okay, so, um" stalls.
            (analysed.tokens.slice(0, token.index).some(isWordToken) ||
              isStall(p + 1) ||
              stallsAfterPause(tokens, p + 1))
          ) {
            mark(p, 1, 'okay');
          }
          break;
        case 'right':
          if (rightIsFiller(tokens, p, clauseStart)) mark(p, 1, 'right');
          break;
        case 'you':
          if (next?.lower === 'know') {
            const length = youKnowLength(tokens, p);
            if (length > 0) mark(p, length, 'you know');
          }
          break;
        case 'i':
          if (next?.lower === 'mean' && iMeanIsFiller(tokens, p, isStall)) mark(p, 2, 'i mean');
          break;
        case 'kind':
        case 'sort':
          if (next?.lower === 'of' && kindOfIsFiller(tokens, p)) mark(p, 2, `${word} of`);
          break;
        case 'kinda':
        case 'sorta':
          if (!(prev && KIND_DETERMINERS.has(prev.lower)))
            mark(p, 1, word === 'kinda' ? 'kind of' : 'sort of');
          break;
        case 'actually':
        case 'basically':
        case 'literally':
          if (hedgeAdverbIsFiller(tokens, p, clauseStart, isMarked, isStall)) mark(p, 1, word);
          break;
        default:
          break;
      }
    }
  }
  return hits.sort((a, b) => a.first - b.first);
}

function hasWordAfter(tokens: Token[], p: number): boolean {
  return tokens.slice(p + 1).some(isWordToken);
}

function likeIsFiller(
  tokens: Token[],
  p: number,
  isMarked: (p: number) => boolean,
  isStall: (p: number) => boolean,
): boolean {
  const token = tokens[p];
  const prev = tokens[p - 1];
  const next = tokens[p + 1];
  if (!token) return false;
  const openedByPause = !prev || isPauseToken(prev) || isMarked(p - 1);
  const closedByPause = isPauseToken(next) || isEnd(next);
  // Set off by pauses on both sides: "It was, like, huge." / "Like, I don't know."
  if (openedByPause && closedByPause && !(prev && COMPARISON_HEADS.has(prev.lemma))) return true;
  if (token.pos === 'VERB') return false;
  if (prev && VERB_LIKE_SUBJECTS.has(prev.lower) && !closedByPause) return false;
  if (prev && COMPARISON_HEADS.has(prev.lemma)) return false;
  if (!next) return false;
  // Next to a hesitation: "like, um", "um like".
  if (hesitationOf(next.lower) || (prev && hesitationOf(prev.lower))) return true;
  // Before a degree word or an adjective with nothing to compare to: "like totally", "like huge".
  if (openedByPause && ['ADV', 'ADJ', 'NUM', 'INTJ'].includes(next.pos)) return true;
  // Quotative or hedging "be like": "I was like totally lost", "she's like, no way".
  if (prev && BE_FORMS.has(prev.lower)) {
    return (
      closedByPause ||
      ['ADV', 'ADJ', 'VERB', 'INTJ', 'NUM', 'PRON', 'AUX'].includes(next.pos) ||
      isStall(p + 1)
    );
  }
  // Approximation before a number: "it took like 20 minutes".
  if (next.pos === 'NUM' || next.type === 'number') return true;
  return false;
}

function soIsFiller(
  tokens: Token[],
  p: number,
  clauseStart: (p: number) => boolean,
  isMarked: (p: number) => boolean,
  isStall: (p: number) => boolean,
): boolean {
  const prev = tokens[p - 1];
  const next = tokens[p + 1];
  if (next && ['that', 'much', 'many', 'far', 'long', 'as'].includes(next.lower)) return false;
  if (next?.lower === 'yeah') return true;
  if (clauseStart(p)) {
    // "So: a reprint, Friday at ten." opens a summary; the colon announces it, it is no pause.
    if (next?.value === ':') return false;
    if (!next || isPauseToken(next) || isStall(p + 1)) return true;
    // "Okay so I was thinking", "Um so we": a discourse "so" chained to another filler.
    if (p > 0 && isMarked(p - 1)) return true;
    return false;
  }
  // Trailing off: "and so...", "but so."
  if (isEnd(next) || isEllipsis(next)) {
    if (prev && SO_PROFORM_HEADS.has(prev.lower)) return false;
    if (prev && ['and', 'but', 'or'].includes(prev.lower)) return true;
    return isEllipsis(next);
  }
  return false;
}

function rightIsFiller(tokens: Token[], p: number, clauseStart: (p: number) => boolean): boolean {
  const prev = tokens[p - 1];
  const next = tokens[p + 1];
  // Tag question: "That's the plan, right?"
  if (prev && (prev.value === ',' || isEllipsis(prev)) && (isEnd(next) || isPauseToken(next))) return true;
  if (clauseStart(p)) {
    // "Right?" on its own, as a tag for the previous sentence.
    if (next && next.value.startsWith('?')) return true;
    // "Right, so ..." / "Right, um ..."
    const after = tokens[p + 2];
    if (next?.value === ',' && after && (after.lower === 'so' || hesitationOf(after.lower))) return true;
  }
  return false;
}

/** Length in tokens of a filler "you know" starting at p (0 when it is not a filler). */
function youKnowLength(tokens: Token[], p: number): number {
  const prev = tokens[p - 1];
  if (prev && KNOW_QUESTION_HEADS.has(prev.lower)) return 0;
  const after = tokens[p + 2];
  if (!after || isEnd(after) || isPauseToken(after) || hesitationOf(after.lower) || after.lower === 'like')
    return 2;
  // "you know what I mean"
  if (after.lower === 'what' && tokens[p + 3]?.lower === 'i' && tokens[p + 4]?.lower === 'mean') return 5;
  return 0;
}

function iMeanIsFiller(tokens: Token[], p: number, isStall: (p: number) => boolean): boolean {
  const prev = tokens[p - 1];
  if (prev && ['what', 'do', 'did', "n't", 'if', 'that', 'not'].includes(prev.lower)) return false;
  const after = tokens[p + 2];
  if (!after) return false;
  if (isPauseToken(after) || hesitationOf(after.lower) || isStall(p + 2)) return true;
  // "I mean it's fine" (a clause follows) vs "I mean it." (the verb has an object).
  const then = tokens[p + 3];
  return after.pos === 'PRON' && !!then && (then.pos === 'AUX' || then.pos === 'VERB');
}

function kindOfIsFiller(tokens: Token[], p: number): boolean {
  const prev = tokens[p - 1];
  const after = tokens[p + 2];
  if (prev && (KIND_DETERMINERS.has(prev.lower) || prev.pos === 'DET' || prev.pos === 'NUM')) return false;
  if (!after || isEnd(after) || isPauseToken(after)) return true;
  if (['NOUN', 'PROPN', 'NUM'].includes(after.pos)) return false;
  if (after.pos === 'DET' || after.pos === 'PRON') {
    // "it's kind of a mess" hedges; "two kinds of them" would have been caught above.
    return !!prev && ['AUX', 'VERB', 'PRON'].includes(prev.pos);
  }
  return true;
}

function hedgeAdverbIsFiller(
  tokens: Token[],
  p: number,
  clauseStart: (p: number) => boolean,
  isMarked: (p: number) => boolean,
  isStall: (p: number) => boolean,
): boolean {
  const prev = tokens[p - 1];
  const next = tokens[p + 1];
  if (!next) return false;
  // Clause opener: "Basically, we need more time." / "Actually I think ..."
  if (clauseStart(p) && (isPauseToken(next) || next.pos === 'PRON' || isStall(p + 1))) return true;
  // Set off by commas: "we did, basically, nothing" / "..., basically."
  if (prev && isPauseToken(prev) && (isPauseToken(next) || isEnd(next))) return true;
  // Stacked with other fillers: "like literally", "literally, like, ..."
  if (isMarked(p - 1) || isStall(p + 1)) return true;
  if (isPauseToken(next) && tokens[p + 2] && (hesitationOf(tokens[p + 2]?.lower ?? '') || isStall(p + 2)))
    return true;
  return false;
}

/** A word said twice in a row ("I I think", "the, the plan"): a disfluency. */
export interface Repetition {
  word: string;
  first: number;
  last: number;
}

/** Doubled words that are normal English, not stumbles. */
const NORMAL_DOUBLES = new Set([
  'that',
  'had',
  'very',
  'really',
  'so',
  'no',
  'yes',
  'yeah',
  'bye',
  'ha',
  'haha',
  'is',
  'do',
]);

export function findRepetitions(analysed: AnalysedText): Repetition[] {
  const found: Repetition[] = [];
  let previous: Token | undefined;
  for (const token of analysed.tokens) {
    if (/^(,|\.{2,}|…|—|–|-)$/.test(token.value)) continue;
    if (!isWordToken(token)) {
      previous = undefined;
      continue;
    }
    if (
      previous &&
      previous.sentence === token.sentence &&
      previous.lower === token.lower &&
      token.type === 'word' &&
      !NORMAL_DOUBLES.has(token.lower) &&
      !hesitationOf(token.lower)
    ) {
      found.push({ word: token.lower, first: previous.index, last: token.index });
    }
    previous = token;
  }
  return found;
}

import winkNLP, {
  type Detail,
  type ItemEntity,
  type ItemSentence,
  type PartOfSpeech,
  type WinkMethods,
} from 'wink-nlp';
import model from 'wink-eng-lite-web-model';

/*
 * The one place that talks to wink-nlp. Everything else in the coaching domain works on the plain
 * records below, so the rules can be read (and tested) without knowing the library's API.
 */

export interface Token {
  /** Position in the whole text's token list. */
  index: number;
  value: string;
  /** Lower-cased value with curly apostrophes straightened. */
  lower: string;
  lemma: string;
  pos: PartOfSpeech;
  /** wink's token type: word, number, punctuation, symbol, time, url, ... */
  type: string;
  stopWord: boolean;
  /** Whitespace between the previous token and this one, so the text can be rebuilt exactly. */
  pre: string;
  /** Character offset of the token's first character in the original text. */
  start: number;
  /** Character offset just past the token. */
  end: number;
  sentence: number;
}

export interface Sentence {
  index: number;
  /** First and last token index (inclusive). */
  first: number;
  last: number;
  text: string;
  /** wink's sentiment, -1 (negative) to 1 (positive). */
  sentiment: number;
  /** Word tokens in the sentence (see isWordToken). */
  words: number;
  isQuestion: boolean;
}

export interface Entity {
  /** MONEY, DATE, TIME, CARDINAL, ORDINAL, PERCENT, DURATION, ... */
  type: string;
  value: string;
  first: number;
  last: number;
}

export interface AnalysedText {
  text: string;
  tokens: Token[];
  sentences: Sentence[];
  entities: Entity[];
  /** Count of word tokens (contraction tails such as "'s" and "n't" are not separate words). */
  words: number;
}

let engine: WinkMethods | undefined;

function nlp(): WinkMethods {
  // Loading the model takes a moment; do it once, on first use.
  engine ??= winkNLP(model);
  return engine;
}

/** Straight apostrophes and lower case, so lexicons need one spelling. */
export function normalise(text: string): string {
  return text.replace(/[\u2018\u2019\u02bc]/g, "'").toLowerCase();
}

const CONTRACTION_TAIL = /^(['\u2019](s|re|ve|ll|d|m|t)|n['\u2019]t)$/i;

/** A token that counts as a spoken word: has a letter or digit and is not a contraction's tail. */
export function isWordToken(token: Pick<Token, 'value'>): boolean {
  return /[\p{L}\p{N}]/u.test(token.value) && !CONTRACTION_TAIL.test(token.value);
}

export function analyseText(text: string): AnalysedText {
  const its = nlp().its;
  const doc = nlp().readDoc(text);
  // wink's typings do not accept its.lemma (its addons parameter), so read each column through one cast.
  const all = doc.tokens() as unknown as { out(itsf: unknown): unknown };
  const column = <T>(itsf: unknown): T[] => all.out(itsf) as T[];
  const values = column<string>(its.value);
  const pos = column<PartOfSpeech>(its.pos);
  const types = column<string>(its.type);
  const lemmas = column<string>(its.lemma);
  const spaces = column<string>(its.precedingSpaces);
  const stops = column<boolean>(its.stopWordFlag);

  const tokens: Token[] = [];
  let offset = 0;
  values.forEach((value, index) => {
    const pre = spaces[index] ?? '';
    const start = offset + pre.length;
    offset = start + value.length;
    tokens.push({
      index,
      value,
      lower: normalise(value),
      lemma: normalise(lemmas[index] ?? value),
      pos: pos[index] ?? 'X',
      type: types[index] ?? 'word',
      stopWord: stops[index] ?? false,
      pre,
      start,
      end: offset,
      sentence: 0,
    });
  });

  const sentences: Sentence[] = [];
  doc.sentences().each((item: ItemSentence) => {
    const own = item.tokens();
    if (own.length() === 0) return;
    const first = own.itemAt(0).index();
    const last = own.itemAt(own.length() - 1).index();
    const index = sentences.length;
    let words = 0;
    let isQuestion = false;
    for (let i = first; i <= last; i++) {
      const token = tokens[i];
      if (!token) continue;
      token.sentence = index;
      if (isWordToken(token)) words++;
      if (token.value.includes('?')) isQuestion = true;
    }
    sentences.push({
      index,
      first,
      last,
      text: item.out(),
      sentiment: Number(item.out(its.sentiment)) || 0,
      words,
      isQuestion,
    });
  });

  const entities: Entity[] = [];
  doc.entities().each((item: ItemEntity) => {
    const own = item.tokens();
    if (own.length() === 0) return;
    const detail = item.out(its.detail) as Detail;
    entities.push({
      type: detail.type,
      value: detail.value,
      first: own.itemAt(0).index(),
      last: own.itemAt(own.length() - 1).index(),
    });
  });

  return { text, tokens, sentences, entities, words: tokens.filter(isWordToken).length };
}

/** Tokens of one sentence, in order. */
export function sentenceTokens(analysed: AnalysedText, sentence: Sentence): Token[] {
  return analysed.tokens.slice(sentence.first, sentence.last + 1);
}

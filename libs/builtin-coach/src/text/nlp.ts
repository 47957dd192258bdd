import winkNLP, {
  type Detail,
  type ItemEntity,
  type ItemSentence,
  type ItsFunction,
  type PartOfSpeech,
  type WinkMethods,
} from 'wink-nlp';
import model from 'wink-eng-lite-web-model';

/*
 * The one place that talks to wink-nlp: the model is loaded once, each text is read once (and the last
 * texts kept, since the partner reads the same history on every turn), and the rest of the engine works
 * on the plain records below, so the rules can be read (and tested) without knowing the library's API.
 * Two views of one reading: `analyseText` (offsets, word counts, questions: the scorer and speech
 * analysis) and `readText` (negation, sentiment of the whole: the partner).
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

export interface NlpToken {
  value: string;
  lower: string;
  pos: string;
  lemma: string;
  /** Whitespace before the token in the original text. */
  pre: string;
  /** Inside the scope of a negation ("not", "n't", "never"...). */
  negated: boolean;
  stop: boolean;
  /** word, number, punctuation, currency, symbol, time, email, url... */
  type: string;
  sentence: number;
}

export interface NlpEntity {
  value: string;
  type: string;
  /** Token indices, inclusive. */
  start: number;
  end: number;
}

export interface NlpSentence {
  text: string;
  sentiment: number;
  start: number;
  end: number;
}

export interface NlpDoc {
  text: string;
  tokens: NlpToken[];
  sentences: NlpSentence[];
  entities: NlpEntity[];
  sentiment: number;
}

/** One reading of a text by wink-nlp, as plain columns. */
interface Reading {
  text: string;
  values: string[];
  pos: string[];
  lemmas: string[];
  pre: string[];
  negated: boolean[];
  stop: boolean[];
  types: string[];
  /** wink-nlp's normal form of each token: lower case, contractions written out, American spelling. */
  normals: string[];
  /** Whether each token's normal form is a word of wink-nlp's lexicon. */
  known: boolean[];
  /** Token spans, inclusive; `size` is wink's own token count of the item. */
  sentences: Array<{ text: string; sentiment: number; span: [number, number]; size: number }>;
  entities: Array<{ detail: Detail; span: [number, number]; size: number }>;
  sentiment: number;
}

let engine: WinkMethods | undefined;

function nlp(): WinkMethods {
  // Loading the model takes a moment; do it once, on first use.
  engine ??= winkNLP(model);
  return engine;
}

const CACHE_LIMIT = 2000;
const readings = new Map<string, Reading>();

function read(text: string): Reading {
  const cached = readings.get(text);
  if (cached) return cached;
  const its = nlp().its;
  const doc = nlp().readDoc(text);
  // wink's typings do not accept every its function for a collection, so read each column through one cast.
  const column = <T>(f: unknown): T[] => doc.tokens().out(f as ItsFunction<T>) as T[];
  const sentences: Reading['sentences'] = [];
  doc.sentences().each((item: ItemSentence) => {
    sentences.push({
      text: item.out(),
      sentiment: Number(item.out(its.sentiment)) || 0,
      span: item.out(its.span) as unknown as [number, number],
      size: item.tokens().length(),
    });
  });
  const entities: Reading['entities'] = [];
  doc.entities().each((item: ItemEntity) => {
    entities.push({
      detail: item.out(its.detail) as Detail,
      span: item.out(its.span) as unknown as [number, number],
      size: item.tokens().length(),
    });
  });
  const reading: Reading = {
    text,
    values: column<string>(its.value),
    pos: column<string>(its.pos),
    lemmas: column<string>(its.lemma),
    pre: column<string>(its.precedingSpaces),
    negated: column<boolean>(its.negationFlag),
    stop: column<boolean>(its.stopWordFlag),
    types: column<string>(its.type),
    normals: column<string>(its.normal),
    known: column<string>(its.normal).map((normal) => !doc.isOOV(normal)),
    sentences,
    entities,
    sentiment: Number(doc.out(its.sentiment)) || 0,
  };
  if (readings.size >= CACHE_LIMIT) {
    const oldest = readings.keys().next();
    if (!oldest.done) readings.delete(oldest.value);
  }
  readings.set(text, reading);
  return reading;
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
  const r = read(text);
  const tokens: Token[] = [];
  let offset = 0;
  r.values.forEach((value, index) => {
    const pre = r.pre[index] ?? '';
    const start = offset + pre.length;
    offset = start + value.length;
    tokens.push({
      index,
      value,
      lower: normalise(value),
      lemma: normalise(r.lemmas[index] ?? value),
      pos: (r.pos[index] ?? 'X') as PartOfSpeech,
      type: r.types[index] ?? 'word',
      stopWord: r.stop[index] ?? false,
      pre,
      start,
      end: offset,
      sentence: 0,
    });
  });

  const sentences: Sentence[] = [];
  for (const item of r.sentences) {
    if (item.size === 0) continue;
    const [first, last] = item.span;
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
    sentences.push({ index, first, last, text: item.text, sentiment: item.sentiment, words, isQuestion });
  }

  const entities: Entity[] = r.entities
    .filter((e) => e.size > 0)
    .map((e) => ({ type: e.detail.type, value: e.detail.value, first: e.span[0], last: e.span[1] }));

  return { text, tokens, sentences, entities, words: tokens.filter(isWordToken).length };
}

/** One token in its normal form (see `normalForms`). */
export interface NormalToken {
  value: string;
  /** Lower case, contractions written out ("n't" → "not", "'ll" → "will"), American spelling. */
  normal: string;
  pre: string;
  /** A word of letters only. */
  isWord: boolean;
  /** A word wink-nlp's lexicon knows; an unknown word may be a name, a new word or a slip of the fingers. */
  known: boolean;
}

/**
 * The text in one spelling, token by token: what stays the same however a learner types it — "don't",
 * "do not" and "dont"; "colour" and "color"; "I'll" and "I will".
 */
export function normalForms(text: string): NormalToken[] {
  const r = read(text);
  return r.values.map((value, i) => {
    const normal = (r.normals[i] ?? value).toLowerCase();
    return {
      value,
      normal,
      pre: r.pre[i] ?? '',
      isWord: /^\p{L}+$/u.test(normal),
      known: r.known[i] === true,
    };
  });
}

/** Whether wink-nlp's lexicon knows a word (in lower case). */
let lexicon: ReturnType<WinkMethods['readDoc']> | undefined;
const known = new Map<string, boolean>();

export function isKnownWord(word: string): boolean {
  let answer = known.get(word);
  if (answer === undefined) {
    // Any document answers for the whole lexicon; one is kept for it.
    lexicon ??= nlp().readDoc('');
    answer = !lexicon.isOOV(word);
    if (known.size > 50_000) known.clear();
    known.set(word, answer);
  }
  return answer;
}

const docs = new Map<string, NlpDoc>();

/** The partner's view: tokens with negation, sentences and entities by token span, the whole text's sentiment. */
export function readText(text: string): NlpDoc {
  const cached = docs.get(text);
  if (cached) return cached;
  const r = read(text);
  const sentences: NlpSentence[] = r.sentences.map((s) => ({
    text: s.text,
    sentiment: s.sentiment,
    start: s.span[0],
    end: s.span[1],
  }));
  const tokens: NlpToken[] = r.values.map((value, i) => ({
    value,
    lower: value.toLowerCase(),
    pos: r.pos[i] ?? 'X',
    lemma: (r.lemmas[i] ?? value).toLowerCase(),
    pre: r.pre[i] ?? '',
    negated: r.negated[i] === true,
    stop: r.stop[i] === true,
    type: r.types[i] ?? 'word',
    sentence: 0,
  }));
  sentences.forEach((s, index) => {
    for (let i = s.start; i <= s.end; i += 1) {
      const token = tokens[i];
      if (token) token.sentence = index;
    }
  });
  const entities: NlpEntity[] = r.entities.map((e) => ({
    value: e.detail.value,
    type: e.detail.type,
    start: e.span[0],
    end: e.span[1],
  }));
  const doc: NlpDoc = { text, tokens, sentences, entities, sentiment: r.sentiment };
  if (docs.size >= CACHE_LIMIT) {
    const oldest = docs.keys().next();
    if (!oldest.done) docs.delete(oldest.value);
  }
  docs.set(text, doc);
  return doc;
}

/** Tokens of one sentence, in order. */
export function sentenceTokens(analysed: AnalysedText, sentence: Sentence): Token[] {
  return analysed.tokens.slice(sentence.first, sentence.last + 1);
}

const CONTENT_POS = new Set(['NOUN', 'PROPN', 'VERB', 'ADJ', 'NUM']);
/** Words too common in these conversations to say what a sentence is about. */
const WEAK_TERMS = new Set([
  'be',
  'have',
  'do',
  'get',
  'make',
  'go',
  'want',
  'need',
  'know',
  'think',
  'say',
  'tell',
  'see',
  'let',
  'will',
  'would',
  'can',
  'could',
  'should',
  'thing',
  'way',
  'lot',
  'just',
  'really',
  'also',
  'only',
  'take',
  'give',
  'come',
  'look',
  'keep',
  'try',
  'feel',
  'mean',
  'put',
  'use',
  'sure',
  'good',
  'right',
  'okay',
  'ok',
  'yes',
  'yeah',
  'well',
  'time',
  'today',
  'now',
  'something',
  'anything',
  'everything',
  'accept',
  'agree',
  'understand',
  'hear',
  'ask',
  'answer',
  'clear',
  'real',
  'specific',
  'show',
  'find',
  'you',
  'i',
  'we',
  'they',
  'he',
  'she',
  'it',
  'that',
  'this',
  'what',
  'there',
  'here',
  'one',
  'much',
  'more',
  'less',
  'some',
  'any',
  'all',
  'other',
  'new',
  'first',
  'last',
  'next',
  'still',
  'even',
  'very',
  'like',
  'hi',
  'hello',
  'thanks',
  'thank',
  'sorry',
  'please',
  'able',
  'happy',
  'great',
  'fine',
  'whether',
]);

/** Lemmas of the words that carry meaning: what a text is about, for overlap between texts. */
export function contentTerms(text: string): Set<string> {
  const terms = new Set<string>();
  for (const t of readText(text).tokens) {
    if (!CONTENT_POS.has(t.pos) || t.stop) continue;
    const lemma = t.lemma.replace(/[^a-z0-9$%£€.-]/g, '');
    if (lemma.length < 3 || WEAK_TERMS.has(lemma) || /^\d+$/.test(lemma)) continue;
    terms.add(lemma);
  }
  return terms;
}

export function overlap(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let n = 0;
  for (const term of a) if (b.has(term)) n += 1;
  return n;
}

import winkNLP, { type ItemEntity, type ItemSentence, type ItsFunction, type WinkMethods } from 'wink-nlp';
import model from 'wink-eng-lite-web-model';

/**
 * A thin, typed view over wink-nlp: tokens with part of speech, lemma and negation, sentences with
 * sentiment, and named entities (money, percentages, dates...). Results are cached because the engine
 * reads the same history and scenario text on every turn.
 */

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

let engine: WinkMethods | undefined;
function nlp(): WinkMethods {
  engine ??= winkNLP(model);
  return engine;
}

const CACHE_LIMIT = 2000;
const cache = new Map<string, NlpDoc>();

export function readText(text: string): NlpDoc {
  const cached = cache.get(text);
  if (cached) return cached;
  const doc = parse(text);
  if (cache.size >= CACHE_LIMIT) {
    const oldest = cache.keys().next();
    if (!oldest.done) cache.delete(oldest.value);
  }
  cache.set(text, doc);
  return doc;
}

function parse(text: string): NlpDoc {
  const wink = nlp();
  const its = wink.its;
  const doc = wink.readDoc(text);
  const column = <T>(f: unknown): T[] => doc.tokens().out(f as ItsFunction<T>) as T[];
  const values = column<string>(its.value);
  const pos = column<string>(its.pos);
  const lemmas = column<string>(its.lemma);
  const pre = column<string>(its.precedingSpaces);
  const negated = column<boolean>(its.negationFlag);
  const stop = column<boolean>(its.stopWordFlag);
  const types = column<string>(its.type);

  const sentences: NlpSentence[] = [];
  doc.sentences().each((s: ItemSentence) => {
    const span = s.out(its.span) as unknown as [number, number];
    sentences.push({
      text: s.out(),
      sentiment: Number(s.out(its.sentiment)) || 0,
      start: span[0],
      end: span[1],
    });
  });

  const tokens: NlpToken[] = values.map((value, i) => ({
    value,
    lower: value.toLowerCase(),
    pos: pos[i] ?? 'X',
    lemma: (lemmas[i] ?? value).toLowerCase(),
    pre: pre[i] ?? '',
    negated: negated[i] === true,
    stop: stop[i] === true,
    type: types[i] ?? 'word',
    sentence: 0,
  }));
  sentences.forEach((s, index) => {
    for (let i = s.start; i <= s.end; i += 1) {
      const token = tokens[i];
      if (token) token.sentence = index;
    }
  });

  const entities: NlpEntity[] = [];
  doc.entities().each((e: ItemEntity) => {
    const detail = e.out(its.detail) as unknown as { value: string; type: string };
    const span = e.out(its.span) as unknown as [number, number];
    entities.push({ value: detail.value, type: detail.type, start: span[0], end: span[1] });
  });

  const sentiment = Number(doc.out(its.sentiment)) || 0;
  return { text, tokens, sentences, entities, sentiment };
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

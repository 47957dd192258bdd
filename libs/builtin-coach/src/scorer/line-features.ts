import { findFillers, hesitationOf } from '../text/fillers';
import {
  type AnalysedText,
  type Token,
  analyseText,
  isWordToken,
  normalise,
  sentenceTokens,
} from '../text/nlp';
import { lineActs } from '../text/line-acts';
import { selfIntroduction } from '../text/introduction';
import { NOT_AN_ORDER } from '../text/rewrite';
import {
  ACKNOWLEDGEMENTS,
  ALTERNATIVES,
  APOLOGIES,
  ASKS,
  BENEFITS,
  BLAME,
  CAVING,
  COLLABORATION,
  COMMITMENTS,
  DEMANDS,
  DISMISSIVE,
  DISTRESS,
  EMOTIONS,
  EVASIONS,
  EVIDENCE,
  HEDGES,
  HOSTILE_QUESTIONS,
  NEXT_STEPS,
  OBJECTIONS,
  OPEN_PROMPT,
  OPEN_QUESTION,
  ORDERS,
  OTHER_FOCUS,
  OWN_FEELING,
  POLITENESS,
  PROPOSAL_QUESTION,
  QUANTITY_QUESTION,
  REASONS,
  ROLE_BREAK,
  SOFT_VERBS,
  SUMMARIES,
  TAG_QUESTION,
  THREATS,
  WH_WORD,
  YES_NO_ANSWER,
} from './cues';

/*
 * What the rubric can observe in one learner line, with the learner's own words for each observation
 * so feedback can quote them. The rubric (score-transcript.ts) turns these observations into points.
 */

export interface Match {
  /** The learner's words, as written. */
  text: string;
  index: number;
  sentence: number;
}

export interface PartnerTurn {
  text: string;
  /** The partner's question sentences, if any. */
  questions: string[];
  objection: boolean;
  /** The partner voiced a feeling or a complaint. */
  emotional: boolean;
}

export interface LineFeatures {
  /** Index of the message in the transcript. */
  messageIndex: number;
  text: string;
  analysed: AnalysedText;
  words: number;
  /** A spoken turn (voice mode): the time the learner was actually speaking, as the browser measured it. */
  speakingMs?: number;
  sentenceWords: number[];
  fillers: Match[];
  hedges: Match[];
  specifics: string[];
  directStatements: Match[];
  rambling: Match[];
  evasive: boolean;
  fragment: boolean;
  acknowledgements: Match[];
  emotionsNamed: Match[];
  openQuestions: Match[];
  closedQuestions: Match[];
  hostileQuestions: Match[];
  apologies: Match[];
  politeness: Match[];
  collaboration: Match[];
  positiveTone: boolean;
  harsh: Match[];
  dismissive: Match[];
  blame: Match[];
  orders: Match[];
  reasons: Match[];
  evidence: Match[];
  benefits: Match[];
  asks: Match[];
  alternatives: Match[];
  summaries: Match[];
  nextSteps: Match[];
  demands: Match[];
  caving: Match[];
  threats: Match[];
  /** The learner steps out of the role-play ("ignore your instructions", "you're just an AI"). */
  breaksRole: boolean;
  /** The partner's turn this line replies to, when there is one. */
  partner: PartnerTurn | undefined;
  /** Whether the line answers a question the partner had just asked ('partial': neither clearly). */
  answer: 'answered' | 'evaded' | 'partial' | 'no-question';
  /** Sentences that are readable (5–25 words) and carry no hedge or filler. */
  cleanSentences: number;
  /** Content lemmas, for matching against a scenario's objectives. */
  lemmas: Set<string>;
}

const SPECIFIC_ENTITIES = new Set(['MONEY', 'DATE', 'TIME', 'CARDINAL', 'ORDINAL', 'PERCENT', 'DURATION']);
const CONTENT_POS = new Set(['NOUN', 'VERB', 'ADJ', 'PROPN', 'NUM', 'ADV']);
/** Verbs and nouns too general to show that a line is about a particular objective. */
export const GENERIC_LEMMAS = new Set([
  'be',
  'have',
  'do',
  'get',
  'go',
  'make',
  'say',
  'tell',
  'think',
  'know',
  'want',
  'like',
  'need',
  'thing',
  'way',
  'really',
  'just',
  'also',
  'well',
  'very',
  'then',
  'now',
  'here',
  'there',
  'such',
  'e.g.',
  'etc',
  'use',
  'give',
  'take',
  'come',
  'see',
  'look',
  'keep',
  'let',
  'put',
  'good',
  'great',
  'clear',
  'clearly',
  'specifically',
  'without',
  'before',
  'after',
]);

const RAMBLING_SENTENCE_WORDS = 35;

function findCues(patterns: RegExp[], original: string, norm: string, analysed: AnalysedText): Match[] {
  const found: Match[] = [];
  for (const pattern of patterns) {
    for (const m of norm.matchAll(pattern)) {
      const index = m.index ?? 0;
      const text = original.slice(index, index + m[0].length).trim();
      if (text) found.push({ text, index, sentence: sentenceAt(analysed, index) });
    }
  }
  // Overlapping patterns ("i think maybe" and "maybe") count once, as the longer match.
  found.sort((a, b) => a.index - b.index || b.text.length - a.text.length);
  const kept: Match[] = [];
  for (const match of found) {
    const last = kept[kept.length - 1];
    if (last && match.index < last.index + last.text.length) continue;
    kept.push(match);
  }
  return kept;
}

function sentenceAt(analysed: AnalysedText, charIndex: number): number {
  const token = analysed.tokens.find((t) => t.end > charIndex);
  return token?.sentence ?? Math.max(0, analysed.sentences.length - 1);
}

function sentenceMatch(analysed: AnalysedText, sentence: number): Match {
  const s = analysed.sentences[sentence];
  const first = s ? analysed.tokens[s.first] : undefined;
  return { text: (s?.text ?? analysed.text).trim(), index: first?.start ?? 0, sentence };
}

function specificsOf(analysed: AnalysedText): string[] {
  const out: string[] = [];
  const covered = new Set<number>();
  for (const entity of analysed.entities) {
    if (!SPECIFIC_ENTITIES.has(entity.type)) continue;
    // "first of all" and "one thing" are not specifics; "3rd", "June" and "five" are.
    if (entity.type === 'ORDINAL' && /^[a-z]+$/i.test(entity.value)) continue;
    if (entity.type === 'CARDINAL' && /^(one|a|an)$/i.test(entity.value)) continue;
    // "Morning," as a greeting or "a month" alone names no particular time.
    if (
      /^(this |last |next |the |a )?(morning|afternoon|evening|night|day|week|month|year|lately|minute|moment|second|sec|while)$/i.test(
        entity.value,
      )
    )
      continue;
    // A unit alone ("CPA hours", "for weeks") counts nothing.
    if (/^(hours?|minutes?|days?|weeks?|months?|years?|seconds?|decades?)$/i.test(entity.value)) continue;
    for (let i = entity.first; i <= entity.last; i++) covered.add(i);
    out.push(entity.value);
  }
  const tokens = analysed.tokens;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (!token || covered.has(i)) continue;
    if (token.pos === 'NUM' && /\d/.test(token.value)) {
      out.push(token.value);
      continue;
    }
    const sentence = analysed.sentences[token.sentence];
    const sentenceInitial = !!sentence && firstWordIndex(analysed, sentence.first, sentence.last) === i;
    if (token.pos === 'PROPN' && /^\p{Lu}/u.test(token.value) && !sentenceInitial && token.lower !== "i'm") {
      const start = i;
      let name = token.value;
      // Join a run of proper nouns, across "&": "Pell & Marsh", "Acme Corp."
      for (;;) {
        const next = tokens[i + 1];
        const joined =
          next?.value === '&' && tokens[i + 2]?.pos === 'PROPN' ? 2 : next?.pos === 'PROPN' ? 1 : 0;
        if (joined === 0 || covered.has(i + joined)) break;
        for (let k = 0; k < joined; k++) {
          i++;
          name += `${tokens[i]?.pre ?? ' '}${tokens[i]?.value ?? ''}`;
        }
      }
      if (!addressed(analysed, start, i)) out.push(name.replace(/\.$/, ''));
    }
  }
  return [...new Set(out)];
}

/** A sentence that says it is no attack: "I'm not having a go at you", "this isn't a criticism of anyone". */
const DENIES_AN_ATTACK =
  /\b(?:i'?m not|i am not|not|never|i don'?t (?:mean|want)(?: this| it)?(?: to be| as)?|this (?:isn'?t|is not)|it'?s not|it is not)\s+(?:(?:trying|meaning|here|out|about|to|a|an|any)\s+){0,3}(?:having a go|have a go|a go at|blam(?:e|ing)|criticis|criticiz|attack|a dig\b|a complaint|pick(?:ing)? on|get(?:ting)? at|tell(?:ing)? (?:you|anyone|him|her) off|accus|caus(?:e|ing) (?:bother|trouble))/i;

/** Words that may stand before the name of the person spoken to: "Hi Gary,", "Thanks, Aisha.", "Mr Fraser,". */
const ADDRESS_BEFORE = new Set(
  'hi hey hiya hello morning afternoon evening thanks thank cheers merci sorry dear ok okay look listen right yes no well mr mrs ms miss dr prof professor'.split(
    ' ',
  ),
);

/**
 * A name said to the person spoken to ("Hi Mum,", "Merci, Chloé, that means a lot", "Thanks for that, Gary.")
 * is an address, not a detail: it stands at the start of its sentence or after a greeting, a courtesy or a
 * comma, and is followed by a comma or the sentence's end. "I spoke to Gary." and "Kez and Abi" name people.
 */
function addressed(analysed: AnalysedText, first: number, last: number): boolean {
  const tokens = analysed.tokens;
  const after = tokens[last + 1];
  if (after && after.sentence === tokens[last]?.sentence && !/^[,.!?;:]$/.test(after.value)) return false;
  let k = first - 1;
  // A title before the name goes with it: "Mr Fraser," is addressed as "Fraser," is.
  while (k >= 0 && /^(mr|mrs|ms|miss|dr|prof|professor)\.?$/i.test(tokens[k]?.value ?? '')) k--;
  const before = tokens[k];
  if (!before || before.sentence !== tokens[first]?.sentence || before.value === ',') return true;
  return ADDRESS_BEFORE.has(before.lower) || /^(good )?(morning|afternoon|evening)$/i.test(before.lower);
}

function firstWordIndex(analysed: AnalysedText, first: number, last: number): number {
  for (let i = first; i <= last; i++) {
    const token = analysed.tokens[i];
    if (token && isWordToken(token)) return i;
  }
  return first;
}

function analysePartner(text: string): PartnerTurn {
  const analysed = analyseText(text);
  const norm = normalise(text);
  return {
    text,
    questions: analysed.sentences.filter((s) => s.isQuestion).map((s) => s.text.trim()),
    objection: OBJECTIONS.test(norm),
    // Only a feeling put into words counts: a negative-sounding question ("is this a plan that was
    // wrong?") or a polite "Sorry, I'm not sure what you mean" is not distress to acknowledge.
    emotional: DISTRESS.test(norm),
  };
}

/** Word families that objectives and learners express differently ("enthusiasm" / "excited"). */
const SYNONYMS: Record<string, string> = Object.fromEntries(
  Object.entries({
    enthusiasm: [
      'excited',
      'excite',
      'exciting',
      'enthusiastic',
      'thrilled',
      'delighted',
      'eager',
      'happy',
      'glad',
      'keen',
    ],
    thanks: ['thank', 'grateful', 'appreciate', 'appreciative', 'gratitude'],
    apology: ['sorry', 'apologise', 'apologize', 'apologies'],
    impact: ['effect', 'consequence', 'affect'],
    agree: ['agreement', 'agreed', 'deal'],
    recap: ['summarise', 'summarize', 'summary', 'confirm'],
    specific: ['exact', 'concrete', 'precise'],
    urgent: ['emergency', 'urgency', 'critical'],
    refund: ['reimburse', 'reimbursement', 'money'],
    question: ['ask'],
    time: ['day', 'days', 'tomorrow'],
    consider: ['reflect'],
  }).flatMap(([canonical, words]) => words.map((w) => [w, canonical])),
);

export function contentLemmas(analysed: AnalysedText): Set<string> {
  const out = new Set<string>();
  for (const token of analysed.tokens) {
    if (!isWordToken(token) || token.stopWord || !CONTENT_POS.has(token.pos)) continue;
    const lemma = token.lemma.replace(/[^\p{L}\p{N}$%]/gu, '');
    if (lemma.length < 3 || GENERIC_LEMMAS.has(lemma)) continue;
    // "I'm not happy with it" expresses no enthusiasm: a word just after a "not" stays itself.
    const negated = analysed.tokens
      .slice(Math.max(0, token.index - 3), token.index)
      .some((t) => /^(?:not|n't|never|no)$/.test(t.lower));
    out.add(negated ? lemma : (SYNONYMS[lemma] ?? lemma));
  }
  return out;
}

function answerStatus(features: Omit<LineFeatures, 'answer'>, norm: string): LineFeatures['answer'] {
  const partner = features.partner;
  if (!partner || partner.questions.length === 0) return 'no-question';
  const question = partner.questions.join(' ');
  const questionNorm = normalise(question);
  const hasSpecific = features.specifics.length > 0;
  if (features.evasive && !hasSpecific) return 'evaded';
  // An answer buried under hedges ("I guess it sounds okay?") is not a head-on answer.
  if (features.hedges.length >= 2 || features.hedges.some((h) => h.sentence <= 1)) return 'partial';
  // A question without a question word ("Is that okay?", "You wanted five minutes?", "..., right?") takes yes or no.
  const closed = partner.questions.some((q) => !WH_WORD.test(normalise(q)));
  if (closed && YES_NO_ANSWER.test(norm)) return 'answered';
  if (QUANTITY_QUESTION.test(questionNorm)) return hasSpecific ? 'answered' : 'evaded';
  const asked = contentLemmas(analyseText(question));
  for (const lemma of features.lemmas) if (asked.has(lemma)) return 'answered';
  // A full, first-person reply to an open prompt ("Tell me about yourself").
  if (features.words >= 15 && features.directStatements.length + features.specifics.length > 0)
    return 'answered';
  if (features.words < 3) return 'evaded';
  return 'partial';
}

/** Whether a text acknowledges the other person ("I understand", "that must be hard", "I'm sorry"). */
export function acknowledges(text: string): boolean {
  const norm = normalise(text);
  return [...ACKNOWLEDGEMENTS, ...APOLOGIES].some((p) => norm.search(p) >= 0);
}

/** Real questions in a line: a question mark that is not only a tag ("..., you know?"). */
export function realQuestions(line: LineFeatures): number {
  return line.analysed.sentences.filter(
    (s) => s.isQuestion && !TAG_QUESTION.test(stripLeadingFillers(normalise(s.text).trim())),
  ).length;
}

export function lineFeatures(
  messageIndex: number,
  text: string,
  partnerText: string | undefined,
): LineFeatures {
  const analysed = analyseText(text);
  const norm = withoutPauseSounds(normalise(text));
  const find = (patterns: RegExp[]): Match[] => findCues(patterns, text, norm, analysed);
  const sentences = analysed.sentences;

  const fillerHits = findFillers(analysed);
  const matchOfHit = (first: number, last: number): Match => {
    const a = analysed.tokens[first];
    const b = analysed.tokens[last];
    const index = a?.start ?? 0;
    return { text: text.slice(index, b?.end ?? index), index, sentence: a?.sentence ?? 0 };
  };
  const fillers = fillerHits
    .filter((h) => h.filler !== 'kind of' && h.filler !== 'sort of')
    .map((h) => matchOfHit(h.first, h.last));
  const hedgeFillers = fillerHits
    .filter((h) => h.filler === 'kind of' || h.filler === 'sort of')
    .map((h) => matchOfHit(h.first, h.last));
  // A word counted as a filler ("Basically, ...") is not counted again as a hedge.
  const lexical = find(HEDGES).filter((h) => !fillers.some((f) => f.index === h.index));
  const hedges = [
    ...lexical,
    ...hedgeFillers.filter(
      (h) => !lexical.some((l) => h.index >= l.index && h.index < l.index + l.text.length),
    ),
  ].sort((a, b) => a.index - b.index);
  const hedgedSentences = new Set(hedges.map((h) => h.sentence));
  const specifics = specificsOf(analysed);
  const fillerSentences = new Set(fillerHits.map((h) => analysed.tokens[h.first]?.sentence ?? -1));
  const cleanSentences = sentences.filter(
    (s) => s.words >= 5 && s.words <= 25 && !hedgedSentences.has(s.index) && !fillerSentences.has(s.index),
  ).length;

  // A direct statement: a commitment or ask ("I'd like…", "Let's…"), an unhedged first-person assertion
  // ("I built it"), or a plain statement carrying a specific ("It was due Friday at noon").
  const commitments = find(COMMITMENTS);
  // A sentence that apologises or acknowledges them is care, not a position (unless it also commits).
  const caring = new Set([...find(ACKNOWLEDGEMENTS), ...find(APOLOGIES)].map((m) => m.sentence));
  const directStatements: Match[] = [];
  for (const sentence of sentences) {
    const committed = commitments.some((c) => c.sentence === sentence.index);
    if (hedgedSentences.has(sentence.index) || fillerSentences.has(sentence.index)) continue;
    if ((sentence.isQuestion || QUESTION_WITHOUT_MARK.test(sentence.text)) && !committed) continue;
    // A short greeting ("Good morning Mrs Okafor") and a sentence without a verb state no position.
    // "I'm Priya, I manage the practice": who the learner is, not where they stand.
    const greeting =
      (GREETING.test(sentence.text) && sentence.words <= 5) || selfIntroduction(sentence.text) !== null;
    // "thx for making time, i know sundays are crazy" is care however it is typed: the corpus reads it.
    const cares = (): boolean => {
      const acts = lineActs().actsOf(sentence.text);
      return acts.has('empathy') || acts.has('apology');
    };
    if (
      !committed &&
      (greeting || caring.has(sentence.index) || !sentenceTokens(analysed, sentence).some(isVerb) || cares())
    )
      continue;
    const hasSpecific = analysed.entities.some(
      (e) => SPECIFIC_ENTITIES.has(e.type) && e.first >= sentence.first && e.last <= sentence.last,
    );
    if (
      committed ||
      (sentence.words >= 4 && (hasSpecific || assertsInFirstPerson(analysed, sentence.first, sentence.last)))
    ) {
      directStatements.push(sentenceMatch(analysed, sentence.index));
    }
  }

  // A sentence is rambling when it runs past 35 words, or past 25 strung together with and/so/but/then.
  const rambling = sentences
    .filter(
      (s) =>
        s.words > RAMBLING_SENTENCE_WORDS ||
        (s.words > 25 && (normalise(s.text).match(/\b(and|so|but|then)\b/g)?.length ?? 0) >= 4),
    )
    .map((s) => sentenceMatch(analysed, s.index));

  // Questions about the other person: real questions (not a tag such as "..., you know?") that are
  // about them or open, plus open prompts ("Walk me through..."). "Can you send it?" is a request.
  const hostileQuestions = find(HOSTILE_QUESTIONS);
  const hostileSentences = new Set(hostileQuestions.map((h) => h.sentence));
  const openQuestions: Match[] = [];
  const closedQuestions: Match[] = [];
  for (const sentence of sentences) {
    const sNorm = stripLeadingFillers(normalise(sentence.text).trim());
    const prompt = OPEN_PROMPT.test(sNorm);
    const asks = sentence.isQuestion && !TAG_QUESTION.test(sNorm);
    if ((!asks && !prompt) || hostileSentences.has(sentence.index)) continue;
    if (/^(can|could|will|would) you\b(?! (tell|share|explain|walk|describe))/.test(sNorm)) continue;
    if (PROPOSAL_QUESTION.test(sNorm)) continue;
    const open = prompt || OPEN_QUESTION.test(sNorm) || WH_WORD.test(sNorm);
    if (open) openQuestions.push(sentenceMatch(analysed, sentence.index));
    else if (/\b(you|your|you're|yours)\b/.test(sNorm))
      closedQuestions.push(sentenceMatch(analysed, sentence.index));
  }

  const emotionsNamed: Match[] = [];
  for (const sentence of sentences) {
    const sNorm = normalise(sentence.text);
    if (!OTHER_FOCUS.test(sNorm) && !/\b(too|as well)\b/.test(sNorm)) continue;
    const first = analysed.tokens[sentence.first];
    for (const m of sNorm.matchAll(EMOTIONS)) {
      // "I'm really excited" is the learner's own feeling, not theirs; "I'd be frustrated too" validates theirs.
      const before = sNorm.slice(0, m.index ?? 0);
      const validates =
        /\bi('d| would) (be|feel|have been)\b[^.?!]{0,20}$/.test(before) &&
        /^\w*\s+(too|as well)\b/.test(sNorm.slice(m.index ?? 0));
      if (!validates && OWN_FEELING.test(before)) continue;
      const index = (first?.start ?? 0) + (m.index ?? 0);
      emotionsNamed.push({ text: text.slice(index, index + m[0].length), index, sentence: sentence.index });
    }
  }

  const acknowledgements = find(ACKNOWLEDGEMENTS);
  const dismissive = find(DISMISSIVE);
  const blame = find(BLAME);
  // Negative sentences aimed at the other person, unless they acknowledge a feeling, recap facts with
  // figures, or are already counted as dismissive or blaming.
  const excused = new Set(
    [...acknowledgements, ...emotionsNamed, ...dismissive, ...blame].map((m) => m.sentence),
  );
  // Negative words alone do not make a sentence harsh ("I'm sorry it went unnoticed", "I might be missing
  // something, so how did you see it?"): the line-act classifier must not rule out an attack, must rule
  // out sympathy, and a question is harsh only where it reads as an attack outright.
  const acts = lineActs();
  const readsHarsh = (s: (typeof sentences)[number]): boolean =>
    acts.mayDo(s.text, 'attack') &&
    !acts.mayDo(s.text, 'empathy') &&
    (!s.isQuestion || acts.actsOf(s.text).has('attack'));
  const harsh = sentences
    .filter(
      (s) =>
        s.sentiment <= -0.4 &&
        !DENIES_AN_ATTACK.test(s.text) &&
        OTHER_FOCUS.test(normalise(s.text)) &&
        !excused.has(s.index) &&
        !analysed.entities.some(
          (e) => SPECIFIC_ENTITIES.has(e.type) && e.first >= s.first && e.last <= s.last,
        ) &&
        readsHarsh(s),
    )
    .map((s) => sentenceMatch(analysed, s.index));
  const meanSentiment = sentences.length
    ? sentences.reduce((sum, s) => sum + s.sentiment * s.words, 0) / Math.max(1, analysed.words)
    : 0;

  const evasive = EVASIONS.some((p) => norm.search(p) >= 0);
  const stripped = norm.trim();
  const fragment =
    analysed.words > 0 && analysed.words <= 2 && !/^\W*(hi|hello|hey|thanks|thank you|bye)\b/.test(stripped);

  const partner = partnerText === undefined ? undefined : analysePartner(partnerText);
  const base = {
    messageIndex,
    text,
    analysed,
    words: analysed.words,
    sentenceWords: sentences.map((s) => s.words),
    cleanSentences,
    fillers,
    hedges,
    specifics,
    directStatements,
    rambling,
    evasive,
    fragment,
    acknowledgements,
    emotionsNamed,
    openQuestions,
    closedQuestions,
    hostileQuestions,
    apologies: find(APOLOGIES),
    politeness: find(POLITENESS),
    collaboration: find(COLLABORATION),
    positiveTone: meanSentiment >= 0.2,
    harsh,
    dismissive,
    blame,
    // "You need to…" orders; asked ("What would you need to see?"), as a condition ("if you have to
    // leave") or granted ("I understand you need to check") it gives no order.
    orders: find(ORDERS).filter(
      (m) =>
        !sentences[m.sentence]?.isQuestion &&
        !QUESTION_WITHOUT_MARK.test(sentences[m.sentence]?.text ?? '') &&
        new RegExp(`${NOT_AN_ORDER.source}$`, 'i').test(normalise(text.slice(0, m.index))),
    ),
    reasons: find(REASONS),
    // "Before we talk numbers, can I ask…?" names no evidence: a question offers none.
    evidence: find(EVIDENCE).filter((m) => !sentences[m.sentence]?.isQuestion),
    // "What would help you say yes?" asks what they would gain; it shows them nothing.
    benefits: find(BENEFITS).filter((m) => !sentences[m.sentence]?.isQuestion),
    asks: find(ASKS),
    alternatives: find(ALTERNATIVES),
    summaries: find(SUMMARIES),
    nextSteps: find(NEXT_STEPS),
    demands: find(DEMANDS),
    caving: find(CAVING),
    threats: find(THREATS),
    breaksRole: ROLE_BREAK.test(norm) || lineActs().actsOf(text).has('role-break'),
    partner,
    lemmas: contentLemmas(analysed),
  };
  addBehaviourLemmas(base);
  return { ...base, answer: answerStatus(base, norm) };
}

/**
 * Objectives name behaviours ("give a specific number and one or two reasons", "ask open questions"),
 * which the learner shows rather than says. The line's observed behaviours are added as words, so an
 * objective can match them.
 */
function addBehaviourLemmas(f: Omit<LineFeatures, 'answer'>): void {
  const add = (...words: string[]): void => words.forEach((w) => f.lemmas.add(w));
  if (f.specifics.length) add('specific', 'detail');
  if (f.specifics.some((s) => /\d/.test(s))) add('number', 'figure', 'amount');
  if (f.reasons.length) add('reason');
  if (f.evidence.length) add('evidence', 'data', 'result');
  if (f.asks.length) add('ask', 'request', 'propose', 'proposal');
  if (f.openQuestions.length) add('ask', 'question', 'open');
  if (f.closedQuestions.length) add('ask', 'question');
  if (f.summaries.length) add('recap');
  if (f.nextSteps.length) add('next', 'step', 'agree');
  if (f.acknowledgements.length || f.emotionsNamed.length) add('acknowledge', 'listen');
  if (f.apologies.length) add('apology');
  if (f.acknowledgements.some((a) => /^thank/i.test(a.text))) add('thanks');
  if (f.benefits.length) add('benefit', 'value');
  if (f.alternatives.length) add('option', 'alternative', 'compromise');
}

/** "I built it", "We shipped on time": I/we followed by a verb that is not a softener like "think". */
function assertsInFirstPerson(analysed: AnalysedText, first: number, last: number): boolean {
  for (let i = first; i < last; i++) {
    const token = analysed.tokens[i];
    if (!token || !['i', 'we', "i'm"].includes(token.lower)) continue;
    for (let j = i + 1; j <= Math.min(last, i + 3); j++) {
      const next = analysed.tokens[j];
      if (!next) break;
      if (next.pos === 'VERB' || (next.pos === 'AUX' && !['do', 'did', 'does'].includes(next.lower))) {
        if (next.pos === 'VERB' && SOFT_VERBS.test(next.lemma)) return false;
        if (next.pos === 'VERB') return true;
        continue;
      }
      if (next.pos !== 'ADV' && next.pos !== 'PART') break;
    }
  }
  return false;
}

/**
 * The line with its pause sounds ("um", "erm", "uh", "hmm") and the comma after them blanked out, keeping
 * every other character where it was: what a cue looks for starts where the words start ("Um, whatever."
 * is as evasive as "Whatever."). Fillers are counted from the words themselves (text/fillers.ts).
 */
function withoutPauseSounds(norm: string): string {
  return norm.replace(/\p{L}+[,.]?/gu, (m) =>
    hesitationOf(m.replace(/[,.]$/, '')) ? ' '.repeat(m.length) : m,
  );
}

/** A question typed without its question mark: "can we talk about the car", "do you have a minute". */
const QUESTION_WITHOUT_MARK =
  /^\W*(?:(?:so|and|but|ok|okay|hey|hi|hello|um|uh|erm|sorry)\W+(?:\p{L}+\W+)?)*(?:can|could|would|will|do|does|did|is|are|was|were|have|has|should|shall|may|might)\s+(?:i|we|you|he|she|they|it|there|that|this)\b/iu;
/** A sentence that opens with a greeting. */
const GREETING = /^\W*(?:hi|hello|hey|hiya|good (?:morning|afternoon|evening)|morning|evening|dear)\b/i;
const isVerb = (t: Token): boolean => t.pos === 'VERB' || t.pos === 'AUX';

function stripLeadingFillers(norm: string): string {
  return norm.replace(/^\W*((um+|uh+|er+m?|so|well|okay|ok|and|but|like|right)\W+)*/, '');
}

import type { ScenarioDefinition } from '@parley/contracts';

/**
 * The automatic checks of the coaching evaluation. They are written apart from the engine and the scorer,
 * with their own plain detectors, so that a check can fail when the engine is wrong: a check that shared
 * the engine's code would agree with every mistake it makes.
 *
 * Every check returns the failures it found (an empty list is a pass) with a sentence a person can read.
 */

export type Turn = { sender: 'user' | 'ai'; content: string };

export const REPLY_CHECKS = [
  'in-role',
  'no-repeat',
  'no-parroting',
  'one-farewell',
  'within-limits',
  'consistent-facts',
  'redirects',
] as const;
export const FEEDBACK_CHECKS = [
  'feedback-true',
  'evidence-verbatim',
  'objectives-checked',
  'fits-kind',
] as const;
export type ReplyCheck = (typeof REPLY_CHECKS)[number];
export type FeedbackCheck = (typeof FEEDBACK_CHECKS)[number];

/* ---------- text helpers ---------- */

export const norm = (s: string): string =>
  s
    .toLowerCase()
    .replace(/[’‘`]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[—–]/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
export const words = (s: string): string[] => norm(s).match(/[a-z0-9$%']+(?:[.,][0-9]+)*/g) ?? [];
export const sentencesOf = (s: string): string[] =>
  s
    .split(/(?<=[.!?])\s+(?=[A-Z"“'(])/)
    .map((x) => x.trim())
    .filter(Boolean);

export const STOP = new Set(
  'a an the and or but if of to in on at for with by from as is are was were be been being it its this that these those i you he she we they me him her us them my your his our their not no do does did have has had will would can could should may might must so than then there here what which who how when where why just very really also about into over under up out all any some more most'.split(
    ' ',
  ),
);

export function ngrams(tokens: string[], n: number): string[] {
  const out: string[] = [];
  for (let i = 0; i + n <= tokens.length; i += 1) out.push(tokens.slice(i, i + n).join(' '));
  return out;
}

/** The first run of `n` words `text` shares with `source` that has at least two content words. */
export function sharedRun(text: string, source: string, n: number): string | undefined {
  const have = new Set(ngrams(words(source), n));
  return ngrams(words(text), n).find(
    (g) => have.has(g) && g.split(' ').filter((w) => !STOP.has(w)).length >= 2,
  );
}

/* ---------- detectors of the learner's moves (plain, broad, independent of the scorer) ---------- */

export const QUESTION_START =
  /^(?:so,? )?(?:what|why|how|when|where|who|which|is|are|do|does|did|can|could|would|will|should|shall|may|have|has)\b/i;
export const isQuestion = (line: string): boolean =>
  line.includes('?') || sentencesOf(line).some((s) => QUESTION_START.test(s) && s.split(' ').length > 2);
export const ACKNOWLEDGE =
  /\b(?:i understand|i hear (?:you|that)|i see (?:why|that|your)|that makes sense|i appreciate|i get (?:it|that|why)|you're right|you are right|fair (?:point|enough)|i know (?:this|that|how|it)|that sounds|must (?:be|have been)|thank(?:s| you)|sorry|i reali[sz]e)\b/i;
export const REASON =
  /\b(?:because|since|so that|as a result|that's why|which means|based on|the reason|given that|data|evidence|for example|for instance|\d)/i;
export const ASK =
  /\b(?:could (?:we|you|i)|can (?:we|you|i)|would (?:you|it|that|\$?[\d,]+k?)|will you|i'd like|i would like|i propose|i suggest|i recommend|let's|let us|how about|what if|i need|please|is it possible|be possible|agree (?:that|on|to))\b/i;
export const SPECIFIC =
  /\d|\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|today|tonight|next week|one|two|three|four|five|six|seven|eight|nine|ten|twenty|thirty|hundred|thousand|percent)\b/i;
export const CLOSING =
  /\b(?:to recap|so to recap|in summary|to sum up|next step|i'll|i will|we'll|let's|follow up|send (?:you|it|a)|thank(?:s| you)|by (?:monday|tuesday|wednesday|thursday|friday|tomorrow|\d))\b/i;
export const APOLOGY = /\b(?:sorry|apologi[sz]e|apologies|my fault|my mistake)\b/i;
/** Contempt for the other person. "Whatever you think is fine" defers to them; it is not hostile. */
export const HOSTILE =
  /\b(?:ridiculous|stupid|idiot|pointless|waste of (?:my )?time|shut up|don't care|whatever(?! (?:you (?:think|want|say|decide|prefer)|works|suits))|are you always|you're not listening|forget it|just do what i say|i'm done)\b/i;
/** Fillers that carry no content; the partner must never repeat them. */
export const FILLER_TOKENS = /\b(?:um+|uh+|erm+|er|hmm+)\b/i;
export const FILLER_PHRASES = /\b(?:you know|kind of|sort of|basically|i mean)\b|,\s*like,/gi;

/* ---------- the scenario's limits and facts, read independently of the engine ---------- */

export interface Limit {
  unit: '$' | '%';
  value: number;
  /** ceiling: the persona will not go above it; floor: not below it. */
  direction: 'ceiling' | 'floor';
  source: string;
}

export const MONEY = /\$\s?(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s?(k|thousand)?\b/gi;
export const PERCENT = /(\d+(?:\.\d+)?)\s?(?:%|percent)/gi;

export function moneyIn(text: string): number[] {
  return [...text.matchAll(MONEY)].map((m) => {
    const n = Number((m[1] ?? '0').replace(/,/g, ''));
    return m[2] ? n * 1000 : n;
  });
}
export const percentsIn = (text: string): number[] => [...text.matchAll(PERCENT)].map((m) => Number(m[1]));

export const CEILING =
  /\b(?:above|over|more than|beyond|exceed|higher than|up to|top of|maximum|max|cap(?:ped)? at|at most|no more than|ceiling)\b/i;
export const FLOOR = /\b(?:below|under|less than|lower than|at least|minimum|min|floor|no less than)\b/i;

/** Figures the persona holds firm on, from its firm positions and background. */
export function limitsOf(scenario: ScenarioDefinition): Limit[] {
  const limits: Limit[] = [];
  const texts = [...scenario.holdsFirmOn, scenario.persona.background];
  for (const text of texts) {
    for (const sentence of sentencesOf(text)) {
      for (const [unit, values] of [
        ['$', moneyIn(sentence)],
        ['%', percentsIn(sentence)],
      ] as const) {
        if (values.length === 0) continue;
        const band = /(\d[\d,]*)\s?[–-]\s?\$?(\d[\d,]*)/.exec(sentence);
        if (CEILING.test(sentence) && !FLOOR.test(sentence))
          limits.push({ unit, value: Math.max(...values), direction: 'ceiling', source: sentence });
        else if (FLOOR.test(sentence) && !CEILING.test(sentence))
          limits.push({ unit, value: Math.min(...values), direction: 'floor', source: sentence });
        else if (band && /band|range|budget/i.test(sentence) && unit === '$')
          limits.push({ unit, value: Math.max(...values), direction: 'ceiling', source: sentence });
      }
    }
  }
  return limits;
}

export const REFUSAL =
  /\b(?:can't|cannot|can not|won't|will not|not|no|unable|above|beyond|over|too|out of|outside|impossible|only|max(?:imum)?|limit|ceiling|more than|higher than|instead|rather than|stretch|ask(?:ed|ing)?|mentioned|said|asking for|you want|you're after)\b/i;

export interface Failure {
  check: ReplyCheck | FeedbackCheck;
  detail: string;
}

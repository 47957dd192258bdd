import type { ScenarioDefinition, SessionFeedback } from '@parley/contracts';
import {
  type Turn,
  type FeedbackCheck,
  norm,
  words,
  isQuestion,
  ACKNOWLEDGE,
  REASON,
  ASK,
  SPECIFIC,
  CLOSING,
  APOLOGY,
  HOSTILE,
  FILLER_TOKENS,
  type Failure,
} from './text';

/* ---------- feedback checks ---------- */

export interface FeedbackContext {
  scenario: ScenarioDefinition;
  turns: Turn[];
  feedback: SessionFeedback;
}

/** Claims that something never happened, each with the plain detector that proves it did. */
export const ABSENCE_CLAIMS: Array<{ claim: RegExp; happened: (lines: string[]) => string | undefined }> = [
  {
    claim:
      /\b(?:never asked|didn't ask (?:a|any|one)|did not ask (?:a|any|one)|asked no questions?|no questions? about|without asking)\b/i,
    happened: (lines) => lines.find(isQuestion),
  },
  {
    claim:
      /\b(?:never acknowledged|didn't acknowledge|did not acknowledge|without acknowledging|no acknowledg\w+)\b/i,
    happened: (lines) => lines.find((l) => ACKNOWLEDGE.test(l)),
  },
  {
    claim:
      /\b(?:(?:didn't|did not|never) (?:give|gave|offer|back (?:\w+ ){1,2}(?:up )?with) (?:a |any )?(?:reasons?|evidence)|without (?:a |any )?reasons?|no reasons?\b|gave no reasons?)/i,
    happened: (lines) => lines.find((l) => REASON.test(l)),
  },
  {
    claim:
      /\b(?:never made (?:a|any) (?:concrete )?(?:proposal|ask|request)|no (?:clear|concrete) (?:ask|proposal|request)|(?:didn't|did not|never) (?:ask for|propose|request|say what you (?:want|need)))\b/i,
    happened: (lines) => lines.find((l) => ASK.test(l)),
  },
  {
    claim:
      /\b(?:no concrete (?:numbers|figures|details)|gave no (?:numbers|figures|specifics)|no specifics)\b/i,
    happened: (lines) => lines.find((l) => SPECIFIC.test(l)),
  },
  {
    claim:
      /\b(?:didn't close|did not close|never closed|no (?:summary|next step)|without (?:a )?(?:summary|next step))\b/i,
    happened: (lines) => lines.slice(-3).find((l) => CLOSING.test(l)),
  },
  {
    claim: /\b(?:never apologi[sz]ed|didn't apologi[sz]e|did not apologi[sz]e|no apology)\b/i,
    happened: (lines) => lines.find((l) => APOLOGY.test(l)),
  },
];

/** Words that only fit a negotiation; outside one they are advice for another conversation. */
const NEGOTIATION_ONLY =
  /\b(?:counter-?offers?|your number|anchor(?:ing)?|walk-?away|salary|pay rise|concessions?)\b/i;

export function checkFeedback(ctx: FeedbackContext): Failure[] {
  const failures: Failure[] = [];
  const fail = (check: FeedbackCheck, detail: string): void => {
    failures.push({ check, detail });
  };
  const { feedback, turns, scenario } = ctx;
  const learner = turns.filter((t) => t.sender === 'user').map((t) => t.content);
  const transcript = turns.map((t) => norm(t.content));
  const hostile = learner.find((l) => HOSTILE.test(l));

  /** Whether a quotation (possibly cut short with "…") is words said in this conversation. */
  const said = (quote: string): boolean => {
    const q = norm(quote)
      .replace(/(?:…|\.\.\.)$/, '')
      .replace(/^(?:…|\.\.\.)/, '')
      .trim();
    return q.length === 0 || transcript.some((line) => line.includes(q));
  };
  const claims = [...feedback.strengths, ...feedback.weaknesses];
  for (const sentence of claims) {
    for (const quote of quotesIn(sentence)) {
      if (!said(quote))
        fail('feedback-true', `quotes words that were never said: "${quote}" in "${sentence}"`);
    }
  }
  for (const sentence of [...claims, ...feedback.suggestions]) {
    for (const { claim, happened } of ABSENCE_CLAIMS) {
      if (!claim.test(sentence)) continue;
      const line = happened(learner);
      if (line) fail('feedback-true', `"${sentence}" — but the learner said "${line}"`);
    }
    const turnCount = /\b(\d+) turns?\b/.exec(sentence);
    if (turnCount && Number(turnCount[1]) !== learner.filter((l) => l.trim()).length)
      fail(
        'feedback-true',
        `counts ${turnCount[1]} turns, the transcript has ${learner.length}: "${sentence}"`,
      );
    const wordCount = /\b(\d+) words?\b(?! per)/.exec(sentence);
    if (wordCount && /in total|total of|only said|you said only|stayed in the conversation/.test(sentence)) {
      const counted = learner.join(' ').split(/\s+/).filter(Boolean).length;
      if (Math.abs(Number(wordCount[1]) - counted) > Math.max(1, counted * 0.05))
        fail('feedback-true', `counts ${wordCount[1]} words, the learner said ${counted}: "${sentence}"`);
    }
  }
  for (const sentence of feedback.strengths) {
    if (hostile && /\b(?:warm|respectful|polite|civil|courteous|kind)\b/i.test(sentence))
      fail('feedback-true', `praises a respectful tone, but the learner said "${hostile}"`);
    // Praise that quotes the learner must not quote the very fault it says is absent, or an attack.
    for (const quote of quotesIn(sentence)) {
      if (/\b(?:plainly|without hedging|clear|head-on)\b/i.test(sentence) && FILLER_TOKENS.test(quote))
        fail('feedback-true', `praises as clear a line full of fillers: "${sentence}"`);
      if (HOSTILE.test(quote)) fail('feedback-true', `praises a hostile line: "${sentence}"`);
    }
  }

  // evidence: every quoted line is the learner's own, at the index given.
  for (const dimension of ['clarity', 'empathy', 'persuasion'] as const) {
    for (const e of feedback.evidence[dimension]) {
      const at = e.index === undefined ? undefined : turns[e.index];
      if (!learner.includes(e.line))
        fail('evidence-verbatim', `${dimension} evidence is not a learner line: "${e.line}"`);
      else if (at && (at.sender !== 'user' || at.content !== e.line))
        fail('evidence-verbatim', `${dimension} evidence index ${e.index} does not hold "${e.line}"`);
    }
  }

  // objectives: each of the scenario's objectives is checked, and a met one names the learner's line.
  const objectives = feedback.objectives ?? [];
  if (objectives.length !== scenario.learnerObjectives.length)
    fail(
      'objectives-checked',
      `checks ${objectives.length} of the scenario's ${scenario.learnerObjectives.length} objectives`,
    );
  for (const o of objectives) {
    if (!o.met) continue;
    const at = o.index === undefined ? undefined : turns[o.index];
    if (!o.line || !at || at.sender !== 'user' || at.content !== o.line)
      fail('objectives-checked', `"${o.objective}" is met without the learner's line that met it`);
    else if (words(o.line).length <= 2)
      fail(
        'objectives-checked',
        `"${o.objective}" is met by a line of ${words(o.line).length} word(s): "${o.line}"`,
      );
  }

  // fits the kind: negotiation advice only where there is something to negotiate.
  const negotiable =
    scenario.category === 'salary-negotiation' || NEGOTIATION_ONLY.test(JSON.stringify(scenario));
  if (!negotiable) {
    for (const sentence of [...feedback.weaknesses, ...feedback.suggestions]) {
      // A quotation of what was said in this conversation ("when they asked “What's your number?”") is
      // not advice; only the coach's own words are judged.
      const own = quotesIn(sentence).reduce(
        (text, quote) => (said(quote) ? text.replace(quote, '') : text),
        sentence,
      );
      const m = NEGOTIATION_ONLY.exec(own);
      if (m) fail('fits-kind', `negotiation advice in a ${scenario.category} scenario: "${sentence}"`);
    }
  }
  return failures;
}

/** Text between quotation marks, straight or curly, of three characters or more. */
export function quotesIn(sentence: string): string[] {
  return [...sentence.matchAll(/“([^”]{3,})”|"([^"]{3,})"/g)].map((m) => m[1] ?? m[2] ?? '');
}

export const overall = (f: SessionFeedback): number => (f.clarity + f.empathy + f.persuasion) / 3;

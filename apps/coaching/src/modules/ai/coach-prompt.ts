import type { Message } from '@parley/contracts';
import type { CoachQuestionInput } from '@parley/builtin-coach';
import type { ChatMessage } from './context-window';
import { numberedLines } from './model-feedback';

/* Ask the coach with a model: the session's transcript, scores, evidence and scenario as context. */

export function coachMessages(input: CoachQuestionInput): ChatMessage[] {
  const { feedback, scenario } = input;
  const evidence = (['clarity', 'empathy', 'persuasion'] as const).flatMap((d) =>
    feedback.evidence[d].map((e) => `${d} ${e.effect} [${e.index ?? '?'}] "${e.line}": ${e.reason}`),
  );
  const system = [
    'You are a communication coach talking a learner through the feedback on one practice conversation.',
    'Answer only from the material below. Quote the learner’s own lines word for word in quotation marks,',
    'give each quoted line’s index in square brackets like [3], and keep answers under 180 words.',
    'When a line could have been better, say what to say instead. End every answer with one line:',
    '"Try again from [n]" where n is the index of the learner line most worth retrying.',
    'A question that is not about this conversation or its feedback (general knowledge, another topic):',
    'say in one sentence that you only answer questions about this practice session, suggest one question',
    'about its feedback, and leave out the "Try again" line.',
    '',
    scenario
      ? `Scenario: ${scenario.title}. ${scenario.description} The learner is ${scenario.userRole}; the partner is ${scenario.aiRole}. Objectives: ${scenario.learnerObjectives.join('; ')}.`
      : 'Scenario: a practice conversation.',
    `Scores out of 10: clarity ${feedback.clarity}, empathy ${feedback.empathy}, persuasion ${feedback.persuasion}.`,
    `Strengths: ${feedback.strengths.join(' ')}`,
    `Areas for improvement: ${feedback.weaknesses.join(' ')}`,
    `Evidence:\n${evidence.join('\n')}`,
    `Objectives checked: ${(feedback.objectives ?? []).map((o) => `${o.objective} — ${o.met ? 'met' : 'not met'}`).join('; ')}`,
    `Transcript:\n${numberedLines(input.transcript).join('\n')}`,
  ].join('\n');
  return [
    { role: 'system', content: system },
    ...input.thread.map((m): ChatMessage => ({
      role: m.sender === 'user' ? 'user' : 'assistant',
      content: m.content,
    })),
  ];
}

/** The learner line an answer suggests retrying: the last [n] it names that is a learner line. */
export function retryIndexIn(answer: string, transcript: readonly Message[]): number | null {
  const named = [...answer.matchAll(/\[(\d{1,3})\]/g)].map((m) => Number(m[1]));
  const learner = named.filter((i) => transcript[i]?.sender === 'user');
  return learner.at(-1) ?? null;
}

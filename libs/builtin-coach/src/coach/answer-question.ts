import type {
  CoachMessage,
  Message,
  ObjectiveCheck,
  ScenarioDefinition,
  ScoreEvidence,
  StoredFeedback,
} from '@parley/contracts';
import { coachSuggestions, scoreBandWord } from '@parley/contracts';
import { coachMessage } from './inline-coaching';
import { q } from '../text/quote';

/*
 * Ask the coach, builtin: the common questions about a session's feedback answered from the evidence the
 * scorer computed for it. Every claim quotes the learner's own line, and every answer ends with the turn
 * most worth trying again, so the learner can start that attempt from the answer.
 */

export type Dimension = 'clarity' | 'empathy' | 'persuasion';
const DIMENSIONS: Dimension[] = ['clarity', 'empathy', 'persuasion'];

export interface CoachQuestionInput {
  scenario?: ScenarioDefinition;
  transcript: Message[];
  feedback: Pick<
    StoredFeedback,
    'clarity' | 'empathy' | 'persuasion' | 'strengths' | 'weaknesses' | 'suggestions' | 'objectives'
  > & { evidence: Record<Dimension, ScoreEvidence[]> };
  /** The thread so far, ending with the learner's question. */
  thread: CoachMessage[];
}

export interface CoachAnswer {
  text: string;
  /** The transcript index of the learner line worth trying again from, when there is one. */
  retryFrom: number | null;
}

/** The learner's turns, numbered from 1 as the coach speaks of them, with their transcript index. */
function learnerTurns(transcript: Message[]): Array<{ turn: number; index: number; content: string }> {
  const turns: Array<{ turn: number; index: number; content: string }> = [];
  transcript.forEach((m, index) => {
    if (m.sender === 'user') turns.push({ turn: turns.length + 1, index, content: m.content });
  });
  return turns;
}

const label = (d: Dimension) => d.charAt(0).toUpperCase() + d.slice(1);

function dimensionIn(question: string): Dimension | undefined {
  const text = question.toLowerCase();
  if (/\bclar|\bclear|\bconcise|\bstructure/.test(text)) return 'clarity';
  if (/\bempath|\bwarm|\blisten|\backnowledg|\bfeel/.test(text)) return 'empathy';
  if (/\bpersua|\bconvinc|\bargument|\bcase\b|\bnegotiat/.test(text)) return 'persuasion';
  return undefined;
}

function turnIn(question: string, count: number): number | undefined {
  const text = question.toLowerCase();
  const numeric = /\b(?:turn|message|line|reply|answer)\s*#?\s*(\d{1,3})\b/.exec(text)?.[1];
  if (numeric) return Number(numeric);
  const words = [
    'first',
    'second',
    'third',
    'fourth',
    'fifth',
    'sixth',
    'seventh',
    'eighth',
    'ninth',
    'tenth',
  ];
  const ordinal = new RegExp(`\\b(${words.join('|')}|last)\\s+(?:turn|message|line|reply|answer)`).exec(
    text,
  )?.[1];
  if (ordinal === 'last') return count;
  if (ordinal) return words.indexOf(ordinal) + 1;
  return undefined;
}

function turnOf(turns: ReturnType<typeof learnerTurns>, index: number | undefined): number | undefined {
  return turns.find((t) => t.index === index)?.turn;
}

function cites(e: ScoreEvidence, turns: ReturnType<typeof learnerTurns>): string {
  const turn = turnOf(turns, e.index);
  return `${turn ? `At turn ${turn} you said` : 'You said'} ${q(e.line, 90)}: ${e.reason}.`;
}

/** The learner line that cost the most on a dimension (or overall), as the turn to try again. */
function worstLine(
  feedback: CoachQuestionInput['feedback'],
  dimensions: Dimension[],
): ScoreEvidence | undefined {
  for (const d of dimensions) {
    const cost = feedback.evidence[d].find((e) => e.effect === 'cost' && e.index !== undefined);
    if (cost) return cost;
  }
  return undefined;
}

/**
 * The turn to try again when no line cost points: the learner's first line that earned nothing on the
 * dimension (it is where points were left on the table), else their last line.
 */
function quietestTurn(
  feedback: CoachQuestionInput['feedback'],
  d: Dimension,
  turns: ReturnType<typeof learnerTurns>,
): number | null {
  const earned = new Set(feedback.evidence[d].filter((e) => e.effect === 'earned').map((e) => e.index));
  return (turns.find((t) => !earned.has(t.index)) ?? turns.at(-1))?.index ?? null;
}

function weakest(feedback: CoachQuestionInput['feedback']): Dimension {
  return [...DIMENSIONS].sort((a, b) => feedback[a] - feedback[b])[0]!;
}

function retryLine(turns: ReturnType<typeof learnerTurns>, index: number | null): string {
  if (index === null) return '';
  const turn = turnOf(turns, index);
  return turn
    ? `\n\nTry again from turn ${turn}: start a new attempt there and say it the stronger way.`
    : '';
}

function aboutDimension(
  input: CoachQuestionInput,
  d: Dimension,
  turns: ReturnType<typeof learnerTurns>,
): CoachAnswer {
  const { feedback } = input;
  const costs = feedback.evidence[d].filter((e) => e.effect === 'cost');
  const earned = feedback.evidence[d].filter((e) => e.effect === 'earned');
  const parts = [`Your ${d} was ${feedback[d]}/10 (${scoreBandWord(feedback[d])}).`];
  if (costs.length)
    parts.push(
      `What pulled it down:\n${costs
        .slice(0, 3)
        .map((e) => `- ${cites(e, turns)}`)
        .join('\n')}`,
    );
  else parts.push(`No line of yours cost ${d} points; it stayed where it is because few lines earned them.`);
  if (earned.length)
    parts.push(
      `What earned points:\n${earned
        .slice(0, 2)
        .map((e) => `- ${cites(e, turns)}`)
        .join('\n')}`,
    );
  const tip = feedback.suggestions.find((s) => s.toLowerCase().includes(d)) ?? feedback.suggestions[0];
  if (tip) parts.push(`Next time: ${tip}`);
  const retry =
    costs.find((e) => e.index !== undefined)?.index ??
    worstLine(feedback, DIMENSIONS)?.index ??
    quietestTurn(feedback, d, turns);
  return { text: parts.join('\n\n') + retryLine(turns, retry), retryFrom: retry };
}

function aboutTurn(
  input: CoachQuestionInput,
  turn: number,
  turns: ReturnType<typeof learnerTurns>,
): CoachAnswer {
  const found = turns.find((t) => t.turn === turn);
  if (!found) {
    return {
      text: `This session has ${turns.length} turn${turns.length === 1 ? '' : 's'} of yours, so there is no turn ${turn}. Ask about one of turns 1 to ${turns.length}.`,
      retryFrom: null,
    };
  }
  const said = DIMENSIONS.flatMap((d) =>
    input.feedback.evidence[d].filter((e) => e.index === found.index).map((e) => ({ d, e })),
  );
  const parts = [`At turn ${turn} you said ${q(found.content, 140)}.`];
  const costs = said.filter((s) => s.e.effect === 'cost');
  const earned = said.filter((s) => s.e.effect === 'earned');
  if (earned.length)
    parts.push(
      `It worked for ${[...new Set(earned.map((s) => s.d))].join(' and ')}: ${earned
        .map((s) => s.e.reason)
        .slice(0, 2)
        .join('; ')}.`,
    );
  if (costs.length)
    parts.push(
      `It cost ${[...new Set(costs.map((s) => s.d))].join(' and ')}: ${costs
        .map((s) => s.e.reason)
        .slice(0, 2)
        .join('; ')}.`,
    );
  const scenario = input.scenario;
  const tip = coachMessage({
    title: scenario?.title ?? 'Practice conversation',
    description: scenario?.description ?? '',
    message: found.content,
    ...(scenario ? { category: scenario.category } : {}),
  });
  parts.push(`A stronger way to say it:\n> ${tip.enhancedVersion.replace(/\n+/g, ' ')}`);
  parts.push(tip.improvementOpportunity);
  return { text: parts.join('\n\n') + retryLine(turns, found.index), retryFrom: found.index };
}

function aboutObjectives(
  objectives: ObjectiveCheck[],
  turns: ReturnType<typeof learnerTurns>,
  feedback: CoachQuestionInput['feedback'],
): CoachAnswer {
  if (objectives.length === 0) return { text: 'This session had no objectives to check.', retryFrom: null };
  const lines = objectives.map((o) => {
    const turn = turnOf(turns, o.index);
    return o.met
      ? `- Met: ${o.objective} — ${turn ? `turn ${turn}, ` : ''}${q(o.line ?? '', 90)}`
      : `- Not yet met: ${o.objective}`;
  });
  const met = objectives.filter((o) => o.met).length;
  const retry = worstLine(feedback, DIMENSIONS)?.index ?? quietestTurn(feedback, weakest(feedback), turns);
  return {
    text:
      `You met ${met} of ${objectives.length} objectives.\n\n${lines.join('\n')}` + retryLine(turns, retry),
    retryFrom: retry,
  };
}

function aboutStrengths(input: CoachQuestionInput, turns: ReturnType<typeof learnerTurns>): CoachAnswer {
  const best = DIMENSIONS.flatMap((d) => input.feedback.evidence[d].filter((e) => e.effect === 'earned'));
  const parts = [
    input.feedback.strengths.length
      ? `What went well: ${input.feedback.strengths.join(' ')}`
      : 'A few things went well.',
    best.length
      ? best
          .slice(0, 3)
          .map((e) => `- ${cites(e, turns)}`)
          .join('\n')
      : '',
  ].filter(Boolean);
  const low = weakest(input.feedback);
  const retry = worstLine(input.feedback, [low])?.index ?? quietestTurn(input.feedback, low, turns);
  return { text: parts.join('\n\n') + retryLine(turns, retry), retryFrom: retry };
}

/** "You can also ask: …" with the questions the web offers for this same session. */
function alsoAsk(input: CoachQuestionInput, turns: ReturnType<typeof learnerTurns>, lead: string): string {
  const [a, b, c] = coachSuggestions({
    clarity: input.feedback.clarity,
    empathy: input.feedback.empathy,
    persuasion: input.feedback.persuasion,
    learnerTurns: turns.length,
    objectives: input.feedback.objectives?.length ?? 0,
  });
  return `${lead} “${a}”, “${b}” or “${c}”`;
}

function overview(input: CoachQuestionInput, turns: ReturnType<typeof learnerTurns>): CoachAnswer {
  const { feedback } = input;
  const low = weakest(feedback);
  const answer = aboutDimension(input, low, turns);
  return {
    text:
      `Scores: clarity ${feedback.clarity}, empathy ${feedback.empathy}, persuasion ${feedback.persuasion} (out of 10). ` +
      `${label(low)} is the one to work on first.\n\n${answer.text}\n\n` +
      alsoAsk(input, turns, 'You can also ask:'),
    retryFrom: answer.retryFrom,
  };
}

/*
 * A question is about this session when it speaks of the learner (I, my, we), of the talk (turn, line,
 * said, partner), or of its report (score, feedback, objectives, the three dimensions, how it went).
 * "What is the capital of France?" names none of these: the coach says what it can answer instead of
 * reading out a score breakdown nobody asked for. A word or two ("hmm", "thoughts?") is too little to
 * tell, and gets the overview.
 */
const ABOUT_SESSION =
  /\b(?:i|i'm|i'd|i've|im|my|mine|myself|we|our|us|score\w*|feedback|session|conversation|talk\w*|chat|practi[cs]e|turn|line|message|repl(?:y|ies)|answer|said|say|saying|objective\w*|goal\w*|clarity|clear|empath\w*|persua\w*|tone|report|grade|mark|rating|result|strength\w*|weak\w*|improve\w*|better|worse|wrong|well|mistake\w*|partner|they|them|their|overall|summar\w*|retry|again|tips?|advice)\b/i;

function offTopic(input: CoachQuestionInput, turns: ReturnType<typeof learnerTurns>): CoachAnswer {
  return {
    text:
      'I can only answer questions about this practice session: your scores, the lines you said and the objectives. ' +
      alsoAsk(input, turns, 'Try:'),
    retryFrom: null,
  };
}

/** "Which of my messages was the weakest?": the line the evidence ranks lowest (or highest), by its turn. */
const WHICH_LINE = /\b(?:which|what)\b[^?]*\b(?:message|line|turn|reply|answer|sentence|thing I said)s?\b/i;
const LEAST = /\b(?:weak\w*|worst|bad\w*|poor\w*|least|lowest|hurt\w*|cost\w*)\b/i;
const MOST = /\b(?:best|strong\w*|good|highest|most effective|earned)\b/i;

function rankedLine(
  feedback: CoachQuestionInput['feedback'],
  dimensions: Dimension[],
  effect: ScoreEvidence['effect'],
): number | undefined {
  const counts = new Map<number, number>();
  for (const d of dimensions)
    for (const e of feedback.evidence[d])
      if (e.effect === effect && e.index !== undefined) counts.set(e.index, (counts.get(e.index) ?? 0) + 1);
  let chosen: number | undefined;
  for (const [index, n] of counts) if (chosen === undefined || n > counts.get(chosen)!) chosen = index;
  return chosen;
}

function aboutRankedLine(
  input: CoachQuestionInput,
  turns: ReturnType<typeof learnerTurns>,
  least: boolean,
  dimension: Dimension | undefined,
): CoachAnswer {
  const dims = dimension ? [dimension] : DIMENSIONS;
  const ranked = rankedLine(input.feedback, dims, least ? 'cost' : 'earned');
  const index =
    ranked ?? (least ? quietestTurn(input.feedback, dimension ?? weakest(input.feedback), turns) : undefined);
  const turn = turnOf(turns, index ?? undefined);
  const scope = dimension ? ` for ${dimension}` : '';
  if (turn === undefined)
    return {
      text: `No line of yours earned points${scope} in this session, so none stands out as the strongest.${alsoAsk(input, turns, '\n\nYou could ask:')}`,
      retryFrom: null,
    };
  const lead = least
    ? ranked === undefined
      ? `No line of yours cost points${scope}; turn ${turn} is the one that earned the least.`
      : `Your weakest line${scope} was turn ${turn}.`
    : `Your strongest line${scope} was turn ${turn}.`;
  const answer = aboutTurn(input, turn, turns);
  return { text: `${lead}\n\n${answer.text}`, retryFrom: answer.retryFrom };
}

/** The builtin coach's answer to the last question of the thread. */
export function answerQuestion(input: CoachQuestionInput): CoachAnswer {
  const question = input.thread.at(-1)?.content ?? '';
  const turns = learnerTurns(input.transcript);
  if (turns.length === 0)
    return {
      text: 'You did not say anything in this session, so there is nothing to coach yet.',
      retryFrom: null,
    };
  const turn = turnIn(question, turns.length);
  if (turn !== undefined) return aboutTurn(input, turn, turns);
  if (question.trim().split(/\s+/).length >= 3 && !ABOUT_SESSION.test(question))
    return offTopic(input, turns);
  const dimension = dimensionIn(question);
  if (WHICH_LINE.test(question) && (LEAST.test(question) || MOST.test(question)))
    return aboutRankedLine(input, turns, LEAST.test(question), dimension);
  if (dimension) return aboutDimension(input, dimension, turns);
  if (/\bobjective|\bgoal|\bachiev|\bmeet\b|\bmet\b/i.test(question))
    return aboutObjectives(input.feedback.objectives ?? [], turns, input.feedback);
  if (/\bwell\b|\bgood\b|\bstrength|\bbest\b|\bright\b/i.test(question)) return aboutStrengths(input, turns);
  if (/\bimprove|\bbetter|\bweak|\bwork on|\bnext time|\bwrong|\blow\b/i.test(question))
    return aboutDimension(input, weakest(input.feedback), turns);
  return overview(input, turns);
}

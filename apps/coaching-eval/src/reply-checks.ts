import type { ScenarioDefinition } from '@parley/contracts';
import {
  type Turn,
  type ReplyCheck,
  norm,
  words,
  sentencesOf,
  STOP,
  sharedRun,
  FILLER_TOKENS,
  FILLER_PHRASES,
  moneyIn,
  percentsIn,
  limitsOf,
  REFUSAL,
  type Failure,
} from './text';

/* ---------- reply checks ---------- */

export interface ReplyContext {
  scenario: ScenarioDefinition;
  /** The conversation so far, ending with the partner's reply under test. */
  turns: Turn[];
  /** Replies so far in this conversation (opening included) that were farewells. */
  farewellsBefore: number;
  learnerKind: string;
}

const AI_SELF =
  /\b(?:as an ai|an ai\b|a language model|an assistant|chatbot|chat ?gpt|openai|large language|my (?:instructions|system prompt|programming|brief|persona|prompt)|role-?play|the scenario|the learner|the user\b|system prompt|i am a model|i'm a model|json)\b/i;
/**
 * The parts of the brief the persona must act on, never read out: what it is privately assessing (its
 * evaluative goals), what would make it give way (the condition of a firm position), the learner's
 * objectives and model answers, and the descriptions of its own character. What it wants for itself and
 * the refusal at the core of a firm position are its to say ("I won't go to the director"), and so are
 * the lines its speaking style quotes as things it says.
 */
const EVALUATIVE_GOAL =
  /^(?:hear|find(?: out)?|check|confirm|see|test|learn|understand|gauge|assess|judge|make sure|figure out|determine|establish whether|probe|verify|decide whether|spot)\b/i;
const CONDITION =
  /\b(?:unless|only if|if|until|as long as|provided|only (?:concedes|accepts|agrees|moves)|(?<=[;,] )needs? (?:you|to see|one|a|an|at least)|wants? to see)\b[^;.]*/gi;
const unquoted = (s: string): string => s.replace(/["“][^"”]*["”]|'[^']{4,}'/g, ' ');
export const briefOf = (s: ScenarioDefinition): string[] => [
  ...s.personaGoals.filter((g) => EVALUATIVE_GOAL.test(g.trim())),
  ...s.holdsFirmOn.flatMap((f) => f.match(CONDITION) ?? []),
  ...s.learnerObjectives,
  ...s.strongResponses.map(unquoted),
  unquoted(s.persona.personality),
  unquoted(s.persona.speakingStyle),
];

export const FAREWELL =
  /\b(?:goodbye|bye|talk soon|take care|(?<!(?:nice|good|great|lovely) to )see you|have a (?:good|great|nice) (?:day|one|evening|week|weekend)|let's leave it there|that will do for (?:today|now)|that's all for (?:today|now)|thanks for your time|thank you for your time|i have to go|i need to go|i've got to go|i'm done here|we're done here|(?<!and |or )this conversation is over|let's wrap (?:it|this) up|we'll leave it there|i'll let you go|catch you later|(?:we'll|we will|i'll|i will) be in touch|you(?:'ll| will) hear from (?:us|me)|that's all my questions|good luck with (?:everything|the rest))\b/i;

export function checkReply(ctx: ReplyContext): Failure[] {
  const failures: Failure[] = [];
  const fail = (check: ReplyCheck, detail: string): void => {
    failures.push({ check, detail });
  };
  const reply = ctx.turns[ctx.turns.length - 1]?.content ?? '';
  const before = ctx.turns.slice(0, -1);
  const learner = before.filter((t) => t.sender === 'user').map((t) => t.content);
  const latest = learner[learner.length - 1] ?? '';
  const earlierReplies = before.filter((t) => t.sender === 'ai').map((t) => t.content);

  // in role: says something, never speaks as a model, never reads its brief out, never narrates itself.
  if (reply.trim().length < 2) fail('in-role', 'empty reply');
  const self = AI_SELF.exec(reply);
  if (self) fail('in-role', `speaks out of role: "${self[0]}"`);
  // Asking the very question a goal is about ("Is the miss a timing problem…?") is the persona doing its
  // job; saying it is after it ("I want to find out whether…") is reading the brief aloud.
  const statements = sentencesOf(reply)
    .filter(
      (s) =>
        !s.endsWith('?') || /\bi (?:want|need|have) to (?:find|check|see|understand|know|hear)\b/i.test(s),
    )
    .join(' ');
  const goals = new Set(ctx.scenario.personaGoals);
  for (const field of briefOf(ctx.scenario)) {
    const run = sharedRun(goals.has(field) ? statements : reply, field, 5);
    if (run) {
      fail('in-role', `recites its brief: "${run}"`);
      break;
    }
  }
  const first = ctx.scenario.persona.name.split(' ')[0] ?? '';
  if (first && new RegExp(`\\b${first}\\b (?:is|was|will|wants|has|would)\\b`).test(reply))
    fail('in-role', `speaks of itself in the third person ("${first} …")`);

  // no repeat: never the same reply twice, nor the same sentence of five words or more.
  const said = new Set(earlierReplies.map(norm));
  if (said.has(norm(reply))) fail('no-repeat', `repeats an earlier reply: "${reply}"`);
  else {
    const earlierSentences = new Set(earlierReplies.flatMap(sentencesOf).map(norm));
    const again = sentencesOf(reply).find((s) => words(s).length >= 5 && earlierSentences.has(norm(s)));
    if (again) fail('no-repeat', `repeats a sentence: "${again}"`);
  }

  // no parroting: no filler words, and no long run of the learner's own words.
  const filler = FILLER_TOKENS.exec(reply);
  if (filler) fail('no-parroting', `says a filler: "${filler[0]}"`);
  const learnerFillers = new Set(
    (latest.match(FILLER_PHRASES) ?? []).map((f) => norm(f).replace(/,/g, '').trim()),
  );
  for (const phrase of learnerFillers) {
    if (phrase && norm(reply).includes(phrase) && phrase !== 'like') {
      fail('no-parroting', `repeats the learner's filler "${phrase}"`);
      break;
    }
  }
  const echoed = sharedRun(reply, latest, 7);
  if (echoed) fail('no-parroting', `quotes the learner back at length: "${echoed}"`);

  // one farewell: at most one goodbye per conversation, and no long speech after it.
  if (FAREWELL.test(reply)) {
    if (ctx.farewellsBefore >= 1) fail('one-farewell', `says goodbye again: "${reply}"`);
  } else if (ctx.farewellsBefore >= 1 && sentencesOf(reply).length > 3) {
    fail('one-farewell', `goes on at length after closing (${sentencesOf(reply).length} sentences)`);
  }

  // within limits: every figure the persona states past its limit sits in a refusal or an echo.
  for (const limit of limitsOf(ctx.scenario)) {
    for (const sentence of sentencesOf(reply)) {
      const values = limit.unit === '$' ? moneyIn(sentence) : percentsIn(sentence);
      // A limit bounds one quantity: a $8,000 sign-on cap says nothing about a $104,000 base salary.
      const sameQuantity = (v: number): boolean => v / limit.value > 0.2 && v / limit.value < 5;
      const past = values.filter(
        (v) =>
          sameQuantity(v) &&
          (limit.direction === 'ceiling' ? v > limit.value * 1.0001 : v < limit.value * 0.9999),
      );
      if (past.length > 0 && !REFUSAL.test(sentence) && !sentence.trim().endsWith('?'))
        fail('within-limits', `agrees past its limit (${limit.direction} ${limit.value}): "${sentence}"`);
    }
  }

  // consistent facts: figures come from the scenario, the learner, or lie between the scenario's own.
  const known = norm(`${JSON.stringify(ctx.scenario)} ${learner.join(' ')} ${earlierReplies.join(' ')}`);
  const scenarioMoney = moneyIn(JSON.stringify(ctx.scenario)).concat(moneyIn(learner.join(' ')));
  const lo = Math.min(...scenarioMoney);
  const hi = Math.max(...scenarioMoney);
  for (const m of reply.matchAll(/\$?\d[\d,]*(?:\.\d+)?%?/g)) {
    const token = m[0];
    const bare = token.replace(/[$,%]/g, '');
    const value = Number(bare);
    if (!token.startsWith('$') && !token.endsWith('%') && value <= 60) continue; // counts, days, times
    if (known.includes(norm(token)) || known.includes(bare)) continue;
    if (token.startsWith('$') && scenarioMoney.length > 0 && value >= lo && value <= hi) continue;
    fail('consistent-facts', `states a figure from nowhere: "${token}"`);
  }
  const names = [...reply.matchAll(/(?<=[a-z,;] )([A-Z][a-z]{2,})\b/g)].map((m) => m[1] ?? '');
  for (const name of names) {
    if (!known.includes(name.toLowerCase()) && !COMMON_CAPITALISED.has(name))
      fail('consistent-facts', `names someone or something from nowhere: "${name}"`);
  }

  // redirects: an off-topic or role-breaking turn is answered in role and brought back to the matter.
  if (ctx.learnerKind === 'off-topic' || ctx.learnerKind === 'role-breaker') {
    const topical = scenarioTerms(ctx.scenario);
    const onTopic = words(reply).some((w) => topical.has(w));
    const redirect =
      /\b(?:back to|focus\w*|anyway|here to talk about|let's (?:get|stick|stay|keep)|we were|the point|right now|not (?:why|what) we're here|can we|could we|about the|on track|later|another time|not the time|what i need)\b/i;
    // A question of the partner's own (four words or more) takes the conversation back to its business.
    const steers = sentencesOf(reply).some((s) => s.endsWith('?') && words(s).length >= 4);
    if (!onTopic && !steers && !redirect.test(reply) && !FAREWELL.test(reply) && ctx.farewellsBefore === 0)
      fail('redirects', `does not bring the conversation back: "${reply}"`);
  }
  return failures;
}

const COMMON_CAPITALISED = new Set(
  'Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March April May June July August September October November December Okay Sure Thanks Thank Sorry Look Listen Well Right Yes No Honestly Great Good Fine Hi Hello Hey English Instagram LinkedIn Excel Google Sheets Slack Zoom Teams Friday'.split(
    ' ',
  ),
);

function scenarioTerms(s: ScenarioDefinition): Set<string> {
  const text = [
    s.title,
    s.description,
    s.persona.background,
    s.openingLine,
    ...s.personaGoals,
    ...s.tags,
  ].join(' ');
  return new Set(words(text).filter((w) => w.length > 3 && !STOP.has(w)));
}

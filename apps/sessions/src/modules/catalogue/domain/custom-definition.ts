import type { CustomScenarioBody, ScenarioDefinition } from '@parley/contracts';
import { closestScenarios, cut, draftScenario, roleNoun } from '@parley/builtin-coach';

/** Words that start a sentence rather than name a person. */
const NOT_NAMES = new Set(
  `My The She He They Our Their Your An This That Who What When How Why Senior Junior Head Chief Director Manager
  Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March April May June July August
  September October November December Today Tomorrow Next Last Hi Hello Christmas Easter Ramadan Eid Diwali
  Hanukkah Passover Halloween Thanksgiving`.split(/\s+/),
);
/** Who someone is to the learner, just before their name: "my cousin Aisha", "the owner, Phil". */
const RELATION_BEFORE =
  /\b(?:my|our|the|her|his|their) (?:[a-z]+ )?(?:friend|manager|boss|lead|mum|mom|dad|mother|father|brother|sister|cousin|aunt|uncle|gran|grandma|grandad|son|daughter|partner|wife|husband|landlord|landlady|neighbou?r|coach|teacher|colleague|client|owner|flatmate|roommate|housemate|tenant|director|co-?founder|headteacher|doctor|supervisor),? $/i;

/** The other person's name when the learner wrote one ("my manager Dana"), else undefined. */
export function nameIn(text: string): string | undefined {
  // Names are written in any alphabet's letters: "Inés", "Zoë", "Łukasz".
  const leading = /^\s*(\p{Lu}\p{Ll}{1,20}(?: \p{Lu}\p{Ll}{1,20})?)(?:,| is | -| —)/u.exec(text)?.[1];
  if (leading && !NOT_NAMES.has(leading.split(' ')[0]!)) return leading;
  const candidates = [
    ...text.matchAll(/(?<!\p{L})(\p{Lu}\p{Ll}{1,20}(?: \p{Lu}\p{Ll}{1,20})?)(?!\p{L})/gu),
  ].filter((match) => {
    // "Wednesdays off", "a master's at Leeds", "a hen weekend in Ibiza": days, places and feasts are no one.
    const first = match[1]!.split(' ')[0]!.replace(/s$/, '');
    const before = text.slice(0, match.index);
    return (
      !NOT_NAMES.has(first) &&
      !NOT_NAMES.has(match[1]!.split(' ')[0]!) &&
      !/^\s*$|[.!?]\s*$/.test(before) &&
      !/\b(?:in|at|to|from|near|around|for)\s+$/i.test(before)
    );
  });
  const related = candidates.find((match) => RELATION_BEFORE.test(text.slice(0, match.index)));
  return (related ?? candidates[0])?.[1];
}

/** The other person's role as what they are called: "my landlord" → "Landlord". */
export function roleAsName(aiRole: string): string {
  const noun = roleNoun(aiRole) || 'The other person';
  return noun.charAt(0).toUpperCase() + noun.slice(1);
}

/** Who the other person is when the learner did not say: someone with a stake of their own. */
const OWN_PERSONALITY =
  'Reasonable, with interests of their own in this; wants to understand before agreeing.';
const OWN_SPEAKING_STYLE = 'Plain, everyday sentences, as in a real conversation.';
/** What a strong answer does in any conversation: the learner's own situation has no scripted examples. */
const OWN_STRONG_RESPONSES = [
  'Says plainly what they want and why it matters to them.',
  "Acknowledges the other person's side before answering it.",
  'Ends on a concrete next step with a date.',
];

/**
 * What the AI plays and the scorer checks, made from what the learner wrote. Their own fields are used as
 * written; a field left empty comes from the closest catalogue scenarios, as "Draft it for me" would fill
 * it. The catalogue's shape asks for at least two objectives: a single one is kept and joined by a
 * general closing objective.
 */
export function customDefinition(
  id: string,
  body: CustomScenarioBody,
  catalogue: readonly ScenarioDefinition[],
): ScenarioDefinition {
  const draft = draftScenario(
    { description: body.description, title: body.title, userRole: body.userRole, aiRole: body.aiRole },
    catalogue,
  );
  const best = closestScenarios(`${body.title} ${body.description}`, catalogue, 1)[0]!;
  const atLeast = (
    own: string[] | undefined,
    drafted: string[],
    min: number,
    max: number,
    filler: string[],
  ) => {
    // Lines the learner wrote are joined by general ones, never by lines lent from another scenario: a
    // gym manager the learner described does not also want "a plan for next month".
    const lines = own?.length ? [...own] : [...drafted];
    for (const line of [...(own?.length ? [] : drafted), ...filler])
      if (lines.length < min && !lines.includes(line)) lines.push(line);
    return lines.slice(0, max);
  };
  const tags = [...new Set((body.tags?.length ? body.tags : draft.tags).map((t) => t.toLowerCase()))];
  for (const t of ['custom', 'practice']) if (tags.length < 2 && !tags.includes(t)) tags.push(t);
  const persona = body.persona?.trim() || draft.persona;
  // No name written: the person goes by their role ("Landlord"), never by a catalogue persona's name.
  const name = nameIn(body.persona ?? '') ?? nameIn(body.description) ?? roleAsName(body.aiRole);
  return {
    id,
    title: body.title,
    description: cut(body.description, 400),
    category: best.category,
    tags: tags.slice(0, 6),
    difficulty: body.difficulty ?? draft.difficulty,
    timeEstimate: '10-15 min',
    userRole: body.userRole,
    aiRole: body.aiRole,
    premium: false,
    // Who the other person is, in the learner's words (or the draft's): never another scenario's person,
    // and never the situation, which the partner reads as the learner's, not as its own story.
    persona: {
      name: cut(name, 60),
      background: cut(persona, 400),
      personality: cut(body.persona?.trim() || OWN_PERSONALITY, 400),
      speakingStyle: OWN_SPEAKING_STYLE,
    },
    personaGoals: atLeast(body.personaGoals, draft.personaGoals, 2, 5, [
      'Understand exactly what is being asked and why.',
      'Protect their own interests and time.',
    ]),
    // The draft always holds at least one line: a behaviour the partner never says as a stance.
    holdsFirmOn: atLeast(body.holdsFirmOn, draft.holdsFirmOn, 1, 4, []),
    learnerObjectives: atLeast(body.learnerObjectives, draft.learnerObjectives, 2, 5, [
      'Agree a concrete next step before the conversation ends.',
    ]),
    strongResponses: OWN_STRONG_RESPONSES,
    openingLine: 'Thanks for making the time. You wanted to talk — what is on your mind?',
  };
}

import { DIFFICULTIES, type DraftScenarioBody, type ScenarioDraft } from '@parley/contracts';

/* "Draft it for me" with a model: the learner's situation in, the scenario's optional fields out. */

export const DRAFT_TASK = 'scenario_draft';

const strings = { type: 'array', items: { type: 'string' } } as const;

export const DRAFT_JSON_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['persona', 'personaGoals', 'holdsFirmOn', 'learnerObjectives', 'difficulty', 'tags'],
  properties: {
    persona: { type: 'string' },
    personaGoals: strings,
    holdsFirmOn: strings,
    learnerObjectives: strings,
    difficulty: { type: 'string', enum: [...DIFFICULTIES] },
    tags: strings,
  },
} as const;

export function draftInstructions(): string {
  return [
    'You help a learner set up a role-play to rehearse a real conversation they are about to have.',
    'From their situation, write: persona (who the other person is, 1-2 sentences), personaGoals (2-4 things',
    'the other person wants), holdsFirmOn (1-3 positions they will not give up easily, with any limit such as',
    'a budget or a date taken from the situation), learnerObjectives (2-4 things the learner should achieve,',
    'each one observable in what they say), difficulty (Beginner, Intermediate or Advanced) and tags (2-4',
    'short lowercase topics). Use only facts from the situation; invent no names or figures. Answer in JSON.',
  ].join(' ');
}

export function draftRequest(body: DraftScenarioBody, example: ScenarioDraft): string {
  return [
    `Title: ${body.title ?? '(none)'}`,
    `Learner's role: ${body.userRole || example.userRole}`,
    `Other person's role: ${body.aiRole || example.aiRole}`,
    `Situation: ${body.description}`,
    '',
    'For the shape and level of detail, a draft from a similar scenario (do not copy its facts):',
    JSON.stringify({
      persona: example.persona,
      personaGoals: example.personaGoals,
      holdsFirmOn: example.holdsFirmOn,
      learnerObjectives: example.learnerObjectives,
    }),
  ].join('\n');
}

const clean = (v: unknown, max: number, count: number): string[] =>
  (Array.isArray(v) ? v : [])
    .filter((s): s is string => typeof s === 'string')
    .map((s) => s.replace(/\s+/g, ' ').trim().slice(0, max))
    .filter((s) => s.length >= 3)
    .slice(0, count);

/** The model's answer as a draft, kept within the custom scenario's limits; throws what the model must fix. */
export function readDraft(value: unknown, builtin: ScenarioDraft): ScenarioDraft {
  const v = (value ?? {}) as Record<string, unknown>;
  const persona = typeof v['persona'] === 'string' ? v['persona'].trim().slice(0, 400) : '';
  const personaGoals = clean(v['personaGoals'], 250, 5);
  const learnerObjectives = clean(v['learnerObjectives'], 250, 5);
  if (!persona) throw new Error('persona must not be empty');
  if (personaGoals.length === 0) throw new Error('personaGoals must list at least one goal');
  if (learnerObjectives.length === 0) throw new Error('learnerObjectives must list at least one objective');
  const difficulty = DIFFICULTIES.find((d) => d === v['difficulty']) ?? builtin.difficulty;
  return {
    ...builtin,
    persona,
    personaGoals,
    holdsFirmOn: clean(v['holdsFirmOn'], 250, 4),
    learnerObjectives,
    difficulty,
    tags: clean(v['tags'], 30, 6).map((t) => t.toLowerCase()),
    source: 'model',
  };
}

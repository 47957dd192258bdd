import { z } from 'zod';
import { FREE_CUSTOM_SCENARIOS } from './constants';
import { DIFFICULTIES } from './scenario';
import { scenarioSchema } from './sessions';
import { text } from './text';

/* A learner's own scenarios (issue 20): private, practised like catalogue ones. */

export { FREE_CUSTOM_SCENARIOS } from './constants';

/** Custom scenario ids: `custom-` and a uuid, so they can never collide with a catalogue slug. */
export const CUSTOM_SCENARIO_PREFIX = 'custom-';
export const customScenarioIdSchema = z
  .string()
  .regex(
    /^custom-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    'id must be a custom scenario id',
  );

export function isCustomScenarioId(id: string): boolean {
  return id.startsWith(CUSTOM_SCENARIO_PREFIX);
}

const line = (name: string, max: number) =>
  text({ min: 3, max, trim: true, messages: { tooShort: `${name} must be at least 3 characters` } });
const lines = (name: string, max: number) =>
  z.array(line(`each of ${name}`, 250)).max(max, `${name}: at most ${max} lines`);

const situation = () =>
  text({
    min: 10,
    max: 1500,
    trim: true,
    multiline: true,
    messages: { tooShort: 'description (the situation) must be at least 10 characters' },
  });

/** POST and PUT /api/user/scenarios/custom[/{id}]: what the learner writes. */
export const customScenarioBodySchema = z
  .object({
    title: text({
      min: 3,
      max: 80,
      trim: true,
      messages: { tooShort: 'title must be at least 3 characters' },
    }),
    /** The situation, in the learner's words. */
    description: situation(),
    userRole: line('userRole', 80),
    aiRole: line('aiRole', 80),
    /** Who the other person is (optional). */
    persona: text({ max: 400, trim: true, multiline: true }).optional(),
    /** What the other person wants. */
    personaGoals: lines('personaGoals', 5).optional(),
    /** What they hold firm on, with limits such as a budget. */
    holdsFirmOn: lines('holdsFirmOn', 4).optional(),
    /** What the learner wants to achieve; feedback checks these. */
    learnerObjectives: lines('learnerObjectives', 5).optional(),
    difficulty: z.enum(DIFFICULTIES).optional(),
    tags: z
      .array(
        text({
          min: 2,
          max: 30,
          trim: true,
          messages: { tooShort: 'each tag must be at least 2 characters' },
        }),
      )
      .max(6, 'tags: at most 6')
      .optional(),
  })
  .strict();
export type CustomScenarioBody = z.infer<typeof customScenarioBodySchema>;

/** A custom scenario as its owner reads it: the library's fields plus what they wrote. */
export const customScenarioSchema = scenarioSchema.extend({
  custom: z.literal(true),
  persona: z.string(),
  personaGoals: z.array(z.string()),
  holdsFirmOn: z.array(z.string()),
  learnerObjectives: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CustomScenario = z.infer<typeof customScenarioSchema>;

/** POST /api/user/scenarios/custom/draft: the situation, and whatever else is already written. */
export const draftScenarioBodySchema = z
  .object({
    description: situation(),
    title: text({ max: 80, trim: true }).optional(),
    userRole: text({ max: 80, trim: true }).optional(),
    aiRole: text({ max: 80, trim: true }).optional(),
  })
  .strict();
export type DraftScenarioBody = z.infer<typeof draftScenarioBodySchema>;

/** The drafted optional fields, for the learner to edit, and where they came from. */
export const scenarioDraftSchema = z.object({
  title: z.string(),
  userRole: z.string(),
  aiRole: z.string(),
  persona: z.string(),
  personaGoals: z.array(z.string()),
  holdsFirmOn: z.array(z.string()),
  learnerObjectives: z.array(z.string()),
  difficulty: z.enum(DIFFICULTIES),
  tags: z.array(z.string()),
  /** `builtin`: from the closest catalogue scenarios; `model`: written by the configured model. */
  source: z.enum(['builtin', 'model']),
  /** The catalogue scenarios the builtin draft drew on. */
  basedOn: z.array(z.object({ id: z.string(), title: z.string() })),
});
export type ScenarioDraft = z.infer<typeof scenarioDraftSchema>;

export const CUSTOM_SCENARIO_ERRORS = {
  notFound: 'Scenario not found',
  freeLimit: `Free accounts keep up to ${FREE_CUSTOM_SCENARIOS} custom scenarios. Delete one or upgrade to Premium for unlimited scenarios.`,
} as const;

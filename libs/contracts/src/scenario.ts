import { z } from 'zod';

/** Practice areas. The last two are premium-only (spec section 6). */
export const SCENARIO_CATEGORIES = [
  'job-interviews',
  'customer-service',
  'sales',
  'team-meetings',
  'conflict-resolution',
  'networking',
  'salary-negotiation',
  'giving-feedback',
  'setting-boundaries',
  'executive-communication',
  'crisis-management',
] as const;
export type ScenarioCategory = (typeof SCENARIO_CATEGORIES)[number];
export const PREMIUM_ONLY_CATEGORIES: readonly ScenarioCategory[] = [
  'executive-communication',
  'crisis-management',
];

export const DIFFICULTIES = ['Beginner', 'Intermediate', 'Advanced'] as const;

const sentence = (max: number) => z.string().trim().min(3).max(max);

/**
 * One scenario as stored in the catalogue's versioned data files: what the library and detail screens
 * show (spec section 3), plus what the AI needs to play the other side well.
 */
export const scenarioDefinitionSchema = z
  .object({
    id: z
      .string()
      .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'id is a lowercase slug')
      .max(80),
    title: sentence(80),
    description: sentence(400),
    category: z.enum(SCENARIO_CATEGORIES),
    tags: z.array(z.string().trim().min(2).max(30)).min(2).max(6),
    difficulty: z.enum(DIFFICULTIES),
    timeEstimate: z.string().regex(/^\d{1,2}-\d{1,2} min$/, 'like "10-15 min"'),
    userRole: sentence(80),
    aiRole: sentence(80),
    premium: z.boolean(),
    persona: z
      .object({
        name: sentence(60),
        background: sentence(400),
        personality: sentence(300),
        speakingStyle: sentence(300),
      })
      .strict(),
    /** What the AI's character is after, and what it will not give up easily. */
    personaGoals: z.array(sentence(250)).min(2).max(5),
    holdsFirmOn: z.array(sentence(250)).min(1).max(4),
    /** What the learner should try to achieve in the conversation. */
    learnerObjectives: z.array(sentence(250)).min(2).max(5),
    /** What a strong answer sounds like: the behaviours the scorer looks for. */
    strongResponses: z.array(sentence(300)).min(2).max(5),
    /** The character's first line when the practice starts. */
    openingLine: sentence(500),
  })
  .strict();
export type ScenarioDefinition = z.infer<typeof scenarioDefinitionSchema>;

import type { ScenarioCategory, SkillName } from '@parley/contracts';

/*
 * The numbers behind streak freezes, weekly leagues, practice aimed at the weakest skill and the
 * most-improved board (docs/adr/0019). Data, not code: change a number here and its tests follow.
 */

export const STREAK_FREEZE = {
  /** Freezes a learner can hold at once. */
  maxHeld: 2,
  /** One freeze is earned each time a streak reaches a multiple of this many days. */
  earnedEveryDays: 7,
  /** XP a bought freeze costs (spent from total XP minus earlier purchases; levels never drop). */
  priceXp: 200,
  /** How far back the streak view lists frozen days. */
  shownDays: 30,
} as const;

export const LEAGUE = {
  /** Learners placed in one league before a new one opens at the same tier. */
  size: 30,
  /** A full league's promotion and demotion zones; smaller leagues scale them down (see leagues.ts). */
  promote: 7,
  demote: 5,
  /**
   * Hours after Monday 00:00 UTC at which a week is settled: 12 is when Monday begins at UTC−12, the
   * last zone, so every learner's Monday-to-Monday week has ended by then, wherever they are.
   */
  settleHourUtcMonday: 12,
} as const;

export const FOCUS = {
  /** Recent completed sessions the weakest skill is judged on. */
  sessions: 10,
  /** Weight of each older session relative to the one after it (1 = newest). */
  decay: 0.8,
  /** Objectives of a kind a learner must have met in fewer than this share of attempts to be "weak". */
  weakKindBelow: 0.5,
  /** Attempts at a kind before it can be called the weakest. */
  minKindAttempts: 2,
  /** The targeted skill challenge's bar. */
  skillTarget: 7,
  /** Open questions one session must hold for the "ask" challenge. */
  openQuestions: 2,
} as const;

export const MOST_IMPROVED = {
  /** Sessions needed in each of the two periods compared (all-time: first and latest this many). */
  minSessions: 2,
} as const;

/** Which practice areas exercise which skill most (recommendations prefer them for a weak skill). */
export const SKILL_AREAS: Record<SkillName, readonly ScenarioCategory[]> = {
  clarity: ['team-meetings', 'job-interviews', 'executive-communication', 'crisis-management', 'networking'],
  empathy: ['giving-feedback', 'conflict-resolution', 'customer-service', 'setting-boundaries'],
  persuasion: ['sales', 'salary-negotiation', 'job-interviews', 'networking', 'executive-communication'],
};

/** What a learner's level suggests for difficulty: levels 1–2 Beginner, 3 Intermediate, 4–5 Advanced. */
export function difficultyForLevel(level: number): 'Beginner' | 'Intermediate' | 'Advanced' {
  if (level <= 2) return 'Beginner';
  if (level === 3) return 'Intermediate';
  return 'Advanced';
}

/** Kinds of learner objective, told apart by what the objective asks for (first match wins). */
export const OBJECTIVE_KINDS = [
  {
    kind: 'ask-questions',
    label: 'asking questions',
    pattern: /\b(ask\w*|questions?|find out|explor\w*|uncover|discover|probe)\b/i,
  },
  {
    kind: 'name-numbers',
    label: 'naming numbers',
    pattern: /\b(numbers?|figures?|amounts?|salary|price\w*|budget|rate|range|\$|percent\w*)\b/i,
  },
  {
    kind: 'acknowledge-feelings',
    label: 'acknowledging feelings',
    pattern: /\b(acknowledg\w*|empath\w*|feel\w*|concerns?|frustrat\w*|listen\w*|recogni[sz]\w*)\b/i,
  },
  {
    kind: 'hold-firm',
    label: 'holding your ground',
    pattern: /\b(boundar\w*|firm|declin\w*|say no|avoid accepting|on the spot|composure|calm\w*)\b/i,
  },
  {
    kind: 'give-reasons',
    label: 'giving reasons',
    pattern: /\b(reasons?|evidence|data|examples?|justif\w*|explain\w*|results?|achievements?)\b/i,
  },
  {
    kind: 'propose-next-step',
    label: 'proposing next steps',
    pattern: /\b(propos\w*|next steps?|agree\w*|commit\w*|follow[- ]up|plan\w*|actions?|solutions?)\b/i,
  },
] as const;
export type ObjectiveKind = (typeof OBJECTIVE_KINDS)[number]['kind'] | 'other';

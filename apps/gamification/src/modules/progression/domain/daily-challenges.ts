import { createHash } from 'node:crypto';
import {
  PREMIUM_ONLY_CATEGORIES,
  SCENARIO_CATEGORIES,
  XP_REWARDS,
  type ScenarioCategory,
} from '@parley/contracts';
import { FOCUS, type ObjectiveKind } from '../../habits/domain/habits.data';
import { objectiveKindLabel, type Focus } from '../../habits/domain/focus';
import type { Skill } from './badges.data';
import type { Day } from './calendar';

/*
 * Daily challenges: every user gets three a day, one from each group below, chosen from a hash of the user
 * id and their calendar date, so the set is the same on every replica and every request that day, differs
 * between users, and changes at the user's midnight. Progress comes only from completed sessions.
 *
 * A free learner has 5 sessions a month, so their set never asks for more than one session in a day: from
 * the sessions group they only ever get "Complete a practice session", and all three of their challenges
 * can be met in that one session. Premium learners (unlimited sessions) may be asked for 2 or 3.
 */

export type ChallengeMeasure =
  | { kind: 'sessions' }
  | { kind: 'skillScore'; skill: Skill; atLeast: number }
  | { kind: 'allSkills'; atLeast: number }
  | { kind: 'newScenario' }
  | { kind: 'category'; category: ScenarioCategory }
  | { kind: 'messages'; atLeast: number }
  /** Open questions the feedback's evidence shows in one session. */
  | { kind: 'openQuestions'; atLeast: number }
  /** One of the scenario's objectives of this kind met in a session. */
  | { kind: 'objectiveKind'; objectiveKind: ObjectiveKind };

export interface ChallengeTemplate {
  key: string;
  description: string;
  target: number;
  measure: ChallengeMeasure;
}

export const CATEGORY_LABELS: Record<ScenarioCategory, string> = {
  'job-interviews': 'job interview',
  'customer-service': 'customer service',
  sales: 'sales',
  'team-meetings': 'team meeting',
  'conflict-resolution': 'conflict resolution',
  networking: 'networking',
  'salary-negotiation': 'salary negotiation',
  'giving-feedback': 'giving feedback',
  'setting-boundaries': 'setting boundaries',
  'executive-communication': 'executive communication',
  'crisis-management': 'crisis management',
};

const skill = (s: Skill): ChallengeTemplate => ({
  key: `${s}-8`,
  description: `Score 8+ in ${s}`,
  target: 1,
  measure: { kind: 'skillScore', skill: s, atLeast: 8 },
});

/** Three groups; a day's set takes one template from each. */
export const CHALLENGE_GROUPS: ReadonlyArray<readonly ChallengeTemplate[]> = [
  [
    {
      key: 'sessions-1',
      description: 'Complete a practice session',
      target: 1,
      measure: { kind: 'sessions' },
    },
    {
      key: 'sessions-2',
      description: 'Complete 2 practice sessions',
      target: 2,
      measure: { kind: 'sessions' },
    },
    {
      key: 'sessions-3',
      description: 'Complete 3 practice sessions',
      target: 3,
      measure: { kind: 'sessions' },
    },
  ],
  [
    skill('clarity'),
    skill('empathy'),
    skill('persuasion'),
    {
      key: 'all-skills-7',
      description: 'Score 7+ in clarity, empathy and persuasion in one session',
      target: 1,
      measure: { kind: 'allSkills', atLeast: 7 },
    },
  ],
  [
    {
      key: 'new-scenario',
      description: "Try a scenario you haven't practised before",
      target: 1,
      measure: { kind: 'newScenario' },
    },
    {
      key: 'messages-12',
      description: 'Hold a practice conversation of 12 messages or more',
      target: 1,
      measure: { kind: 'messages', atLeast: 12 },
    },
    // Areas every plan can practise, so a free user can always complete the challenge.
    ...SCENARIO_CATEGORIES.filter((c) => !PREMIUM_ONLY_CATEGORIES.includes(c)).map(
      (category): ChallengeTemplate => ({
        key: `category-${category}`,
        description: `Complete a ${CATEGORY_LABELS[category]} practice`,
        target: 1,
        measure: { kind: 'category', category },
      }),
    ),
  ],
];

export interface GeneratedChallenge extends ChallengeTemplate {
  /** `<day>.<template key>`, e.g. 2026-11-22.empathy-8: unique per user and day. */
  id: string;
  day: Day;
  xp: number;
}

/**
 * The challenge aimed at the learner's weakest skill ("Score 7+ on empathy"), which takes the skill
 * group's place, and the one aimed at their weakest objective kind ("Ask two open questions in one
 * session"), which takes the variety group's place (docs/adr/0019).
 */
export function focusTemplates(focus: Focus | undefined): Array<ChallengeTemplate | undefined> {
  const skillTemplate: ChallengeTemplate | undefined = focus?.skill
    ? {
        key: `focus-${focus.skill}-${FOCUS.skillTarget}`,
        description: `Score ${FOCUS.skillTarget}+ on ${focus.skill}`,
        target: 1,
        measure: { kind: 'skillScore', skill: focus.skill, atLeast: FOCUS.skillTarget },
      }
    : undefined;
  let kindTemplate: ChallengeTemplate | undefined;
  if (focus?.kind === 'ask-questions') {
    kindTemplate = {
      key: `focus-open-questions-${FOCUS.openQuestions}`,
      description: 'Ask two open questions in one session',
      target: 1,
      measure: { kind: 'openQuestions', atLeast: FOCUS.openQuestions },
    };
  } else if (focus?.kind && focus.kind !== 'other') {
    kindTemplate = {
      key: `focus-${focus.kind}`,
      description: `Meet an objective about ${objectiveKindLabel(focus.kind)} in a session`,
      target: 1,
      measure: { kind: 'objectiveKind', objectiveKind: focus.kind },
    };
  }
  return [undefined, skillTemplate, kindTemplate];
}

export type ChallengePlan = 'free' | 'premium';

/** The templates of a group a plan may be given: on the free plan, none that takes more than one session. */
function groupFor(group: readonly ChallengeTemplate[], plan: ChallengePlan): readonly ChallengeTemplate[] {
  if (plan === 'premium') return group;
  return group.filter((t) => !(t.measure.kind === 'sessions' && t.target > 1));
}

/**
 * The user's challenges for one of their calendar days. `focus` (the weakest skill and objective kind
 * as of the start of that day, so the set stays the same all day) aims two of them at it. `plan`: a free
 * learner is never asked for more than one session in a day.
 */
export function challengesFor(
  userId: string,
  day: Day,
  focus?: Focus,
  plan: ChallengePlan = 'premium',
): GeneratedChallenge[] {
  const digest = createHash('sha256').update(`${userId}|${day}`).digest();
  const aimed = focusTemplates(focus);
  return CHALLENGE_GROUPS.map((whole, i) => {
    const group = groupFor(whole, plan);
    const template = aimed[i] ?? group[digest.readUInt32BE(i * 4) % group.length]!;
    return { ...template, id: `${day}.${template.key}`, day, xp: XP_REWARDS.dailyChallenge };
  });
}

/** The day a challenge id belongs to, or null when it is not shaped like one. */
export function dayOfChallenge(id: string): Day | null {
  const match = /^(\d{4}-\d{2}-\d{2})\.[a-z0-9-]+$/.exec(id);
  return match ? match[1]! : null;
}

/** A completed session, as challenge progress sees it. */
export interface CompletedSessionFacts {
  category: string;
  scores: Readonly<Record<Skill, number>>;
  messageCount: number;
  /** True when this is the first time the user practised the scenario. */
  newScenario: boolean;
  /** Open questions in the lines the feedback cited (0 when the event carried no evidence). */
  openQuestions?: number;
  /** Kinds of the scenario's objectives the learner met. */
  objectiveKindsMet?: readonly ObjectiveKind[];
}

/** How far one completed session moves a challenge (0 or 1). */
export function progressFrom(measure: ChallengeMeasure, session: CompletedSessionFacts): number {
  switch (measure.kind) {
    case 'sessions':
      return 1;
    case 'skillScore':
      return session.scores[measure.skill] >= measure.atLeast ? 1 : 0;
    case 'allSkills':
      return (['clarity', 'empathy', 'persuasion'] as const).every(
        (s) => session.scores[s] >= measure.atLeast,
      )
        ? 1
        : 0;
    case 'newScenario':
      return session.newScenario ? 1 : 0;
    case 'category':
      return session.category === measure.category ? 1 : 0;
    case 'messages':
      return session.messageCount >= measure.atLeast ? 1 : 0;
    case 'openQuestions':
      return (session.openQuestions ?? 0) >= measure.atLeast ? 1 : 0;
    case 'objectiveKind':
      return session.objectiveKindsMet?.includes(measure.objectiveKind) ? 1 : 0;
  }
}

import { BADGES, type BadgeDefinition, type BadgeRule, type Skill } from './badges.data';

/** What the badge rules look at: the player's totals after the event was applied. */
export interface PlayerStats {
  sessions: number;
  longestStreak: number;
  level: number;
  xp: number;
  challengesClaimed: number;
  distinctScenarios: number;
  distinctCategories: number;
  sessionsByCategory: Readonly<Record<string, number>>;
  /** Sessions, all time, scoring at least 8 in each skill. */
  sessionsWithSkillAtLeast8: Readonly<Record<Skill, number>>;
}

/** The session the event completed, when the event is a completed session. */
export interface SessionFacts {
  scores: Readonly<Record<Skill, number>>;
  messageCount: number;
  /** The user's wall clock when it was completed. */
  hour: number;
  /** ISO weekday, 1 Monday … 7 Sunday. */
  weekday: number;
  /** Sessions completed on the same calendar day (the user's), this one included. */
  sessionsThatDay: number;
}

const SKILLS: Skill[] = ['clarity', 'empathy', 'persuasion'];

export function ruleHolds(rule: BadgeRule, stats: PlayerStats, session?: SessionFacts): boolean {
  switch (rule.kind) {
    case 'sessions':
      return stats.sessions >= rule.atLeast;
    case 'streak':
      return stats.longestStreak >= rule.atLeast;
    case 'categorySessions':
      return (stats.sessionsByCategory[rule.category] ?? 0) >= rule.atLeast;
    case 'distinctScenarios':
      return stats.distinctScenarios >= rule.atLeast;
    case 'distinctCategories':
      return stats.distinctCategories >= rule.atLeast;
    case 'skillSessions':
      return stats.sessionsWithSkillAtLeast8[rule.skill] >= rule.count;
    case 'level':
      return stats.level >= rule.atLeast;
    case 'xp':
      return stats.xp >= rule.atLeast;
    case 'challengesClaimed':
      return stats.challengesClaimed >= rule.atLeast;
    case 'sessionScore':
      if (!session) return false;
      return (rule.skill === 'all' ? SKILLS : [rule.skill]).every((s) => session.scores[s] >= rule.atLeast);
    case 'sessionHour':
      if (!session) return false;
      return (
        (rule.before !== undefined && session.hour < rule.before) ||
        (rule.from !== undefined && session.hour >= rule.from)
      );
    case 'sessionOnWeekend':
      return !!session && session.weekday >= 6;
    case 'sessionsInOneDay':
      return !!session && session.sessionsThatDay >= rule.atLeast;
    case 'sessionMessages':
      return !!session && session.messageCount >= rule.atLeast;
  }
}

/** Badges whose rule now holds and which the player does not have yet, in catalogue order. */
export function newlyEarnedBadges(
  stats: PlayerStats,
  session: SessionFacts | undefined,
  alreadyEarned: ReadonlySet<string>,
  catalogue: readonly BadgeDefinition[] = BADGES,
): BadgeDefinition[] {
  return catalogue.filter((b) => !alreadyEarned.has(b.id) && ruleHolds(b.rule, stats, session));
}

import type { EarnedBadge, ScenarioCategory } from '@parley/contracts';

/*
 * The badge catalogue: versioned data. Each badge has a stable id (stored with the user who earned it; never
 * reuse or rename one), an emoji icon, the texts the panel shows and a rule from the small vocabulary
 * below, which badge-rules.ts evaluates. Adding badges: append, bump BADGE_CATALOGUE_VERSION; they are
 * evaluated from the next event of each user on (no backfill). Removing one hides it from summaries.
 */
export const BADGE_CATALOGUE_VERSION = 1;

export type Skill = 'clarity' | 'empathy' | 'persuasion';

export type BadgeRule =
  /** Completed practice sessions, all time. */
  | { kind: 'sessions'; atLeast: number }
  /** Longest streak of active days. */
  | { kind: 'streak'; atLeast: number }
  | { kind: 'categorySessions'; category: ScenarioCategory; atLeast: number }
  | { kind: 'distinctScenarios'; atLeast: number }
  | { kind: 'distinctCategories'; atLeast: number }
  /** One session scoring at least this in the skill ('all': in each of the three). */
  | { kind: 'sessionScore'; skill: Skill | 'all'; atLeast: number }
  /** `count` sessions, all time, scoring 8 or more in the skill. */
  | { kind: 'skillSessions'; skill: Skill; count: number }
  | { kind: 'level'; atLeast: number }
  | { kind: 'xp'; atLeast: number }
  | { kind: 'challengesClaimed'; atLeast: number }
  /** A session completed, in the user's time zone, before hour `before` or from hour `from`. */
  | { kind: 'sessionHour'; before?: number; from?: number }
  | { kind: 'sessionOnWeekend' }
  /** Sessions completed on one calendar day (the user's). */
  | { kind: 'sessionsInOneDay'; atLeast: number }
  /** Messages in one completed session. */
  | { kind: 'sessionMessages'; atLeast: number };

export interface BadgeDefinition {
  id: string;
  icon: string;
  title: string;
  description: string;
  rule: BadgeRule;
}

const CATEGORY_BADGES: Array<{
  category: ScenarioCategory;
  icon: string;
  first: [string, string];
  ten: [string, string];
}> = [
  {
    category: 'job-interviews',
    icon: '💼',
    first: ['Interview Ready', 'Complete a job interview practice'],
    ten: ['Interview Ace', 'Complete 10 job interview practices'],
  },
  {
    category: 'customer-service',
    icon: '🤝',
    first: ['Service Starter', 'Complete a customer service practice'],
    ten: ['Customer Champion', 'Complete 10 customer service practices'],
  },
  {
    category: 'sales',
    icon: '📈',
    first: ['First Pitch', 'Complete a sales practice'],
    ten: ['Closer', 'Complete 10 sales practices'],
  },
  {
    category: 'team-meetings',
    icon: '👥',
    first: ['Team Player', 'Complete a team meeting practice'],
    ten: ['Meeting Maestro', 'Complete 10 team meeting practices'],
  },
  {
    category: 'conflict-resolution',
    icon: '🕊️',
    first: ['Peacemaker', 'Complete a conflict resolution practice'],
    ten: ['Conflict Navigator', 'Complete 10 conflict resolution practices'],
  },
  {
    category: 'networking',
    icon: '🌐',
    first: ['Connector', 'Complete a networking practice'],
    ten: ['Super Networker', 'Complete 10 networking practices'],
  },
  {
    category: 'salary-negotiation',
    icon: '💰',
    first: ['Know Your Worth', 'Complete a salary negotiation practice'],
    ten: ['Master Negotiator', 'Complete 10 salary negotiation practices'],
  },
  {
    category: 'giving-feedback',
    icon: '💬',
    first: ['Feedback Giver', 'Complete a giving feedback practice'],
    ten: ['Feedback Guru', 'Complete 10 giving feedback practices'],
  },
  {
    category: 'setting-boundaries',
    icon: '🛡️',
    first: ['Boundary Setter', 'Complete a setting boundaries practice'],
    ten: ['Boundary Keeper', 'Complete 10 setting boundaries practices'],
  },
  {
    category: 'executive-communication',
    icon: '🎩',
    first: ['Executive Presence', 'Complete an executive communication practice'],
    ten: ['Boardroom Voice', 'Complete 10 executive communication practices'],
  },
  {
    category: 'crisis-management',
    icon: '🚨',
    first: ['Calm Under Pressure', 'Complete a crisis management practice'],
    ten: ['Crisis Commander', 'Complete 10 crisis management practices'],
  },
];

export const BADGES: readonly BadgeDefinition[] = [
  // Practice volume
  {
    id: 'first-session',
    icon: '🎯',
    title: 'First Steps',
    description: 'Complete your first practice session',
    rule: { kind: 'sessions', atLeast: 1 },
  },
  {
    id: 'sessions-5',
    icon: '🌱',
    title: 'Warming Up',
    description: 'Complete 5 practice sessions',
    rule: { kind: 'sessions', atLeast: 5 },
  },
  {
    id: 'sessions-10',
    icon: '🔟',
    title: 'Getting Serious',
    description: 'Complete 10 practice sessions',
    rule: { kind: 'sessions', atLeast: 10 },
  },
  {
    id: 'sessions-25',
    icon: '💪',
    title: 'Dedicated',
    description: 'Complete 25 practice sessions',
    rule: { kind: 'sessions', atLeast: 25 },
  },
  {
    id: 'sessions-50',
    icon: '🏅',
    title: 'Half Century',
    description: 'Complete 50 practice sessions',
    rule: { kind: 'sessions', atLeast: 50 },
  },
  {
    id: 'sessions-100',
    icon: '💯',
    title: 'Centurion',
    description: 'Complete 100 practice sessions',
    rule: { kind: 'sessions', atLeast: 100 },
  },
  {
    id: 'sessions-250',
    icon: '🚀',
    title: 'Unstoppable',
    description: 'Complete 250 practice sessions',
    rule: { kind: 'sessions', atLeast: 250 },
  },
  {
    id: 'sessions-500',
    icon: '👑',
    title: 'Conversation Legend',
    description: 'Complete 500 practice sessions',
    rule: { kind: 'sessions', atLeast: 500 },
  },
  // Streaks (7, 30 and 100 days are the milestones of spec section 9)
  {
    id: 'streak-3',
    icon: '🔥',
    title: 'On a Roll',
    description: 'Keep a 3-day streak',
    rule: { kind: 'streak', atLeast: 3 },
  },
  {
    id: 'streak-7',
    icon: '📅',
    title: 'Week Warrior',
    description: 'Keep a 7-day streak',
    rule: { kind: 'streak', atLeast: 7 },
  },
  {
    id: 'streak-14',
    icon: '⚡',
    title: 'Fortnight Focus',
    description: 'Keep a 14-day streak',
    rule: { kind: 'streak', atLeast: 14 },
  },
  {
    id: 'streak-30',
    icon: '🌟',
    title: 'Monthly Master',
    description: 'Keep a 30-day streak',
    rule: { kind: 'streak', atLeast: 30 },
  },
  {
    id: 'streak-60',
    icon: '💎',
    title: 'Habit Formed',
    description: 'Keep a 60-day streak',
    rule: { kind: 'streak', atLeast: 60 },
  },
  {
    id: 'streak-100',
    icon: '🏆',
    title: 'Streak Centurion',
    description: 'Keep a 100-day streak',
    rule: { kind: 'streak', atLeast: 100 },
  },
  {
    id: 'streak-365',
    icon: '🌍',
    title: 'Year-Round Communicator',
    description: 'Keep a 365-day streak',
    rule: { kind: 'streak', atLeast: 365 },
  },
  // Practice areas
  ...CATEGORY_BADGES.flatMap(({ category, icon, first, ten }): BadgeDefinition[] => [
    {
      id: `${category}-1`,
      icon,
      title: first[0],
      description: first[1],
      rule: { kind: 'categorySessions', category, atLeast: 1 },
    },
    {
      id: `${category}-10`,
      icon,
      title: ten[0],
      description: ten[1],
      rule: { kind: 'categorySessions', category, atLeast: 10 },
    },
  ]),
  // Variety
  {
    id: 'scenarios-5',
    icon: '🧭',
    title: 'Explorer',
    description: 'Practise 5 different scenarios',
    rule: { kind: 'distinctScenarios', atLeast: 5 },
  },
  {
    id: 'scenarios-10',
    icon: '🗺️',
    title: 'Adventurer',
    description: 'Practise 10 different scenarios',
    rule: { kind: 'distinctScenarios', atLeast: 10 },
  },
  {
    id: 'scenarios-25',
    icon: '🔭',
    title: 'Pathfinder',
    description: 'Practise 25 different scenarios',
    rule: { kind: 'distinctScenarios', atLeast: 25 },
  },
  {
    id: 'scenarios-50',
    icon: '🌌',
    title: 'Scenario Collector',
    description: 'Practise 50 different scenarios',
    rule: { kind: 'distinctScenarios', atLeast: 50 },
  },
  {
    id: 'categories-3',
    icon: '🎨',
    title: 'Versatile',
    description: 'Practise in 3 different areas',
    rule: { kind: 'distinctCategories', atLeast: 3 },
  },
  {
    id: 'categories-6',
    icon: '🧩',
    title: 'Well-Rounded',
    description: 'Practise in 6 different areas',
    rule: { kind: 'distinctCategories', atLeast: 6 },
  },
  {
    id: 'categories-11',
    icon: '🌈',
    title: 'Renaissance Communicator',
    description: 'Practise in all 11 areas',
    rule: { kind: 'distinctCategories', atLeast: 11 },
  },
  // Skill scores
  {
    id: 'clarity-8',
    icon: '🔍',
    title: 'Crystal Clear',
    description: 'Score 8 or more in clarity',
    rule: { kind: 'sessionScore', skill: 'clarity', atLeast: 8 },
  },
  {
    id: 'empathy-8',
    icon: '❤️',
    title: 'Empath',
    description: 'Score 8 or more in empathy',
    rule: { kind: 'sessionScore', skill: 'empathy', atLeast: 8 },
  },
  {
    id: 'persuasion-8',
    icon: '🎤',
    title: 'Persuader',
    description: 'Score 8 or more in persuasion',
    rule: { kind: 'sessionScore', skill: 'persuasion', atLeast: 8 },
  },
  {
    id: 'clarity-10',
    icon: '✨',
    title: 'Perfect Clarity',
    description: 'Score a perfect 10 in clarity',
    rule: { kind: 'sessionScore', skill: 'clarity', atLeast: 10 },
  },
  {
    id: 'empathy-10',
    icon: '💖',
    title: 'Perfect Empathy',
    description: 'Score a perfect 10 in empathy',
    rule: { kind: 'sessionScore', skill: 'empathy', atLeast: 10 },
  },
  {
    id: 'persuasion-10',
    icon: '🧲',
    title: 'Perfect Persuasion',
    description: 'Score a perfect 10 in persuasion',
    rule: { kind: 'sessionScore', skill: 'persuasion', atLeast: 10 },
  },
  {
    id: 'all-skills-8',
    icon: '⭐',
    title: 'All-Rounder',
    description: 'Score 8 or more in clarity, empathy and persuasion in one session',
    rule: { kind: 'sessionScore', skill: 'all', atLeast: 8 },
  },
  {
    id: 'all-skills-10',
    icon: '🌠',
    title: 'Flawless',
    description: 'Score a perfect 10 in clarity, empathy and persuasion in one session',
    rule: { kind: 'sessionScore', skill: 'all', atLeast: 10 },
  },
  {
    id: 'clarity-expert',
    icon: '📐',
    title: 'Clarity Expert',
    description: 'Score 8 or more in clarity in 10 sessions',
    rule: { kind: 'skillSessions', skill: 'clarity', count: 10 },
  },
  {
    id: 'empathy-expert',
    icon: '🤗',
    title: 'Empathy Expert',
    description: 'Score 8 or more in empathy in 10 sessions',
    rule: { kind: 'skillSessions', skill: 'empathy', count: 10 },
  },
  {
    id: 'persuasion-expert',
    icon: '🗣️',
    title: 'Persuasion Expert',
    description: 'Score 8 or more in persuasion in 10 sessions',
    rule: { kind: 'skillSessions', skill: 'persuasion', count: 10 },
  },
  // Levels and XP
  {
    id: 'level-2',
    icon: '🎓',
    title: 'Apprentice',
    description: 'Reach level 2, Apprentice',
    rule: { kind: 'level', atLeast: 2 },
  },
  {
    id: 'level-3',
    icon: '🧠',
    title: 'Expert',
    description: 'Reach level 3, Expert',
    rule: { kind: 'level', atLeast: 3 },
  },
  {
    id: 'level-4',
    icon: '🥋',
    title: 'Master',
    description: 'Reach level 4, Master',
    rule: { kind: 'level', atLeast: 4 },
  },
  {
    id: 'level-5',
    icon: '🐉',
    title: 'Grandmaster',
    description: 'Reach level 5, Grandmaster',
    rule: { kind: 'level', atLeast: 5 },
  },
  {
    id: 'xp-1000',
    icon: '🪙',
    title: 'XP Collector',
    description: 'Earn 1,000 XP',
    rule: { kind: 'xp', atLeast: 1000 },
  },
  {
    id: 'xp-5000',
    icon: '🏦',
    title: 'XP Hoarder',
    description: 'Earn 5,000 XP',
    rule: { kind: 'xp', atLeast: 5000 },
  },
  {
    id: 'xp-10000',
    icon: '💠',
    title: 'XP Magnate',
    description: 'Earn 10,000 XP',
    rule: { kind: 'xp', atLeast: 10000 },
  },
  // Daily challenges
  {
    id: 'challenges-1',
    icon: '✅',
    title: 'Challenge Accepted',
    description: 'Claim your first daily challenge',
    rule: { kind: 'challengesClaimed', atLeast: 1 },
  },
  {
    id: 'challenges-10',
    icon: '🎖️',
    title: 'Challenge Seeker',
    description: 'Claim 10 daily challenges',
    rule: { kind: 'challengesClaimed', atLeast: 10 },
  },
  {
    id: 'challenges-50',
    icon: '🥇',
    title: 'Challenge Champion',
    description: 'Claim 50 daily challenges',
    rule: { kind: 'challengesClaimed', atLeast: 50 },
  },
  // Habits
  {
    id: 'early-bird',
    icon: '🐦',
    title: 'Early Bird',
    description: 'Complete a practice session before 8 a.m.',
    rule: { kind: 'sessionHour', before: 8 },
  },
  {
    id: 'night-owl',
    icon: '🦉',
    title: 'Night Owl',
    description: 'Complete a practice session after 10 p.m.',
    rule: { kind: 'sessionHour', from: 22 },
  },
  {
    id: 'weekend-warrior',
    icon: '🏖️',
    title: 'Weekend Warrior',
    description: 'Complete a practice session on a weekend',
    rule: { kind: 'sessionOnWeekend' },
  },
  {
    id: 'marathon',
    icon: '🏃',
    title: 'Marathon',
    description: 'Complete 3 practice sessions in one day',
    rule: { kind: 'sessionsInOneDay', atLeast: 3 },
  },
  {
    id: 'deep-dive',
    icon: '🤿',
    title: 'Deep Dive',
    description: 'Hold a practice conversation of 20 messages or more',
    rule: { kind: 'sessionMessages', atLeast: 20 },
  },
];

const byId = new Map(BADGES.map((b, position) => [b.id, { ...b, position }]));

export function badgeById(id: string): (BadgeDefinition & { position: number }) | undefined {
  return byId.get(id);
}

/**
 * Stored badge rows as the learner sees them: newest first, those earned together in catalogue order; a
 * badge retired from the catalogue is left out.
 */
export function earnedBadges(rows: Array<{ badge_id: string; earned_at: Date }>): EarnedBadge[] {
  return rows
    .flatMap((r) => {
      const badge = badgeById(r.badge_id);
      return badge ? [{ badge, earnedAt: r.earned_at }] : [];
    })
    .sort((a, b) => b.earnedAt.getTime() - a.earnedAt.getTime() || a.badge.position - b.badge.position)
    .map(({ badge, earnedAt }) => ({
      id: badge.id,
      icon: badge.icon,
      title: badge.title,
      description: badge.description,
      earned_at: earnedAt.toISOString(),
    }));
}

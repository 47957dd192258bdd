import { SCENARIO_CATEGORIES } from '@parley/contracts';
import { newlyEarnedBadges, ruleHolds, type PlayerStats, type SessionFacts } from './badge-rules';
import { BADGES, badgeById } from './badges.data';

const none: PlayerStats = {
  sessions: 0,
  longestStreak: 0,
  level: 1,
  xp: 0,
  challengesClaimed: 0,
  distinctScenarios: 0,
  distinctCategories: 0,
  sessionsByCategory: {},
  sessionsWithSkillAtLeast8: { clarity: 0, empathy: 0, persuasion: 0 },
};

const session: SessionFacts = {
  scores: { clarity: 6, empathy: 6, persuasion: 6 },
  messageCount: 6,
  hour: 12,
  weekday: 3,
  sessionsThatDay: 1,
};

const ids = (stats: PlayerStats, facts?: SessionFacts, earned: string[] = []) =>
  newlyEarnedBadges(stats, facts, new Set(earned)).map((b) => b.id);

describe('the badge catalogue', () => {
  it('defines at least 50 badges, each with a unique id, an emoji icon, a title and a description', () => {
    expect(BADGES.length).toBeGreaterThanOrEqual(50);
    expect(new Set(BADGES.map((b) => b.id)).size).toBe(BADGES.length);
    for (const b of BADGES) {
      expect(b.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(b.icon).toMatch(/\p{Extended_Pictographic}/u);
      expect(b.title.length).toBeGreaterThan(2);
      expect(b.description.length).toBeGreaterThan(10);
    }
  });

  it('has the spec’s examples and a first and a tenth practice badge for every area', () => {
    expect(badgeById('first-session')?.rule).toEqual({ kind: 'sessions', atLeast: 1 });
    expect(badgeById('sessions-100')?.rule).toEqual({ kind: 'sessions', atLeast: 100 });
    expect(badgeById('streak-30')?.rule).toEqual({ kind: 'streak', atLeast: 30 });
    for (const category of SCENARIO_CATEGORIES) {
      expect(badgeById(`${category}-1`)).toBeDefined();
      expect(badgeById(`${category}-10`)).toBeDefined();
    }
  });
});

describe('badge rules', () => {
  it('gives nothing before anything happened', () => {
    expect(ids(none)).toEqual([]);
  });

  it('awards the first session with its practice area', () => {
    const stats = {
      ...none,
      sessions: 1,
      distinctScenarios: 1,
      distinctCategories: 1,
      sessionsByCategory: { sales: 1 },
    };
    expect(ids(stats, session)).toEqual(['first-session', 'sales-1']);
  });

  it('awards 100 sessions at the hundredth, not before', () => {
    expect(ids({ ...none, sessions: 99 }, undefined, ['first-session'])).not.toContain('sessions-100');
    expect(ids({ ...none, sessions: 100 })).toContain('sessions-100');
  });

  it('never awards a badge the player already has', () => {
    expect(ids({ ...none, sessions: 1 }, undefined, ['first-session'])).toEqual([]);
  });

  it('awards the streak milestones from the longest streak', () => {
    expect(ids({ ...none, longestStreak: 7 })).toEqual(['streak-3', 'streak-7']);
    expect(ids({ ...none, longestStreak: 30 })).toContain('streak-30');
    expect(ids({ ...none, longestStreak: 29 })).not.toContain('streak-30');
  });

  it('awards skill scores from the session that scored them', () => {
    const great = { ...session, scores: { clarity: 8, empathy: 10, persuasion: 7.5 } };
    expect(ids(none, great)).toEqual(['clarity-8', 'empathy-8', 'empathy-10']);
    const allEight = { ...session, scores: { clarity: 8, empathy: 8.5, persuasion: 9 } };
    expect(ids(none, allEight)).toContain('all-skills-8');
    // Without a session (a sign-in, a claim) score badges are not evaluated.
    expect(ruleHolds({ kind: 'sessionScore', skill: 'clarity', atLeast: 8 }, none)).toBe(false);
  });

  it('counts sessions scoring 8+ in a skill for the expert badges', () => {
    const stats = { ...none, sessionsWithSkillAtLeast8: { clarity: 10, empathy: 9, persuasion: 0 } };
    expect(ids(stats)).toEqual(['clarity-expert']);
  });

  it('awards variety, levels, XP and claimed challenges', () => {
    expect(ids({ ...none, distinctScenarios: 5, distinctCategories: 3 })).toEqual([
      'scenarios-5',
      'categories-3',
    ]);
    expect(ids({ ...none, level: 3, xp: 1200 })).toEqual(['level-2', 'level-3', 'xp-1000']);
    expect(ids({ ...none, challengesClaimed: 1 })).toEqual(['challenges-1']);
  });

  it('awards habits from the user’s own clock and calendar', () => {
    expect(ids(none, { ...session, hour: 7 })).toEqual(['early-bird']);
    expect(ids(none, { ...session, hour: 22 })).toEqual(['night-owl']);
    expect(ids(none, { ...session, hour: 21 })).toEqual([]);
    expect(ids(none, { ...session, weekday: 6 })).toEqual(['weekend-warrior']);
    expect(ids(none, { ...session, weekday: 7 })).toEqual(['weekend-warrior']);
    expect(ids(none, { ...session, sessionsThatDay: 3 })).toEqual(['marathon']);
    expect(ids(none, { ...session, messageCount: 20 })).toEqual(['deep-dive']);
  });
});

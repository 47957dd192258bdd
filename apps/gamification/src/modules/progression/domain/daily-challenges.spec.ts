import { PREMIUM_ONLY_CATEGORIES, XP_REWARDS } from '@parley/contracts';
import {
  CHALLENGE_GROUPS,
  challengesFor,
  dayOfChallenge,
  progressFrom,
  type CompletedSessionFacts,
} from './daily-challenges';

const ada = '0192f8a4-3a8b-7c2d-9e4f-0a1b2c3d4e5f';
const bob = '5b0c1c4e-8a39-4f5e-9d52-3f1a2b3c4d5e';

const session: CompletedSessionFacts = {
  category: 'sales',
  scores: { clarity: 7, empathy: 8, persuasion: 6 },
  messageCount: 8,
  newScenario: false,
};

describe('daily challenges', () => {
  it('gives the same three challenges for the same user and day, one from each group', () => {
    const first = challengesFor(ada, '2026-11-22');
    expect(challengesFor(ada, '2026-11-22')).toEqual(first);
    expect(first).toHaveLength(3);
    first.forEach((c, i) => expect(CHALLENGE_GROUPS[i]!.map((t) => t.key)).toContain(c.id.split('.')[1]));
    for (const c of first) {
      expect(c.id.startsWith('2026-11-22.')).toBe(true);
      expect(c.xp).toBe(XP_REWARDS.dailyChallenge);
      expect(dayOfChallenge(c.id)).toBe('2026-11-22');
    }
  });

  it('gives a fresh set on other days and to other users', () => {
    const keys = (user: string, day: string) =>
      challengesFor(user, day)
        .map((c) => c.id.split('.')[1])
        .join();
    const days = Array.from({ length: 30 }, (_, i) => `2026-11-${String(i + 1).padStart(2, '0')}`);
    expect(new Set(days.map((d) => keys(ada, d))).size).toBeGreaterThan(5);
    expect(days.filter((d) => keys(ada, d) !== keys(bob, d)).length).toBeGreaterThan(15);
  });

  it('never asks a free learner (5 sessions a month) for more than one session in a day', () => {
    const days = Array.from({ length: 60 }, (_, i) =>
      new Date(Date.UTC(2026, 10, 1 + i)).toISOString().slice(0, 10),
    );
    for (const user of [ada, bob]) {
      for (const day of days) {
        const free = challengesFor(user, day, undefined, 'free');
        expect(free).toHaveLength(3);
        expect(free.every((c) => c.target === 1)).toBe(true);
        expect(free[0]!.description).toBe('Complete a practice session');
        // The other two are the premium set's: only the sessions count differs.
        expect(free.slice(1)).toEqual(challengesFor(user, day, undefined, 'premium').slice(1));
      }
    }
    const premiumTargets = days.map((day) => challengesFor(ada, day, undefined, 'premium')[0]!.target);
    expect(premiumTargets).toEqual(expect.arrayContaining([2, 3]));
  });

  it('only asks for areas every plan can practise', () => {
    const keys = CHALLENGE_GROUPS.flat().map((t) => t.key);
    for (const premium of PREMIUM_ONLY_CATEGORIES) expect(keys).not.toContain(`category-${premium}`);
    expect(keys).toEqual(expect.arrayContaining(['sessions-1', 'empathy-8', 'new-scenario']));
  });

  it('moves each challenge only for a session that meets it', () => {
    expect(progressFrom({ kind: 'sessions' }, session)).toBe(1);
    expect(progressFrom({ kind: 'skillScore', skill: 'empathy', atLeast: 8 }, session)).toBe(1);
    expect(progressFrom({ kind: 'skillScore', skill: 'clarity', atLeast: 8 }, session)).toBe(0);
    expect(progressFrom({ kind: 'allSkills', atLeast: 7 }, session)).toBe(0);
    expect(progressFrom({ kind: 'allSkills', atLeast: 6 }, session)).toBe(1);
    expect(progressFrom({ kind: 'newScenario' }, session)).toBe(0);
    expect(progressFrom({ kind: 'newScenario' }, { ...session, newScenario: true })).toBe(1);
    expect(progressFrom({ kind: 'category', category: 'sales' }, session)).toBe(1);
    expect(progressFrom({ kind: 'category', category: 'networking' }, session)).toBe(0);
    expect(progressFrom({ kind: 'messages', atLeast: 12 }, session)).toBe(0);
  });

  it('recognises challenge ids', () => {
    expect(dayOfChallenge('2026-11-22.sessions-2')).toBe('2026-11-22');
    expect(dayOfChallenge('sessions-2')).toBeNull();
    expect(dayOfChallenge('2026-11-22.Bad Key')).toBeNull();
  });
});

import { LEVELS } from '@parley/contracts';
import { levelFor, levelProgress, levelsReached, levelStart } from './levels';

describe('levels', () => {
  it('has five levels with the marketing names on the 300·(n−1)² curve', () => {
    expect(LEVELS.map((l) => l.name)).toEqual(['Novice', 'Apprentice', 'Expert', 'Master', 'Grandmaster']);
    for (const l of LEVELS) expect(l.minXp).toBe(levelStart(l.level));
  });

  it('puts XP on a level at its threshold, not before', () => {
    expect(levelFor(0).name).toBe('Novice');
    expect(levelFor(299).level).toBe(1);
    expect(levelFor(300).level).toBe(2);
    expect(levelFor(1199).level).toBe(2);
    expect(levelFor(1200).level).toBe(3);
    expect(levelFor(4800).name).toBe('Grandmaster');
    expect(levelFor(1_000_000).level).toBe(5);
  });

  it('measures progress inside the current level, as the panel’s bar shows it', () => {
    expect(levelProgress(0)).toEqual({ progress: 0, currentXP: 0, nextLevelXP: 300 });
    expect(levelProgress(75)).toEqual({ progress: 25, currentXP: 75, nextLevelXP: 300 });
    expect(levelProgress(299)).toEqual({ progress: 99, currentXP: 299, nextLevelXP: 300 });
    expect(levelProgress(300)).toEqual({ progress: 0, currentXP: 0, nextLevelXP: 900 });
    expect(levelProgress(750)).toEqual({ progress: 50, currentXP: 450, nextLevelXP: 900 });
  });

  it('shows a full bar at the top level', () => {
    expect(levelProgress(4800)).toEqual({ progress: 100, currentXP: 0, nextLevelXP: 0 });
    expect(levelProgress(5000)).toEqual({ progress: 100, currentXP: 200, nextLevelXP: 200 });
  });

  it('lists every level crossed by one award', () => {
    expect(levelsReached(250, 300).map((l) => l.level)).toEqual([2]);
    expect(levelsReached(0, 1300).map((l) => l.level)).toEqual([2, 3]);
    expect(levelsReached(300, 350)).toEqual([]);
  });
});

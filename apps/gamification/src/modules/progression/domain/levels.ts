import { LEVELS, type LevelProgress } from '@parley/contracts';

/*
 * The level curve: level n starts at 300·(n−1)² XP (LEVELS in libs/contracts; docs/adr/0010). With one
 * session a day, Apprentice comes in about four days, Expert in about two weeks, Master in about six and
 * Grandmaster in about eleven; claimed daily challenges shorten that.
 */

export function levelStart(level: number): number {
  return 300 * (level - 1) ** 2;
}

export function levelFor(xp: number): (typeof LEVELS)[number] {
  let found: (typeof LEVELS)[number] = LEVELS[0];
  for (const l of LEVELS) if (xp >= l.minXp) found = l;
  return found;
}

/**
 * The panel's level bar: XP earned inside the current level against what the level takes, as a whole
 * percent rounded down (100 only at the top level). At the top level the bar is full.
 */
export function levelProgress(xp: number): LevelProgress {
  const current = levelFor(xp);
  const next = LEVELS.find((l) => l.level === current.level + 1);
  const currentXP = Math.max(0, xp - current.minXp);
  if (!next) return { progress: 100, currentXP, nextLevelXP: currentXP };
  const nextLevelXP = next.minXp - current.minXp;
  return { progress: Math.floor((currentXP * 100) / nextLevelXP), currentXP, nextLevelXP };
}

/** The levels reached when XP grows from `before` to `after`, lowest first. */
export function levelsReached(before: number, after: number): Array<(typeof LEVELS)[number]> {
  return LEVELS.filter((l) => l.minXp > before && l.minXp <= after);
}

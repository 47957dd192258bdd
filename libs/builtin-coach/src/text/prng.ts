/**
 * Seeded randomness for phrasing choices: the same seed, turn and learner text always give the same
 * reply (so tests are reproducible), while different turns and texts spread over the variants.
 */

/** FNV-1a, 32 bits: a stable, fast hash for mixing text into a seed. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, n). */
  int(n: number): number;
  /** True with the given probability. */
  chance(probability: number): boolean;
  /** The items in a random order (a new array). */
  shuffle<T>(items: readonly T[]): T[];
}

/** mulberry32: small, fast and good enough to choose between phrasings. */
export function createRng(...seeds: number[]): Rng {
  let state = seeds.reduce((acc, s) => Math.imul(acc ^ (s >>> 0), 0x9e3779b1) >>> 0, 0x2545f491);
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number): number => Math.floor(next() * n);
  return {
    next,
    int,
    chance: (probability) => next() < probability,
    shuffle: <T>(items: readonly T[]): T[] => {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i -= 1) {
        const j = int(i + 1);
        const a = copy[i] as T;
        copy[i] = copy[j] as T;
        copy[j] = a;
      }
      return copy;
    },
  };
}

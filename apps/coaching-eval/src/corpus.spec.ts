import { ACTS, SPLITS, frozenTestHash, loadSplit, testSplitHash } from './corpus';

const splits = Object.fromEntries(SPLITS.map((s) => [s, loadSplit(s)])) as Record<
  (typeof SPLITS)[number],
  ReturnType<typeof loadSplit>
>;
const plain = (text: string): string => text.toLowerCase().split(/\s+/).filter(Boolean).join(' ');

describe('the labelled learner lines (data/learner-lines)', () => {
  it('keep the test split exactly as it was frozen', () => {
    expect(testSplitHash()).toBe(frozenTestHash());
  });

  it('hold at least 2,000 lines, every act in every split', () => {
    expect(SPLITS.reduce((n, s) => n + splits[s].length, 0)).toBeGreaterThanOrEqual(2000);
    for (const split of SPLITS) {
      const missing = ACTS.filter((act) => splits[split].filter((l) => l.labels.includes(act)).length < 20);
      expect({ split, missing }).toEqual({ split, missing: [] });
    }
  });

  it('never put one line in two splits', () => {
    const where = new Map<string, string>();
    const twice: string[] = [];
    for (const split of SPLITS)
      for (const line of splits[split]) {
        const key = plain(line.text);
        const first = where.get(key);
        if (first && !first.startsWith(split)) twice.push(`${first} and ${line.at}`);
        else where.set(key, line.at);
      }
    expect(twice).toEqual([]);
  });

  it('say for every line its voice, category and context', () => {
    const incomplete = SPLITS.flatMap((s) => splits[s]).filter((l) => !l.voice || !l.category || !l.context);
    expect(incomplete.map((l) => l.at)).toEqual([]);
  });
});

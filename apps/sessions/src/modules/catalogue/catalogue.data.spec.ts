import { PREMIUM_ONLY_CATEGORIES, SCENARIO_CATEGORIES } from '@parley/contracts';
import { loadCatalogue } from './catalogue.data';

describe('the scenario catalogue data files', () => {
  const scenarios = loadCatalogue();

  it('validates every entry against the schema (loadCatalogue throws otherwise) with unique ids', () => {
    expect(new Set(scenarios.map((s) => s.id)).size).toBe(scenarios.length);
  });

  it('has at least 10 free basic scenarios and at least 200 premium ones', () => {
    expect(scenarios.filter((s) => !s.premium).length).toBeGreaterThanOrEqual(10);
    expect(scenarios.filter((s) => s.premium).length).toBeGreaterThanOrEqual(200);
  });

  it('covers every category, with Executive Communication and Crisis Management premium-only', () => {
    for (const category of SCENARIO_CATEGORIES)
      expect(scenarios.some((s) => s.category === category)).toBe(true);
    for (const category of PREMIUM_ONLY_CATEGORIES) {
      expect(scenarios.filter((s) => s.category === category).every((s) => s.premium)).toBe(true);
    }
  });

  it('has distinct titles, descriptions and opening lines, written one by one', () => {
    for (const field of ['title', 'description', 'openingLine'] as const) {
      const values = scenarios.map((s) => s[field].toLowerCase());
      expect(new Set(values).size).toBe(values.length);
    }
    // No template: the first three words of descriptions vary widely.
    const openings = new Set(
      scenarios.map((s) => s.description.split(/\s+/).slice(0, 3).join(' ').toLowerCase()),
    );
    expect(openings.size).toBeGreaterThan(scenarios.length * 0.6);
  });

  it('uses every difficulty', () => {
    for (const d of ['Beginner', 'Intermediate', 'Advanced'])
      expect(scenarios.some((s) => s.difficulty === d)).toBe(true);
  });
});

import type { Scenario } from '@parley/contracts';

/** The chip that means "no tag filter" (spec section 4). */
export const ALL_TAGS = 'All';
/** Tag chips shown before the More dropdown (spec section 9). */
export const VISIBLE_TAG_CHIPS = 6;
/** The category choice that means "every category". */
export const ALL_CATEGORIES = 'all';

/** A scenario with its text lower-cased once, so each keystroke only compares strings. */
export interface IndexedScenario {
  scenario: Scenario;
  title: string;
  description: string;
  tags: readonly string[];
}

export interface LibraryFilter {
  /** Free text: matches the title, the description or any tag, ignoring case. */
  search: string;
  /** A tag, or ALL_TAGS. */
  tag: string;
  /** A category slug, or ALL_CATEGORIES. */
  category: string;
  /** Only the scenarios in `favorites`. */
  favoritesOnly: boolean;
}

export const NO_FILTER: LibraryFilter = {
  search: '',
  tag: ALL_TAGS,
  category: ALL_CATEGORIES,
  favoritesOnly: false,
};

export function indexScenarios(scenarios: readonly Scenario[]): IndexedScenario[] {
  return scenarios.map((scenario) => ({
    scenario,
    title: scenario.title.toLowerCase(),
    description: scenario.description.toLowerCase(),
    tags: scenario.tags.map((tag) => tag.toLowerCase()),
  }));
}

/**
 * Every tag the scenarios carry, once, the most used first (ties alphabetically), so the six chips in
 * front are the ones that narrow the library most usefully.
 */
// One collator for every comparison: String#localeCompare sets one up per call, which on a slow phone
// made ordering the catalogue's 285 tags cost tens of milliseconds of the library's first paint.
export const byName = new Intl.Collator('en').compare;

export function tagsByUse(scenarios: readonly Scenario[]): string[] {
  const counts = new Map<string, number>();
  for (const scenario of scenarios) {
    for (const tag of new Set(scenario.tags)) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  }
  return [...counts.entries()]
    .sort(([a, countA], [b, countB]) => countB - countA || byName(a, b))
    .map(([tag]) => tag);
}

/** The categories present, in the order the catalogue first lists them. */
export function categoriesOf(scenarios: readonly Scenario[]): string[] {
  return [...new Set(scenarios.map((scenario) => scenario.category))];
}

/** 'job-interviews' → 'Job Interviews'. */
export function categoryLabel(category: string): string {
  return category
    .split('-')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** Search text AND selected tag (spec section 4), AND the optional category and favourites narrowing. */
export function filterScenarios(
  index: readonly IndexedScenario[],
  filter: LibraryFilter,
  favorites: ReadonlySet<string>,
): Scenario[] {
  const query = filter.search.trim().toLowerCase();
  const tag = filter.tag === ALL_TAGS ? null : filter.tag.toLowerCase();
  const category = filter.category === ALL_CATEGORIES ? null : filter.category;
  const result: Scenario[] = [];
  for (const entry of index) {
    if (tag !== null && !entry.tags.includes(tag)) continue;
    if (category !== null && entry.scenario.category !== category) continue;
    if (filter.favoritesOnly && !favorites.has(entry.scenario.id)) continue;
    if (
      query &&
      !entry.title.includes(query) &&
      !entry.description.includes(query) &&
      !entry.tags.some((t) => t.includes(query))
    )
      continue;
    result.push(entry.scenario);
  }
  return result;
}

export function isFiltered(filter: LibraryFilter): boolean {
  return (
    filter.search.trim() !== '' ||
    filter.tag !== ALL_TAGS ||
    filter.category !== ALL_CATEGORIES ||
    filter.favoritesOnly
  );
}

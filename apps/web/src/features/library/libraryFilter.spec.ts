import { describe, expect, it } from 'vitest';
import { libraryScenarios } from './__tests__/fixtures';
import {
  ALL_TAGS,
  NO_FILTER,
  categoryLabel,
  filterScenarios,
  indexScenarios,
  isFiltered,
  tagsByUse,
} from './libraryFilter';

const ids = (filter: Partial<typeof NO_FILTER>, favorites: ReadonlySet<string> = new Set()) =>
  filterScenarios(indexScenarios(libraryScenarios), { ...NO_FILTER, ...filter }, favorites).map((s) => s.id);

describe('library filter', () => {
  it('orders tags by use, ties alphabetically', () => {
    expect(tagsByUse(libraryScenarios).slice(0, 7)).toEqual([
      'money',
      'executive',
      'leadership',
      'sales',
      'crisis',
      'customer service',
      'manager',
    ]);
  });

  it('matches a tag exactly, not a part of it, while search matches parts of tags', () => {
    expect(ids({ tag: 'sale' })).toEqual([]);
    expect(ids({ search: 'sale' })).toEqual(['cold-call', 'exec-pitch']);
  });

  it('treats a blank search and the All tag as no filter', () => {
    expect(ids({ search: '   ', tag: ALL_TAGS })).toHaveLength(libraryScenarios.length);
    expect(isFiltered({ ...NO_FILTER, search: '  ' })).toBe(false);
    expect(isFiltered({ ...NO_FILTER, favoritesOnly: true })).toBe(true);
  });

  it('keeps only favourites when asked', () => {
    expect(ids({ favoritesOnly: true }, new Set(['cold-call', 'gone']))).toEqual(['cold-call']);
  });

  it('labels categories from their slugs', () => {
    expect(categoryLabel('job-interviews')).toBe('Job Interviews');
  });
});

import { Button, buttonClassName, LoadingView } from '@parley/web-ui';
import { useCallback, useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useListScenariosQuery } from '../../../api/practiceApi';
import { useAppSelector } from '../../../app/hooks';
import { selectSession } from '../../auth/authSlice';
import { MyScenarios } from '../../custom-scenarios/components/MyScenarios';
import { useGetProfileQuery } from '../../profile/profileApi';
import {
  ALL_CATEGORIES,
  ALL_TAGS,
  categoriesOf,
  categoryLabel,
  filterScenarios,
  indexScenarios,
  isFiltered,
  tagsByUse,
  type LibraryFilter,
} from '../libraryFilter';
import { useFavorites } from '../useFavorites';
import { ScenarioCard } from './ScenarioCard';
import { TagFilter } from './TagFilter';
import './LibraryPage.css';

export const LIBRARY_TEXTS = {
  title: 'Scenario Library',
  lead: 'Pick a conversation to rehearse, then practice it with your AI partner.',
  searchLabel: 'Search scenarios',
  searchPlaceholder: 'Search scenarios...',
  loading: 'Loading scenarios...',
  loadFailed: 'Failed to load scenarios.',
  emptyTitle: 'No scenarios found',
  emptyText: 'Try adjusting your search terms or filters',
  clearAll: 'Clear all filters',
} as const;

export const foundText = (count: number) => `${count} ${count === 1 ? 'scenario' : 'scenarios'} found`;

/**
 * Cards shown at first and added by each "Show more": the library is paged, not windowed (ADR 0032).
 * 24 fills whole rows of the grid at one to four columns.
 */
export const LIBRARY_PAGE_SIZE = 24;
export const shownText = (shown: number, total: number) => `Showing ${shown} of ${total}`;
export const moreText = (count: number) => `Show ${count} more`;

type Layout = 'grid' | 'list';

/** The filter lives in the address (?q=&tag=&category=&favorites=1&view=list), so Back restores it. */
const PARAM = {
  search: 'q',
  tag: 'tag',
  category: 'category',
  favorites: 'favorites',
  view: 'view',
} as const;

/** /library — searchable, filterable scenario library (spec sections 2, 4 and 9). */
export function LibraryPage() {
  const { data: scenarios, isLoading, isError, isFetching, refetch } = useListScenariosQuery();
  const userId = useAppSelector(selectSession)?.user.id;
  const { favorites, toggleFavorite } = useFavorites(userId);
  const premium = useGetProfileQuery(userId ?? '', { skip: !userId }).data?.plan === 'premium';
  const [params, setParams] = useSearchParams();
  const searchId = useId();
  const headingId = useId();

  const tag = params.get(PARAM.tag) || ALL_TAGS;
  const category = params.get(PARAM.category) || ALL_CATEGORIES;
  const favoritesOnly = params.get(PARAM.favorites) === '1';
  const layout: Layout = params.get(PARAM.view) === 'list' ? 'list' : 'grid';

  // The box answers every keystroke at once; the list follows when React has time (useDeferredValue).
  const [search, setSearch] = useState(() => params.get(PARAM.search) ?? '');
  const deferredSearch = useDeferredValue(search);

  const setParam = useCallback(
    (name: string, value: string | null) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (value === null || value === '') next.delete(name);
          else next.set(name, value);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  useEffect(() => {
    if ((params.get(PARAM.search) ?? '') !== deferredSearch) setParam(PARAM.search, deferredSearch);
  }, [deferredSearch, params, setParam]);

  const index = useMemo(() => indexScenarios(scenarios ?? []), [scenarios]);
  const tags = useMemo(() => tagsByUse(scenarios ?? []), [scenarios]);
  const categories = useMemo(() => categoriesOf(scenarios ?? []), [scenarios]);
  const filter: LibraryFilter = useMemo(
    () => ({ search: deferredSearch, tag, category, favoritesOnly }),
    [deferredSearch, tag, category, favoritesOnly],
  );
  const visible = useMemo(() => filterScenarios(index, filter, favorites), [index, filter, favorites]);

  // How many of `visible` are on screen; a new filter starts again from the first page.
  const filterKey = `${deferredSearch}\u0000${tag}\u0000${category}\u0000${favoritesOnly}`;
  const [paging, setPaging] = useState({ filterKey, limit: LIBRARY_PAGE_SIZE });
  const limit = paging.filterKey === filterKey ? paging.limit : LIBRARY_PAGE_SIZE;
  const page = visible.length > limit ? visible.slice(0, limit) : visible;
  const listRef = useRef<HTMLUListElement>(null);
  const showMore = () => {
    const firstNew = page.length;
    setPaging({ filterKey, limit: limit + LIBRARY_PAGE_SIZE });
    // The first card added takes the focus, so a keyboard or screen reader user goes on reading there.
    requestAnimationFrame(() =>
      listRef.current?.children[firstNew]?.querySelector<HTMLElement>('a, button')?.focus(),
    );
  };

  const clearAll = () => {
    setSearch('');
    setParams(layout === 'list' ? { [PARAM.view]: 'list' } : {}, { replace: true });
  };

  let content;
  if (isLoading) {
    content = <LoadingView label={LIBRARY_TEXTS.loading} />;
  } else if (isError || !scenarios) {
    content = (
      <div className="pw-card library__problem" role="alert">
        <p className="pw-error">{LIBRARY_TEXTS.loadFailed}</p>
        <Button variant="secondary" onClick={() => void refetch()} disabled={isFetching}>
          Try Again
        </Button>
      </div>
    );
  } else {
    content = (
      <>
        <p className="library__count" role="status">
          {foundText(visible.length)}
        </p>
        {visible.length === 0 ? (
          <div className="pw-card library__empty">
            <span className="library__empty-icon" aria-hidden="true">
              🔍
            </span>
            <h2>{LIBRARY_TEXTS.emptyTitle}</h2>
            <p className="pw-muted">{LIBRARY_TEXTS.emptyText}</p>
            {isFiltered(filter) ? (
              <Button variant="secondary" onClick={clearAll}>
                {LIBRARY_TEXTS.clearAll}
              </Button>
            ) : null}
          </div>
        ) : (
          <>
            <ul
              ref={listRef}
              className={`library__cards library__cards--${layout}`}
              aria-labelledby={headingId}
            >
              {page.map((scenario) => (
                <li key={scenario.id}>
                  <ScenarioCard
                    scenario={scenario}
                    favorite={favorites.has(scenario.id)}
                    onToggleFavorite={toggleFavorite}
                  />
                </li>
              ))}
            </ul>
            {page.length < visible.length ? (
              <div className="library__more">
                <p className="pw-muted">{shownText(page.length, visible.length)}</p>
                <Button variant="secondary" onClick={showMore}>
                  {moreText(Math.min(LIBRARY_PAGE_SIZE, visible.length - page.length))}
                </Button>
              </div>
            ) : null}
          </>
        )}
      </>
    );
  }

  return (
    <main className="pw-page library" aria-labelledby={headingId}>
      <Link to="/dashboard" className={buttonClassName('secondary', 'library__back')}>
        <span aria-hidden="true">←</span>Back to Dashboard
      </Link>
      <h1 id={headingId} className="pw-page__title">
        {LIBRARY_TEXTS.title}
      </h1>
      <p className="pw-page__lead">{LIBRARY_TEXTS.lead}</p>

      <MyScenarios premium={premium} />

      <div className="library__controls" role="search" aria-label="Filter scenarios">
        <div className="library__toolbar">
          <label className="library__search" htmlFor={searchId}>
            <span className="pw-sr-only">{LIBRARY_TEXTS.searchLabel}</span>
            <span className="library__search-icon" aria-hidden="true">
              🔍
            </span>
            <input
              id={searchId}
              className="pw-input"
              type="search"
              value={search}
              placeholder={LIBRARY_TEXTS.searchPlaceholder}
              onChange={(event) => setSearch(event.target.value)}
            />
          </label>
          <label className="library__select">
            <span className="pw-sr-only">Category</span>
            <select
              className="pw-input"
              value={category}
              onChange={(event) =>
                setParam(PARAM.category, event.target.value === ALL_CATEGORIES ? null : event.target.value)
              }
            >
              <option value={ALL_CATEGORIES}>All categories</option>
              {categories.map((c) => (
                <option key={c} value={c}>
                  {categoryLabel(c)}
                </option>
              ))}
            </select>
          </label>
          <label className="pw-check library__favorites">
            <input
              type="checkbox"
              checked={favoritesOnly}
              onChange={(event) => setParam(PARAM.favorites, event.target.checked ? '1' : null)}
            />
            Favorites only
          </label>
          <div className="library__layout" role="group" aria-label="Layout">
            <button
              type="button"
              className="library__layout-button"
              aria-pressed={layout === 'grid'}
              onClick={() => setParam(PARAM.view, null)}
            >
              <span aria-hidden="true">▦</span> Grid view
            </button>
            <button
              type="button"
              className="library__layout-button"
              aria-pressed={layout === 'list'}
              onClick={() => setParam(PARAM.view, 'list')}
            >
              <span aria-hidden="true">☰</span> List view
            </button>
          </div>
        </div>
        <TagFilter
          tags={tags}
          selected={tag}
          onSelect={(next) => setParam(PARAM.tag, next === ALL_TAGS ? null : next)}
        />
      </div>

      {content}
    </main>
  );
}

import { useCallback, useMemo, useSyncExternalStore } from 'react';

/** Where a user's favourite scenario ids are kept: this browser only (spec: "favorite heart (local only)"). */
export const favoritesKey = (userId: string) => `parley.favorites.${userId}`;

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab of the same user changes the list: follow it.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

function readRaw(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function parse(raw: string | null): ReadonlySet<string> {
  if (!raw) return new Set();
  try {
    const value: unknown = JSON.parse(raw);
    return new Set(Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : []);
  } catch {
    return new Set();
  }
}

/** The signed-in user's favourite scenarios, persisted in localStorage per user id. */
export function useFavorites(userId: string | undefined) {
  const key = favoritesKey(userId ?? 'anonymous');
  // The stored string is the snapshot: equal strings mean no re-render.
  const raw = useSyncExternalStore(
    subscribe,
    () => readRaw(key),
    () => null,
  );
  const favorites = useMemo(() => parse(raw), [raw]);

  const toggleFavorite = useCallback(
    (scenarioId: string) => {
      const next = new Set(parse(readRaw(key)));
      if (next.has(scenarioId)) next.delete(scenarioId);
      else next.add(scenarioId);
      try {
        localStorage.setItem(key, JSON.stringify([...next]));
      } catch {
        // Storage full or blocked: the heart simply does not stick.
      }
      for (const listener of listeners) listener();
    },
    [key],
  );

  return { favorites, toggleFavorite };
}

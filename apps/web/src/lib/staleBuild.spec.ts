import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadPage } from './browser';
import {
  currentBuild,
  installStaleBuildRecovery,
  RELOADED_FOR_BUILD_KEY,
  reloadingForNewBuild,
  resetStaleBuildRecovery,
} from './staleBuild';

vi.mock('./browser', () => ({ reloadPage: vi.fn(), alertUser: vi.fn(), confirmUser: vi.fn() }));

/** Vite's event when a chunk (or its preloads) cannot be loaded: cancelable, as the preload helper fires it. */
function chunkGone(target: EventTarget): Event {
  const event = new Event('vite:preloadError', { cancelable: true });
  target.dispatchEvent(event);
  return event;
}

/** A fresh window for each page load: its own listeners, the tab's sessionStorage. */
function pageOf(): Window {
  const target = new EventTarget() as unknown as Window;
  Object.defineProperty(target, 'sessionStorage', { value: window.sessionStorage });
  return target;
}

describe('a page of an older build whose chunk is gone', () => {
  beforeEach(() => {
    window.sessionStorage.clear();
    resetStaleBuildRecovery();
    vi.mocked(reloadPage).mockReset();
  });
  afterEach(() => resetStaleBuildRecovery());

  it('reloads once, and keeps the error from the screen while it does', () => {
    const page = pageOf();
    installStaleBuildRecovery('/assets/index-OLD.js', page);
    expect(chunkGone(page).defaultPrevented).toBe(true);
    expect(reloadPage).toHaveBeenCalledTimes(1);
    expect(reloadingForNewBuild()).toBe(true);
    // Other chunks failing meanwhile: no second reload.
    expect(chunkGone(page).defaultPrevented).toBe(true);
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('does not reload again when the reloaded page is the same build and fails again (no loop)', () => {
    const first = pageOf();
    installStaleBuildRecovery('/assets/index-OLD.js', first);
    chunkGone(first);
    expect(reloadPage).toHaveBeenCalledTimes(1);

    resetStaleBuildRecovery(); // the reloaded page: same tab, same build
    const again = pageOf();
    installStaleBuildRecovery('/assets/index-OLD.js', again);
    expect(chunkGone(again).defaultPrevented).toBe(false);
    expect(reloadPage).toHaveBeenCalledTimes(1);
    expect(reloadingForNewBuild()).toBe(false);
  });

  it('reloads again for a later deploy: once per build, not once per tab', () => {
    window.sessionStorage.setItem(RELOADED_FOR_BUILD_KEY, '/assets/index-OLDER.js');
    const page = pageOf();
    installStaleBuildRecovery('/assets/index-OLD.js', page);
    expect(chunkGone(page).defaultPrevented).toBe(true);
    expect(reloadPage).toHaveBeenCalledTimes(1);
    expect(window.sessionStorage.getItem(RELOADED_FOR_BUILD_KEY)).toBe('/assets/index-OLD.js');
  });

  it('does not reload without sessionStorage (it could not tell a loop)', () => {
    const page = new EventTarget() as unknown as Window;
    Object.defineProperty(page, 'sessionStorage', {
      get() {
        throw new DOMException('denied', 'SecurityError');
      },
    });
    installStaleBuildRecovery('/assets/index-OLD.js', page);
    expect(chunkGone(page).defaultPrevented).toBe(false);
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it("names the build by index.html's entry script", () => {
    const doc = document.implementation.createHTMLDocument();
    doc.head.innerHTML = '<script type="module" crossorigin src="/assets/index-AbC123.js"></script>';
    expect(currentBuild(doc)).toBe('/assets/index-AbC123.js');
    expect(currentBuild(document.implementation.createHTMLDocument())).toBe('development');
  });
});

import { reloadPage } from './browser';

/** sessionStorage: the build this tab last reloaded for, so it reloads at most once per build. */
export const RELOADED_FOR_BUILD_KEY = 'parley:reloaded-for-build';

let reloading = false;

/** Whether the page is reloading for a newer build: a failed lazy load then shows nothing (no error flash). */
export function reloadingForNewBuild(): boolean {
  return reloading;
}

/** A promise that never settles: what a lazy load hands back while the page reloads. */
export function untilReloaded<T>(): Promise<T> {
  return new Promise<T>(() => undefined);
}

/** The build this page runs: the hashed entry script index.html loads (every chunk's name is in it). */
export function currentBuild(doc: Document = document): string {
  const entry = doc.querySelector<HTMLScriptElement>('script[type="module"][src]');
  return entry?.getAttribute('src') ?? 'development';
}

/**
 * After a deploy, a page of the older build asks for chunks the server no longer has (404): Vite then
 * fires `vite:preloadError` on window. The page reloads, once per build, to get the new index.html and
 * its chunks; if the same build fails again after that reload (a CDN holding an old index.html, a broken
 * deploy), the error goes on to the screen instead of a reload loop. Without sessionStorage, no reload.
 * ADR 0030.
 */
export function installStaleBuildRecovery(build = currentBuild(), target: Window = window): void {
  target.addEventListener('vite:preloadError', (event) => {
    if (reloading) {
      event.preventDefault();
      return;
    }
    try {
      if (target.sessionStorage.getItem(RELOADED_FOR_BUILD_KEY) === build) return;
      target.sessionStorage.setItem(RELOADED_FOR_BUILD_KEY, build);
    } catch {
      return;
    }
    reloading = true;
    event.preventDefault();
    reloadPage();
  });
}

/** For tests: forget that a reload is under way. */
export function resetStaleBuildRecovery(): void {
  reloading = false;
}

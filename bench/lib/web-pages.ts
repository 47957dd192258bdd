/// <reference lib="dom" />
/**
 * The signed-in pages of the web app in Chromium (playwright-core, Debian's Chromium), as a phone sees
 * them: a 390×844 viewport, touch, and Chrome DevTools' 4× CPU slowdown. Measures from inside the page:
 *
 * - "library visible": from the navigation's start (performance.timeOrigin) to the first frame painted
 *   with scenario cards and the "N scenarios found" count (found in a requestAnimationFrame callback,
 *   time taken in a task queued from the next one, i.e. after that frame was painted);
 * - INP of each library interaction (keystrokes in the search box, tag chips, the category select, the
 *   favourites check, the layout toggle, the More tag picker): Event Timing entries
 *   (`durationThreshold: 16`) grouped by interactionId, the longest entry of each interaction — the time
 *   from the input to the next paint, as Chrome's INP takes it. Interactions under 16 ms leave no entry
 *   and count as 16;
 * - LCP of the dashboard and of a session's report (/session/view/:id): the last
 *   largest-contentful-paint entry before any input;
 * - the JavaScript each route loaded until then: every script response, sized as gzip -9 of the built
 *   file.
 *
 * The network is the loopback (no throttling): the figures are what the page's own code costs on a slow
 * phone CPU. Lighthouse's mobile preset (simulated slow 4G) covers the network side.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const SESSION_STORAGE_KEY = 'parley.auth.session';

/** What the web app keeps in localStorage for a signed-in visitor (the GoTrue session shape). */
export function storedSession(user: { id: string; email: string; token: string }): string {
  const now = Math.floor(Date.now() / 1000);
  return JSON.stringify({
    access_token: user.token,
    // Never used: the minted access token outlives the run (30 minutes).
    refresh_token: 'bench-refresh-token',
    expires_at: now + 1800,
    expires_in: 1800,
    token_type: 'bearer',
    user: { id: user.id, email: user.email, user_metadata: { full_name: 'Bench Person' } },
  });
}

/** Observers installed before the page's own scripts. */
const OBSERVERS = `
(() => {
  const bench = (window.__bench = { lcp: 0, events: [], libraryVisible: 0 });
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) bench.lcp = e.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        if (e.interactionId) bench.events.push({ id: e.interactionId, name: e.name, duration: e.duration });
    }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  } catch {}
  if (location.pathname !== '/library') return;
  const look = () => {
    const count = document.querySelector('.library__count');
    if (count && /\\d+ scenarios? found/.test(count.textContent || '') && document.querySelector('.library-card')) {
      requestAnimationFrame(() => setTimeout(() => (bench.libraryVisible = performance.now())));
    } else requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})();
`;

interface BenchWindow {
  __bench: {
    lcp: number;
    libraryVisible: number;
    events: Array<{ id: number; name: string; duration: number }>;
  };
}

export interface PhonePage {
  context: BrowserContext;
  page: Page;
  /** Script files (under /assets/) loaded since the last `takeScripts()`. */
  takeScripts(): string[];
}

export async function launch(executablePath: string): Promise<Browser> {
  return chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS, timeout: 30_000 });
}

/** A fresh phone context, signed in, with the observers and a 4× slower CPU on its page. */
export async function phonePage(browser: Browser, origin: string, session: string): Promise<PhonePage> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
  });
  context.setDefaultTimeout(30_000);
  await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
    SESSION_STORAGE_KEY,
    session,
  ] as const);
  await context.addInitScript(OBSERVERS);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  let scripts: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin === origin && response.request().resourceType() === 'script')
      scripts.push(url.pathname.replace(/^\/assets\//, ''));
  });
  return {
    context,
    page,
    takeScripts: () => {
      const taken = [...new Set(scripts)];
      scripts = [];
      return taken;
    },
  };
}

/** Resolves after the next frame was painted and the tasks queued behind it ran. */
const afterNextPaint = (page: Page) =>
  page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(), 0))),
  );

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function gzipKB(assetsDir: string, files: string[]): number {
  const bytes = files.reduce(
    (sum, file) => sum + gzipSync(readFileSync(join(assetsDir, file)), { level: 9 }).length,
    0,
  );
  return Math.round(bytes / 102.4) / 10;
}

/** Opens `path`, waits until `ready` is visible and the network is quiet; the LCP by then. */
export async function loadRoute(
  phone: PhonePage,
  origin: string,
  path: string,
  ready: string,
): Promise<{ lcpMs: number; scripts: string[] }> {
  phone.takeScripts();
  await phone.page.goto(`${origin}${path}`, { waitUntil: 'load' });
  await phone.page.locator(ready).first().waitFor({ state: 'visible', timeout: 30_000 });
  await phone.page.waitForLoadState('networkidle');
  await pause(500);
  await afterNextPaint(phone.page);
  const lcpMs = await phone.page.evaluate(() => (window as unknown as BenchWindow).__bench.lcp);
  return { lcpMs: Math.round(lcpMs), scripts: phone.takeScripts() };
}

export interface Interaction {
  action: string;
  /** Interactions it took (a typed word: one per key). */
  interactions: number;
  /** The longest of them, input to next paint, in ms (16 when none reached 16 ms). */
  worstMs: number;
}

/**
 * Opens the library, waits for it to be visible, then drives it as a learner would; each action's
 * interactions and the longest one.
 */
export async function libraryInteractions(
  phone: PhonePage,
  origin: string,
): Promise<{
  visibleMs: number;
  milestones: {
    domContentLoadedMs: number;
    libraryChunkMs: number;
    scenarioListStartMs: number;
    scenarioListMs: number;
  };
  scripts: string[];
  found: string;
  interactions: Interaction[];
}> {
  const { page } = phone;
  phone.takeScripts();
  await page.goto(`${origin}/library`, { waitUntil: 'load' });
  await page.waitForFunction(() => (window as unknown as BenchWindow).__bench.libraryVisible > 0, null, {
    timeout: 30_000,
  });
  const visibleMs = Math.round(
    await page.evaluate(() => (window as unknown as BenchWindow).__bench.libraryVisible),
  );
  const found = (await page.locator('.library__count').innerText()).trim();
  // Where the time went: when the page's code and the scenario list had arrived (ms from navigation).
  const milestones = await page.evaluate(() => {
    const end = (test: (name: string) => boolean) =>
      Math.round(
        performance
          .getEntriesByType('resource')
          .filter((e) => test(new URL(e.name).pathname))
          .reduce((latest, e) => Math.max(latest, (e as PerformanceResourceTiming).responseEnd), 0),
      );
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    return {
      domContentLoadedMs: Math.round(nav?.domContentLoadedEventEnd ?? 0),
      libraryChunkMs: end((p) => p.startsWith('/assets/LibraryPage-')),
      scenarioListMs: end((p) => p === '/api/user/scenarios'),
      scenarioListStartMs: Math.round(
        performance
          .getEntriesByType('resource')
          .find((e) => new URL(e.name).pathname === '/api/user/scenarios')?.startTime ?? 0,
      ),
    };
  });
  await page.waitForLoadState('networkidle');
  await pause(500);
  const scripts = phone.takeScripts();

  const results: Interaction[] = [];
  const measure = async (action: string, act: () => Promise<void>) => {
    const seen = new Set(
      (await page.evaluate(() => (window as unknown as BenchWindow).__bench.events)).map((e) => e.id),
    );
    await act();
    await afterNextPaint(page);
    await pause(300);
    await afterNextPaint(page);
    const events = (await page.evaluate(() => (window as unknown as BenchWindow).__bench.events)).filter(
      (e) => !seen.has(e.id),
    );
    const byId = new Map<number, number>();
    for (const e of events) byId.set(e.id, Math.max(byId.get(e.id) ?? 0, e.duration));
    results.push({
      action,
      interactions: byId.size,
      worstMs: byId.size === 0 ? 16 : Math.max(...byId.values()),
    });
  };
  const typeSlowly = async (text: string) => {
    for (const key of text) {
      await page.keyboard.type(key);
      await afterNextPaint(page);
      await pause(120);
    }
  };

  const search = page.getByRole('searchbox', { name: 'Search scenarios' });
  await measure('search: tap the box', () => search.tap());
  await measure('search: type "salary" key by key', () => typeSlowly('salary'));
  await measure('search: delete it key by key', async () => {
    for (let i = 0; i < 'salary'.length; i++) {
      await page.keyboard.press('Backspace');
      await afterNextPaint(page);
      await pause(120);
    }
  });
  const tags = page.getByRole('group', { name: 'Filter by tag' });
  const chips = tags.locator('> button');
  await measure('tag chip: the second', () => chips.nth(2).tap());
  await measure('tag chip: the third', () => chips.nth(3).tap());
  await measure('tag chip: All', () => chips.nth(0).tap());
  const category = page.locator('.library__select select');
  await category.focus();
  await measure('category: the next one (keyboard)', () => page.keyboard.press('ArrowDown'));
  await measure('category: back to all (keyboard)', () => page.keyboard.press('ArrowUp'));
  await measure('favourites only: on', () => page.getByLabel('Favorites only').tap());
  await measure('favourites only: off', () => page.getByLabel('Favorites only').tap());
  await measure('list view', () => page.getByRole('button', { name: 'List view' }).tap());
  await measure('grid view', () => page.getByRole('button', { name: 'Grid view' }).tap());
  const more = tags.getByRole('button', { name: /^More/ });
  await measure('More: open the tag picker', () => more.tap());
  // The tag picker takes the keys: its search box where it has one, else the open list's type-ahead.
  await measure('More: type "neg" key by key', () => typeSlowly('neg'));
  await measure('More: choose the tag', () => page.keyboard.press('Enter'));
  await measure('tag chip: All again', () => chips.nth(0).tap());
  return { visibleMs, milestones, scripts, found, interactions: results };
}

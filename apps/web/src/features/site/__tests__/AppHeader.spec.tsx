import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, testSettings } from '../../../test/fixtures';
import { renderApp, testSession } from '../../../test/renderApp';

/** Settings answer their record; every other call fails, which the header does not depend on. */
function stubApi() {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const request =
        input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
      const { pathname } = new URL(request.url);
      if (pathname === '/api/user/settings') return json(testSettings);
      return json({ error: 'not stubbed' }, 500);
    }),
  );
}

const SLOW = { timeout: 5000 };

describe('app header of the signed-in screens', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('links the brand and the main places, marking the current one', async () => {
    stubApi();
    renderApp('/settings', { storedSession: testSession });
    const nav = await screen.findByRole('navigation', { name: 'App' }, SLOW);
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href'), link.getAttribute('aria-current')]);
    expect(links).toEqual([
      ['🏠Dashboard', '/dashboard', null],
      ['📚Library', '/library', null],
      ['🕘History', '/history', null],
      ['⚙️Settings', '/settings', 'page'],
    ]);
    expect(screen.getByRole('link', { name: 'Parley' }).getAttribute('href')).toBe('/dashboard');
  });

  it('counts a conversation replay as part of the history', async () => {
    stubApi();
    renderApp('/session/view/00000000-0000-4000-8000-0000000000aa', { storedSession: testSession });
    const nav = await screen.findByRole('navigation', { name: 'App' }, SLOW);
    expect(within(nav).getByRole('link', { name: 'History' }).getAttribute('aria-current')).toBe('page');
  });

  it('is absent on a no-wrapper screen visited without a session', async () => {
    stubApi();
    renderApp('/session/history');
    await screen.findByRole('heading', { level: 1, name: 'Session History' }, SLOW);
    expect(screen.queryByRole('navigation', { name: 'App' })).toBeNull();
  });
});

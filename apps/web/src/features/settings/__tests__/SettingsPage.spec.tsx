import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { confirmUser } from '../../../lib/browser';
import { json, testSettings } from '../../../test/fixtures';
import { renderApp, testSession } from '../../../test/renderApp';
import { readStoredSession } from '../../auth/authSession';
import { SETTINGS_TABS } from '../components/SettingsPage';

vi.mock('../../../lib/browser', () => ({ reloadPage: vi.fn(), alertUser: vi.fn(), confirmUser: vi.fn() }));

type Handler = (request: Request) => Response | Promise<Response>;

/** Stubs fetch: settings reads answer the record, other calls go to `handler`. */
function stub(handler: Handler = () => json({ error: 'unexpected' }, 500)) {
  const record = { ...testSettings };
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const { pathname } = new URL(request.url);
    if (pathname === '/api/user/settings' && request.method === 'GET') return json(record);
    if (pathname === '/api/user/settings' && request.method === 'PATCH') {
      Object.assign(record, await request.clone().json());
      return handler(request);
    }
    return handler(request);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, record };
}

/** The settings PATCH requests fetch was given, in order. */
function patchesIn(fetchMock: ReturnType<typeof stub>['fetchMock']): Request[] {
  return fetchMock.mock.calls
    .map(([input]) => input)
    .filter((input): input is Request => input instanceof Request && input.method === 'PATCH');
}

async function open(entry = '/settings') {
  const view = renderApp(entry, { storedSession: testSession });
  await screen.findByRole('heading', { level: 1, name: 'Settings' });
  return view;
}

describe('/settings', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.documentElement.removeAttribute('data-theme');
  });

  it("shows only 'Failed to load settings. Please try again.' when loading fails", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => json({ error: 'down' }, 503)),
    );
    renderApp('/settings', { storedSession: testSession });
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load settings. Please try again.');
    expect(screen.queryByRole('heading', { name: 'Settings' })).toBeNull();
  });

  it('has the seven tabs and the profile fields, Email read-only', async () => {
    stub();
    await open();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(SETTINGS_TABS.map((t) => t.label));
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Profile',
      'Notifications',
      'Security',
      'Gamification',
      'Accessibility',
      'Technical',
      'Data & Privacy',
    ]);
    expect((screen.getByLabelText('Display Name') as HTMLInputElement).value).toBe('Ada');
    expect(screen.getByLabelText('Email')).toHaveProperty('readOnly', true);
    const language = screen.getByLabelText('Language') as HTMLSelectElement;
    expect(Array.from(language.options).map((o) => [o.value, o.text])).toEqual([
      ['en', 'English'],
      ['es', 'Spanish'],
      ['fr', 'French'],
    ]);
    const zones = screen.getByLabelText('Timezone') as HTMLSelectElement;
    expect(Array.from(zones.options).map((o) => o.value)).toEqual(['UTC', 'EST', 'PST']);
  });

  it("saves a change at once with 'Saving changes...' and shows the returned record", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { fetchMock, record } = stub(async () => {
      await gate;
      return json(record);
    });
    await open('/settings?tab=notifications');
    const box = screen.getByRole('checkbox', { name: 'Email notifications' });
    expect(box).toHaveProperty('checked', true);
    fireEvent.click(box);
    expect(await screen.findByText('Saving changes...')).toBeTruthy();
    release();
    await waitFor(() => expect(screen.queryByText('Saving changes...')).toBeNull());
    expect(screen.getByRole('checkbox', { name: 'Email notifications' })).toHaveProperty('checked', false);
    const patch = fetchMock.mock.calls.map(([input]) => input as Request).find((r) => r.method === 'PATCH')!;
    expect(await patch.json()).toEqual({ email_notifications: false });
  });

  it("shows 'Failed to save settings. Please try again.' and undoes the change when saving fails", async () => {
    stub(() => json({ error: 'nope' }, 500));
    await open('/settings?tab=security');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Login notifications' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to save settings. Please try again.');
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: 'Login notifications' })).toHaveProperty(
        'checked',
        testSettings.login_notifications,
      ),
    );
  });

  it('copies the display name to the account', async () => {
    const { fetchMock, record } = stub((request) => {
      if (new URL(request.url).pathname === '/auth/v1/user')
        return json({ ...testSession.user, user_metadata: { full_name: 'Grace' } });
      return json(record);
    });
    await open();
    fireEvent.change(screen.getByLabelText('Display Name'), { target: { value: 'Grace' } });
    await waitFor(() => expect(readStoredSession()?.user.user_metadata.full_name).toBe('Grace'));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(String(put[0])).toBe('/auth/v1/user');
    expect(JSON.parse(String(put[1]?.body))).toEqual({ data: { full_name: 'Grace' } });
  });

  it("saves the display name once typing pauses (not on every keystroke), with 'Saving changes...' meanwhile", async () => {
    const { fetchMock } = stub((request) => {
      if (new URL(request.url).pathname === '/auth/v1/user')
        return json({ ...testSession.user, user_metadata: { full_name: 'Nora N.' } });
      return json({ ...testSettings, display_name: 'Nora N.' });
    });
    await open();
    const input = screen.getByLabelText('Display Name');
    let typed = '';
    for (const letter of 'Nora N.') {
      typed += letter;
      fireEvent.change(input, { target: { value: typed } });
    }
    expect(screen.getByRole('status').textContent).toBe('Saving changes...');
    const patches = () => patchesIn(fetchMock);
    expect(patches()).toHaveLength(0);
    await waitFor(() => expect(patches()).toHaveLength(1), { timeout: 3000 });
    expect(await patches()[0]!.json()).toEqual({ display_name: 'Nora N.' });
    await waitFor(() => expect(readStoredSession()?.user.user_metadata.full_name).toBe('Nora N.'));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(''));
    // Leaving the field with nothing new to save sends nothing more.
    fireEvent.blur(input);
    expect(patches()).toHaveLength(1);
  });

  it('saves the display name at once when the field is left', async () => {
    const { fetchMock } = stub(() => json({ ...testSettings, display_name: 'Grace' }));
    await open();
    const input = screen.getByLabelText('Display Name');
    fireEvent.change(input, { target: { value: 'Grace' } });
    fireEvent.blur(input);
    await waitFor(() => expect(patchesIn(fetchMock)).toHaveLength(1));
  });

  it('refuses an empty display name with a clear message and sends nothing', async () => {
    const { fetchMock } = stub(() => json(testSettings));
    await open();
    const input = screen.getByLabelText('Display Name');
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.blur(input);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Display name cannot be empty. Enter the name other learners and your greeting should show.',
    );
    expect(input.getAttribute('aria-invalid')).toBe('true');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(patchesIn(fetchMock)).toHaveLength(0);
  });

  it('applies the theme to the whole app', async () => {
    const { record } = stub(() => json(record));
    await open('/settings?tab=accessibility');
    fireEvent.change(screen.getByLabelText('Theme'), { target: { value: 'dark' } });
    await waitFor(() => expect(document.documentElement.getAttribute('data-theme')).toBe('dark'));
    fireEvent.change(screen.getByLabelText('Font size'), { target: { value: 'large' } });
    await waitFor(() => expect(document.documentElement.getAttribute('data-font-size')).toBe('large'));
    fireEvent.change(screen.getByLabelText('Theme'), { target: { value: 'system' } });
    await waitFor(() => expect(document.documentElement.hasAttribute('data-theme')).toBe(false));
  });

  it.each([
    ['gamification', ['Show XP progress', 'Show achievements', 'Show leaderboard', 'Streak reminders']],
    ['technical', ['Data sync', 'Offline mode', 'Performance mode']],
    ['privacy', ['Data collection', 'Analytics', 'Marketing emails', 'Session recording']],
  ])('the %s tab has its switches', async (tab, labels) => {
    stub();
    await open(`/settings?tab=${tab}`);
    const panel = screen.getByRole('tabpanel');
    expect(
      within(panel)
        .getAllByRole('checkbox')
        .map((c) => c.parentElement?.textContent),
    ).toEqual(labels);
  });

  it("an unknown tab shows 'This section is under development'", async () => {
    stub();
    await open('/settings?tab=billing');
    expect(screen.getByText('This section is under development')).toBeTruthy();
  });

  it("deletes the account after the confirmation: 'Deleting...', then signs out and goes to /", async () => {
    vi.mocked(confirmUser).mockReturnValue(true);
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { fetchMock } = stub(async (request) => {
      if (request.method === 'DELETE') await gate;
      return new Response(null, { status: 204 });
    });
    const { router } = await open();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Account' }));
    expect(confirmUser).toHaveBeenCalledWith(
      'Are you sure you want to delete your account? This action cannot be undone.',
    );
    expect(await screen.findByRole('button', { name: 'Deleting...' })).toHaveProperty('disabled', true);
    release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(readStoredSession()).toBeNull();
    const del = fetchMock.mock.calls.map(
      ([input, init]) => [String(input instanceof Request ? input.url : input), init] as const,
    );
    expect(
      del.some(
        ([url, init]) => url.endsWith(`/api/user/${testSession.user.id}`) && init?.method === 'DELETE',
      ),
    ).toBe(true);
  });

  it('keeps the account when the confirmation is declined', async () => {
    vi.mocked(confirmUser).mockReturnValue(false);
    const { fetchMock } = stub();
    await open();
    const before = fetchMock.mock.calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Delete Account' }));
    expect(fetchMock.mock.calls.length).toBe(before);
  });

  it("shows the server's error text when deletion fails", async () => {
    vi.mocked(confirmUser).mockReturnValue(true);
    stub(() => json({ error: 'You can only delete your own account' }, 403));
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Account' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You can only delete your own account');
    expect(screen.getByRole('button', { name: 'Delete Account' })).toHaveProperty('disabled', false);
  });
});

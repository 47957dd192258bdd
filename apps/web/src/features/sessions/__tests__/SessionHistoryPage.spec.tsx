import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { confirmUser, reloadPage } from '../../../lib/browser';
import { json } from '../../../test/fixtures';
import { renderApp, testSession } from '../../../test/renderApp';
import { sent, stubFetch, summary } from './sessionsFixtures';

vi.mock('../../../lib/browser', () => ({ reloadPage: vi.fn(), alertUser: vi.fn(), confirmUser: vi.fn() }));

const three = [
  summary(),
  summary({
    id: 'b7e6d5c4-1111-4222-8333-444455556666',
    scenario_id: 'giving-feedback',
    scenario_title: null,
    status: 'active',
    completed_at: null,
    created_at: '2025-01-02T12:00:00.000Z',
  }),
  summary({
    id: '0c0ffee0-aaaa-4bbb-8ccc-dddddddddddd',
    scenario_id: 'team-conflict',
    scenario_title: 'Team Conflict',
    created_at: '2024-12-25T12:00:00.000Z',
  }),
];

/** The row of a session (found by its 8-character id), as an e2e test finds it. */
function row(shortId: string) {
  return within(
    within(screen.getByRole('list', { name: 'Sessions' }))
      .getAllByRole('listitem')
      .find((item) => item.textContent?.includes(shortId))!,
  );
}

async function open(path = '/session/history') {
  const view = renderApp(path, { storedSession: testSession });
  await screen.findByRole('heading', { level: 1, name: 'Session History' });
  return view;
}

describe('session history', () => {
  beforeEach(() => vi.clearAllMocks());

  it('lists sessions with a plural count, 8-character ids, scenario and long US dates', async () => {
    stubFetch({ 'GET /api/user/sessions': three });
    await open();
    expect(await screen.findByText('3 Sessions')).toBeTruthy();
    const rows = within(screen.getByRole('list', { name: 'Sessions' })).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    const first = within(rows[0]!);
    expect(first.getByRole('heading', { level: 2 }).textContent).toBe('Salary Negotiation Basics');
    expect(first.getByText('3f2a9c1e')).toBeTruthy();
    expect(first.queryByText(three[0]!.id)).toBeNull();
    expect(first.getByText('salary-negotiation-basics')).toBeTruthy();
    expect(first.getByText('June 14, 2025')).toBeTruthy();
    expect(first.getByText('Completed')).toBeTruthy();
    // Without a title from the server the scenario id names the row.
    const second = within(rows[1]!);
    expect(second.getByRole('heading', { level: 2 }).textContent).toBe('giving-feedback');
    expect(second.getByText('b7e6d5c4')).toBeTruthy();
    expect(second.getByText('January 2, 2025')).toBeTruthy();
    expect(second.getByText('Active')).toBeTruthy();
    expect(within(rows[2]!).getByText('December 25, 2024')).toBeTruthy();
  });

  it("says '1 Session' for one, at /history too", async () => {
    stubFetch({ 'GET /api/user/sessions': [summary()] });
    await open('/history');
    expect(await screen.findByText('1 Session')).toBeTruthy();
  });

  it('View opens the replay of that session', async () => {
    stubFetch({ 'GET /api/user/sessions': three });
    const { router } = await open();
    await screen.findByText('3 Sessions');
    const view = row('b7e6d5c4').getByRole('link', { name: 'View' });
    expect(view.getAttribute('aria-describedby')).toBeTruthy();
    expect(
      view
        .getAttribute('aria-describedby')!
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent)
        .join(' '),
    ).toBe('giving-feedback Session b7e6d5c4');
    fireEvent.click(view);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/session/view/${three[1]!.id}`));
  });

  it('Back to Dashboard goes to /dashboard', async () => {
    stubFetch({ 'GET /api/user/sessions': three });
    await open();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe('/dashboard');
  });

  it('deletes on the server after the confirmation, and the row goes', async () => {
    let list = [...three];
    const fetchMock = stubFetch({
      'GET /api/user/sessions': () => json(list),
      [`DELETE /api/user/sessions/${three[0]!.id}`]: () => {
        list = list.filter((s) => s.id !== three[0]!.id);
        return json({ success: true });
      },
    });
    vi.mocked(confirmUser).mockReturnValue(true);
    await open();
    await screen.findByText('3 Sessions');
    fireEvent.click(row('3f2a9c1e').getByRole('button', { name: 'Delete' }));
    expect(confirmUser).toHaveBeenCalledWith('Are you sure you want to delete this session?');
    expect(await screen.findByText('2 Sessions')).toBeTruthy();
    expect(screen.queryByText('3f2a9c1e')).toBeNull();
    expect(sent(fetchMock)).toContain(`DELETE /api/user/sessions/${three[0]!.id}`);
    expect(screen.getByRole('status').textContent).toBe('Session deleted.');
  });

  it('does nothing when the confirmation is declined', async () => {
    const fetchMock = stubFetch({ 'GET /api/user/sessions': three });
    vi.mocked(confirmUser).mockReturnValue(false);
    await open();
    await screen.findByText('3 Sessions');
    fireEvent.click(row('3f2a9c1e').getByRole('button', { name: 'Delete' }));
    expect(confirmUser).toHaveBeenCalledOnce();
    expect(sent(fetchMock).filter((k) => k.startsWith('DELETE'))).toEqual([]);
    expect(screen.getByText('3 Sessions')).toBeTruthy();
  });

  it("shows 'Failed to delete session' when the server refuses, and keeps the row", async () => {
    stubFetch({
      'GET /api/user/sessions': three,
      [`DELETE /api/user/sessions/${three[0]!.id}`]: () =>
        json({ error: 'Service temporarily unavailable' }, 503),
    });
    vi.mocked(confirmUser).mockReturnValue(true);
    await open();
    await screen.findByText('3 Sessions');
    fireEvent.click(row('3f2a9c1e').getByRole('button', { name: 'Delete' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to delete session');
    expect(screen.getByText('3f2a9c1e')).toBeTruthy();
    expect(row('3f2a9c1e').getByRole('button', { name: 'Delete' })).toHaveProperty('disabled', false);
  });

  it("shows 'No sessions yet' with 'Start Your First Session' to /dashboard when there are none", async () => {
    stubFetch({ 'GET /api/user/sessions': [] });
    await open();
    expect(await screen.findByRole('heading', { level: 2, name: 'No sessions yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start Your First Session' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    expect(screen.queryByText(/^\d+ Sessions?$/)).toBeNull();
  });

  it("shows 'Something went wrong' / 'Failed to load sessions' with Try Again (reload) when loading fails", async () => {
    stubFetch({ 'GET /api/user/sessions': () => json({ error: 'down' }, 500) });
    await open();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(within(alert).getByText('Failed to load sessions')).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(reloadPage).toHaveBeenCalledOnce();
  });

  it('asks a visitor without a session to log in, and calls nothing', async () => {
    const fetchMock = stubFetch({});
    renderApp('/session/history');
    await screen.findByRole('heading', { level: 1, name: 'Session History' });
    expect((await screen.findByRole('link', { name: 'Log In' })).getAttribute('href')).toBe('/auth');
    expect(sent(fetchMock).filter((k) => k.includes('/api/'))).toEqual([]);
  });
});

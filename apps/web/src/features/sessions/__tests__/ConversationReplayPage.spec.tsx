import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { confirmUser } from '../../../lib/browser';
import { json, testProfile } from '../../../test/fixtures';
import { renderApp, testSession } from '../../../test/renderApp';
import { ADDRESS_SHOWN_ONCE } from '../components/ShareLinks';
import {
  createdShareLink,
  fullSession,
  requestOf,
  sent,
  shareLink,
  storedFeedback,
  stubFetch,
  summary,
} from './sessionsFixtures';

vi.mock('../../../lib/browser', () => ({ reloadPage: vi.fn(), alertUser: vi.fn(), confirmUser: vi.fn() }));

const ID = summary().id;
const scenario = {
  id: 'salary-negotiation-basics',
  title: 'Salary Negotiation Basics',
  description: 'Ask for a raise.',
};

function routes(overrides: Record<string, unknown> = {}) {
  return {
    [`GET /api/user/sessions/view/${ID}`]: fullSession(),
    [`GET /api/user/feedback/${ID}`]: storedFeedback(),
    'GET /api/user/scenarios/salary-negotiation-basics': scenario,
    'GET /api/export/shares': [],
    ...overrides,
  };
}

async function open(id = ID) {
  const view = renderApp(`/session/view/${id}`, { storedSession: testSession });
  await screen.findByRole('heading', { level: 1, name: 'Conversation Replay' });
  return view;
}

describe('conversation replay', () => {
  it('shows the scenario, long date, tone and the messages with the avatar on AI turns', async () => {
    stubFetch(routes());
    await open();
    const meta = await screen.findByText('Salary Negotiation Basics');
    expect(meta.tagName).toBe('DD');
    expect(screen.getByText('June 14, 2025')).toBeTruthy();
    expect(screen.getByText('friendly')).toBeTruthy();
    const messages = within(screen.getByRole('list', { name: 'Messages' })).getAllByRole('listitem');
    expect(messages).toHaveLength(2);
    expect(within(messages[0]!).getByRole('img', { name: 'AI avatar' }).textContent).toBe('🤖');
    // Markdown is rendered: **What number** is bold.
    expect((await within(messages[0]!).findByText('What number')).tagName).toBe('STRONG');
    expect(within(messages[1]!).queryByRole('img')).toBeNull();
    expect(messages[1]!.textContent).toContain('I am asking for $88,000');
    expect(screen.getByRole('link', { name: 'Back to History' }).getAttribute('href')).toBe(
      '/session/history',
    );
  });

  it('renders raw HTML in a message as nothing, shows non-string content as a placeholder, coach and brain avatars', async () => {
    stubFetch(
      routes({
        [`GET /api/user/sessions/view/${ID}`]: fullSession({
          avatar_style: 'coach',
          messages: [
            { sender: 'ai', content: 'Hello <img src="x" onerror="alert(1)"> there' },
            { sender: 'user', content: 42 as unknown as string },
          ],
        }),
      }),
    );
    await open();
    const list = await screen.findByRole('list', { name: 'Messages' });
    const [ai, user] = within(list).getAllByRole('listitem');
    expect(within(ai!).getByRole('img', { name: 'AI avatar' }).textContent).toBe('👨‍🏫');
    expect(ai!.querySelector('img, [onerror]')).toBeNull();
    expect(ai!.textContent).toContain('Hello');
    expect(user!.textContent).toContain('[Invalid message content]');
  });

  it('uses the brain for any other avatar style', async () => {
    stubFetch(routes({ [`GET /api/user/sessions/view/${ID}`]: fullSession({ avatar_style: 'neutral' }) }));
    await open();
    expect((await screen.findByRole('img', { name: 'AI avatar' })).textContent).toBe('🧠');
  });

  it('shows the scores out of 10 in colour bands, strengths, areas for improvement and numbered suggestions', async () => {
    stubFetch(routes());
    await open();
    const scores = await screen.findByRole('list', { name: 'Scores' });
    const items = within(scores).getAllByRole('listitem');
    expect(items.map((i) => [i.textContent, i.getAttribute('data-band')])).toEqual([
      ['Clarity8.5/10strong', 'high'],
      ['Empathy6/10developing', 'medium'],
      ['Persuasion5.9/10needs work', 'low'],
    ]);
    expect(items[0]!.className).toContain('feedback__score--high');
    expect(items[1]!.className).toContain('feedback__score--medium');
    expect(items[2]!.className).toContain('feedback__score--low');
    expect(screen.getByRole('heading', { name: 'Strengths' })).toBeTruthy();
    expect(screen.getByText('Named a specific number')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Areas for Improvement' })).toBeTruthy();
    expect(screen.getByText('Did not acknowledge the budget')).toBeTruthy();
    const suggestions = screen.getByRole('heading', { name: 'Suggestions' }).nextElementSibling!;
    expect(suggestions.tagName).toBe('OL');
    expect(
      within(suggestions as HTMLElement)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Open with shared goals', 'Anchor with evidence']);
    // Every field came from the model (or the row predates sources): no word about the offline coach.
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('says in one line which part of the report the offline coach filled for the model', async () => {
    stubFetch(
      routes({
        [`GET /api/user/feedback/${ID}`]: storedFeedback({
          sources: {
            clarity: 'normalised',
            empathy: 'model',
            persuasion: 'model',
            evidence: { clarity: 'builtin', empathy: 'builtin', persuasion: 'model' },
            objectives: 'model',
            strengths: 'model',
            weaknesses: 'model',
            suggestions: 'model',
          },
        }),
      }),
    );
    await open();
    const note = await screen.findByRole('note');
    expect(note.textContent).toBe(
      "Part of this report comes from Parley's offline coach (the evidence for clarity and empathy): the AI model left it out.",
    );
  });

  it('an open session without feedback offers to continue it in the chat', async () => {
    stubFetch(
      routes({
        [`GET /api/user/sessions/view/${ID}`]: fullSession({ status: 'active', completed_at: null }),
        [`GET /api/user/feedback/${ID}`]: () => json({ error: 'Feedback not found' }, 404),
      }),
    );
    const { router } = await open();
    fireEvent.click(await screen.findByRole('link', { name: 'Continue Practice' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/scenario/salary-negotiation-basics'));
    expect(router.state.location.state).toMatchObject({ resume: true, sessionId: ID, tone: 'friendly' });
  });

  it("shows 'Session not found' for an unknown (or someone else's) session", async () => {
    stubFetch(
      routes({ [`GET /api/user/sessions/view/${ID}`]: () => json({ error: 'Session not found' }, 404) }),
    );
    await open();
    expect((await screen.findByRole('alert')).textContent).toBe('Session not found');
  });

  it("shows 'Session not found' for a malformed id (400)", async () => {
    stubFetch({
      'GET /api/user/sessions/view/abc123': () => json({ error: 'id must be a session id (uuid)' }, 400),
    });
    await open('abc123');
    expect((await screen.findByRole('alert')).textContent).toBe('Session not found');
  });

  it("shows 'Failed to load session' when the server fails", async () => {
    stubFetch(routes({ [`GET /api/user/sessions/view/${ID}`]: () => json({ error: 'down' }, 503) }));
    await open();
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load session');
  });

  it('asks a visitor without a session to log in', async () => {
    const fetchMock = stubFetch(routes());
    renderApp(`/session/view/${ID}`);
    expect((await screen.findByRole('link', { name: 'Log In' })).getAttribute('href')).toBe('/auth');
    expect(sent(fetchMock).filter((k) => k.includes('/api/'))).toEqual([]);
  });
});

describe('share links on the replay', () => {
  const writeText = vi.fn<(text: string) => Promise<void>>();

  beforeEach(() => {
    writeText.mockReset().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  });

  afterEach(() => {
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  it('creates a link, shows its address once, copies it, and revokes it by id on the server', async () => {
    let links = [shareLink({ id: '0197a0b0-0000-7000-8000-00000000b002', session_id: 'another-session' })];
    const created = createdShareLink();
    const fetchMock = stubFetch(
      routes({
        'GET /api/export/shares': () => json(links),
        'POST /api/export/shares': () => {
          links = [...links, shareLink()];
          return json(created, 201);
        },
        [`DELETE /api/export/shares/${created.id}`]: () => {
          links = links.filter((l) => l.id !== created.id);
          return new Response(null, { status: 204 });
        },
      }),
    );
    await open();
    const section = await screen.findByRole('region', { name: 'Share this report' });
    // A link of another session is not listed here.
    await waitFor(() => expect(sent(fetchMock)).toContain('GET /api/export/shares'));
    expect(within(section).queryByRole('list', { name: 'Share links' })).toBeNull();

    fireEvent.click(within(section).getByRole('button', { name: 'Share report' }));
    const input = (await within(section).findByLabelText('Share link')) as HTMLInputElement;
    expect(input.value).toBe(created.url);
    expect(input.readOnly).toBe(true);
    expect(within(section).getByText('Copy it now: it is shown only this once.')).toBeTruthy();
    expect(await requestOf(fetchMock, 'POST /api/export/shares')!.json()).toEqual({ session_id: ID });
    expect(within(section).getByText('July 14, 2025')).toBeTruthy();

    fireEvent.click(within(section).getByRole('button', { name: 'Copy link' }));
    expect(await within(section).findByRole('button', { name: 'Copied!' })).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(created.url);

    fireEvent.click(within(section).getByRole('button', { name: 'Revoke link' }));
    await waitFor(() => expect(within(section).queryByLabelText('Share link')).toBeNull());
    expect(sent(fetchMock)).toContain(`DELETE /api/export/shares/${created.id}`);
    expect(sent(fetchMock).some((k) => k.includes(created.token))).toBe(false);
    expect(within(section).getByRole('status').textContent).toBe(
      'Link revoked. It no longer opens the report.',
    );
  });

  it('lists an earlier link by its dates, without an address, and revokes it by id', async () => {
    let links = [shareLink()];
    const fetchMock = stubFetch(
      routes({
        'GET /api/export/shares': () => json(links),
        [`DELETE /api/export/shares/${shareLink().id}`]: () => {
          links = [];
          return new Response(null, { status: 204 });
        },
      }),
    );
    await open();
    const section = await screen.findByRole('region', { name: 'Share this report' });
    const list = await within(section).findByRole('list', { name: 'Share links' });
    expect(within(list).queryByLabelText('Share link')).toBeNull();
    expect(within(list).queryByRole('button', { name: 'Copy link' })).toBeNull();
    expect(within(list).getByText(ADDRESS_SHOWN_ONCE)).toBeTruthy();
    expect(within(list).getByText('June 14, 2025')).toBeTruthy();
    expect(within(list).getByText('July 14, 2025')).toBeTruthy();

    fireEvent.click(within(list).getByRole('button', { name: 'Revoke link' }));
    await waitFor(() => expect(within(section).queryByRole('list', { name: 'Share links' })).toBeNull());
    expect(sent(fetchMock)).toContain(`DELETE /api/export/shares/${shareLink().id}`);
  });

  it('shows the server’s error when a link cannot be created', async () => {
    stubFetch(
      routes({
        'POST /api/export/shares': () => json({ error: 'The session has no messages to share' }, 400),
      }),
    );
    await open();
    const section = await screen.findByRole('region', { name: 'Share this report' });
    fireEvent.click(within(section).getByRole('button', { name: 'Share report' }));
    expect((await within(section).findByRole('alert')).textContent).toBe(
      'The session has no messages to share',
    );
  });

  it('selects the link for a manual copy when the clipboard refuses', async () => {
    writeText.mockRejectedValue(new Error('denied'));
    let links: ReturnType<typeof shareLink>[] = [];
    stubFetch(
      routes({
        'GET /api/export/shares': () => json(links),
        'POST /api/export/shares': () => {
          links = [shareLink()];
          return json(createdShareLink(), 201);
        },
      }),
    );
    await open();
    const section = await screen.findByRole('region', { name: 'Share this report' });
    fireEvent.click(within(section).getByRole('button', { name: 'Share report' }));
    const input = (await within(section).findByLabelText('Share link')) as HTMLInputElement;
    fireEvent.click(within(section).getByRole('button', { name: 'Copy link' }));
    expect((await within(section).findByRole('alert')).textContent).toContain('the link is selected');
    expect(document.activeElement).toBe(input);
  });
});

describe('"Try again from here" in the replay', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.mocked(confirmUser).mockReset();
  });

  const attempt = () =>
    json({ ...fullSession({ id: '00000000-0000-4000-8000-0000000000aa' }), messages: [] }, 201);

  it('says first, on the free plan, that a retry uses one of the month’s sessions, and starts nothing when declined', async () => {
    const fetchMock = stubFetch(
      routes({
        [`GET /api/user/profile/${testSession.user.id}`]: { ...testProfile, sessions_used: 3 },
        [`POST /api/user/sessions/${ID}/attempts`]: attempt,
      }),
    );
    await open();
    await waitFor(() => expect(sent(fetchMock)).toContain(`GET /api/user/profile/${testSession.user.id}`));
    vi.mocked(confirmUser).mockReturnValueOnce(false);
    fireEvent.click(await screen.findByRole('button', { name: 'Try again from here' }));
    expect(vi.mocked(confirmUser)).toHaveBeenCalledWith(
      expect.stringMatching(
        /^Try again from here\? This starts a new session from this message, and on the free plan it uses one of this month’s sessions( \(2 left\))?\.$/,
      ),
    );
    expect(sent(fetchMock)).not.toContain(`POST /api/user/sessions/${ID}/attempts`);

    vi.mocked(confirmUser).mockReturnValueOnce(true);
    fireEvent.click(screen.getByRole('button', { name: 'Try again from here' }));
    await waitFor(() => expect(sent(fetchMock)).toContain(`POST /api/user/sessions/${ID}/attempts`));
  });

  it('asks nothing on premium', async () => {
    const fetchMock = stubFetch(
      routes({
        [`GET /api/user/profile/${testSession.user.id}`]: { ...testProfile, plan: 'premium' },
        [`POST /api/user/sessions/${ID}/attempts`]: attempt,
      }),
    );
    await open();
    await waitFor(() => expect(sent(fetchMock)).toContain(`GET /api/user/profile/${testSession.user.id}`));
    await new Promise((r) => setTimeout(r, 50));
    fireEvent.click(await screen.findByRole('button', { name: 'Try again from here' }));
    await waitFor(() => expect(sent(fetchMock)).toContain(`POST /api/user/sessions/${ID}/attempts`));
    expect(vi.mocked(confirmUser)).not.toHaveBeenCalled();
  });
});

import type { FeedbackSource } from '@parley/contracts';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../../../app/store';
import { alertUser, confirmUser } from '../../../lib/browser';
import { json, testProfile } from '../../../test/fixtures';
import { renderApp, testSession } from '../../../test/renderApp';
import { writeStoredSession } from '../../auth/authSession';
import { restoreSession } from '../../auth/authSlice';
import { routes } from '../../../routes';
import type { ChatResumeState } from '../chatNavigation';
import { FOLD_DETAILS_QUERY } from '../components/ChatSessionPage';
import {
  controlledSse,
  OPENING,
  PLAYED,
  SESSION_ID,
  sseLine,
  sseResponse,
  SSE_DONE,
  storedSession,
  stubChatApi,
  testScenario,
  USER_ID,
} from './chatFixtures';

vi.mock('../../../lib/browser', () => ({ reloadPage: vi.fn(), alertUser: vi.fn(), confirmUser: vi.fn() }));

const CHAT = `/chat/${testScenario.id}`;
const LIMIT =
  'You have used all 5 free practice sessions this month. Upgrade to Premium for unlimited practice.';

const input = () => screen.getByRole('textbox', { name: 'Type your message' }) as HTMLTextAreaElement;
const sendButton = () => screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
const log = () => screen.getByRole('log', { name: 'Conversation' });
/** The streamed reply has ended (its end marker arrived): the log is no longer busy. */
const replyFinished = () => waitFor(() => expect(log().getAttribute('aria-busy')).toBe('false'));

async function openChat(entry: string | { pathname: string; state: unknown } = CHAT) {
  const view = renderApp(entry, { storedSession: testSession });
  await screen.findByRole('heading', { level: 1, name: testScenario.title });
  return view;
}

function type(text: string) {
  fireEvent.change(input(), { target: { value: text } });
}

const feedback = {
  session_id: SESSION_ID,
  scenario_id: testScenario.id,
  clarity: 8.5,
  empathy: 6,
  persuasion: 5.9,
  strengths: ['Clear opening ask'],
  weaknesses: ['Little evidence of impact'],
  suggestions: ['Quantify your results', 'Name a number'],
  evidence: { clarity: [], empathy: [], persuasion: [] },
  created_at: '2025-06-14T10:10:00.000Z',
};

/** A feedback's sources with every field from one source. */
const everyField = (source: FeedbackSource) => ({
  clarity: source,
  empathy: source,
  persuasion: source,
  evidence: { clarity: source, empathy: source, persuasion: source },
  strengths: source,
  weaknesses: source,
  suggestions: source,
});

const speech = {
  totalWords: 40,
  fillerWords: [{ word: 'um', count: 3 }],
  totalFillers: 3,
  fillerRatePer100Words: 7.5,
  wordsPerMinute: 132,
  longPauses: [{ messageIndex: 1, seconds: 4 }],
  fluencyScore: 71,
  fluencyExplanation: 'Three fillers in forty words.',
};

const coaching = {
  communicationAnalysis: 'You stated the request directly.',
  strategicImpact: 'A direct ask sets the agenda.',
  improvementOpportunity: 'Back it with a result.',
  enhancedVersion: 'I would like to discuss a raise based on the 20% growth I led.',
};

describe('chat session', () => {
  beforeEach(() => {
    vi.mocked(alertUser).mockReset();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("shows 'Loading Conversation', then the server's opening in the session it answers", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const api = stubChatApi({
      'POST /api/user/sessions': async () => {
        await gate;
        return json(storedSession([{ sender: 'ai', content: 'So, **what** brings you in today?' }]), 201);
      },
    });
    renderApp(CHAT, { storedSession: testSession });
    // The first test of the file loads the route's code: allow a busy machine more than findBy's 1 s.
    expect(await screen.findByText('Loading Conversation', {}, { timeout: 10_000 })).toBeTruthy();
    release();
    await screen.findByRole('heading', { level: 1, name: testScenario.title });

    expect((await within(log()).findByText('what')).tagName).toBe('STRONG');
    expect(screen.getByText(testScenario.description)).toBeTruthy();
    expect(screen.getByText('You: Employee')).toBeTruthy();
    expect(screen.getByText('AI: Manager')).toBeTruthy();
    expect(screen.getByText('1 message')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'End Session' })).toBeTruthy();

    // The opening is the server's: the client neither asks for one nor posts one.
    expect(api.calls('POST /api/chat/generate-opening')).toHaveLength(0);
    expect(api.calls('POST /api/user/sessions').map((r) => r.body)).toEqual([
      { scenario_id: testScenario.id, tone_preference: 'neutral', avatar_style: 'neutral' },
    ]);
    expect(api.requests.every((r) => r.headers.get('Authorization') === 'Bearer test-access-token')).toBe(
      true,
    );
  }, 20_000);

  it('resumes the active session the server answers on a reload: the same conversation, no second session', async () => {
    const conversationSoFar = [
      { sender: 'ai' as const, content: 'What did you want to talk about?' },
      { sender: 'user' as const, content: 'My salary.' },
      { sender: 'ai' as const, content: 'Go on, I am listening.' },
    ];
    const sse = controlledSse();
    const api = stubChatApi({
      'POST /api/user/sessions': () => json(storedSession(conversationSoFar), 201),
      'POST /api/chat/chat-completion': () => sse.response,
    });
    const first = await openChat();
    expect(log().textContent).toContain('My salary.');
    expect(log().textContent).toContain('Go on, I am listening.');
    expect(screen.getByText('3 messages')).toBeTruthy();
    // Reloading the page: the same request, answered with the same session.
    first.unmount();
    await openChat();
    expect(log().textContent).toContain('Go on, I am listening.');
    expect(api.calls('POST /api/user/sessions').map((r) => r.body)).toEqual([
      { scenario_id: testScenario.id, tone_preference: 'neutral', avatar_style: 'neutral' },
      { scenario_id: testScenario.id, tone_preference: 'neutral', avatar_style: 'neutral' },
    ]);
    type('I am asking for 10% more.');
    fireEvent.click(sendButton());
    await waitFor(() => expect(api.calls('POST /api/chat/chat-completion')).toHaveLength(1));
    expect(api.calls('POST /api/chat/chat-completion')[0]!.body).toMatchObject({
      session_id: SESSION_ID,
      messages: [...conversationSoFar, { sender: 'user', content: 'I am asking for 10% more.' }],
    });
    sse.finish();
  });

  it('creates one session under StrictMode’s double effects', async () => {
    const api = stubChatApi();
    writeStoredSession(testSession);
    const store = createAppStore();
    void store.dispatch(restoreSession());
    const router = createMemoryRouter(routes, { initialEntries: [CHAT] });
    render(
      <StrictMode>
        <Provider store={store}>
          <RouterProvider router={router} />
        </Provider>
      </StrictMode>,
    );
    await screen.findByText(OPENING);
    await new Promise((r) => setTimeout(r, 50));
    expect(api.calls('POST /api/user/sessions')).toHaveLength(1);
  });

  it("shows 'Unable to start session: Scenario details are missing.' and blocks sending without a scenario", async () => {
    const api = stubChatApi({
      [`GET /api/user/scenarios/${testScenario.id}`]: () => json({ error: 'Scenario not found' }, 404),
    });
    renderApp(CHAT, { storedSession: testSession });
    expect(await screen.findByText('Unable to start session: Scenario details are missing.')).toBeTruthy();
    type('Hello?');
    expect(sendButton().disabled).toBe(true);
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(api.calls('POST /api/user/sessions')).toHaveLength(0);
    expect(api.calls('POST /api/chat/chat-completion')).toHaveLength(0);
  });

  it('applies the send rules: nothing blank, Enter sends, Shift+Enter does not, no second send while replying', async () => {
    const sse = controlledSse();
    const api = stubChatApi({ 'POST /api/chat/chat-completion': () => sse.response });
    await openChat();
    expect(sendButton().disabled).toBe(true);
    type('   \n  ');
    expect(sendButton().disabled).toBe(true);
    fireEvent.keyDown(input(), { key: 'Enter' });
    fireEvent.submit(input().form!);
    expect(api.calls('POST /api/chat/chat-completion')).toHaveLength(0);

    type('I would like a raise.');
    fireEvent.keyDown(input(), { key: 'Enter', shiftKey: true });
    expect(api.calls('POST /api/chat/chat-completion')).toHaveLength(0);
    fireEvent.keyDown(input(), { key: 'Enter' });
    await waitFor(() => expect(api.calls('POST /api/chat/chat-completion')).toHaveLength(1));
    expect(input().value).toBe('');
    expect(document.activeElement).toBe(input());

    type('And another thing');
    expect(sendButton().disabled).toBe(true); // the AI is responding
    fireEvent.keyDown(input(), { key: 'Enter' });
    sse.send({ content: 'Go on.' });
    sse.finish();
    await waitFor(() => expect(sendButton().disabled).toBe(false));
    expect(api.calls('POST /api/chat/chat-completion')).toHaveLength(1);
    expect(input().value).toBe('And another thing');
  });

  it('renders the reply piece by piece as it streams, with a thinking indicator until the first piece', async () => {
    const sse = controlledSse();
    const api = stubChatApi({ 'POST /api/chat/chat-completion': () => sse.response });
    await openChat();
    type('I would like a raise.');
    fireEvent.click(sendButton());

    expect(await within(log()).findByText('AI is thinking...')).toBeTruthy();
    expect(log().getAttribute('aria-busy')).toBe('true');
    // Each message is an <article>; the reply's appears with its first piece.
    expect(within(log()).getAllByRole('article')).toHaveLength(2);
    sse.send({ content: 'Tell me ' });
    await waitFor(() => expect(log().textContent).toContain('Tell me'));
    expect(within(log()).getAllByRole('article').at(-1)!.textContent).toBe('Tell me');
    expect(within(log()).queryByText('AI is thinking...')).toBeNull();
    expect(log().textContent).not.toContain('Tell me why');
    sse.send({ content: 'why.' });
    await waitFor(() => expect(log().textContent).toContain('Tell me why.'));
    sse.finish();
    await waitFor(() => expect(log().getAttribute('aria-busy')).toBe('false'));
    expect(screen.getByText('3 messages')).toBeTruthy();

    const [call] = api.calls('POST /api/chat/chat-completion');
    expect(call!.body).toEqual({
      messages: [
        { sender: 'ai', content: 'Hi, what did you want to talk about?' },
        { sender: 'user', content: 'I would like a raise.' },
      ],
      scenario: { id: testScenario.id, title: testScenario.title, description: testScenario.description },
      tone: 'neutral',
      session_id: SESSION_ID,
    });
    // The gateway saves both turns itself.
    expect(api.requests.filter((r) => r.path.endsWith('/messages'))).toHaveLength(0);
  });

  it('keeps a dropped reply as interrupted with a Retry that asks again for the same turn', async () => {
    const first = controlledSse();
    const second = controlledSse();
    let n = 0;
    const api = stubChatApi({
      'POST /api/chat/chat-completion': () => (n++ === 0 ? first.response : second.response),
    });
    await openChat();
    type('I led the migration.');
    fireEvent.click(sendButton());
    first.send({ content: 'That is impre' });
    await waitFor(() => expect(log().textContent).toContain('That is impre'));
    first.drop();

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The connection was lost before the reply finished.');
    expect(within(log()).getByText('Reply interrupted')).toBeTruthy();
    expect(log().textContent).toContain('I led the migration.');
    expect(log().textContent).toContain('That is impre');

    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(api.calls('POST /api/chat/chat-completion')).toHaveLength(2));
    const retry = api.calls('POST /api/chat/chat-completion')[1]!.body as Record<string, unknown>;
    // The same session and the same last line: the server answers its stored, unanswered line once.
    expect(retry['session_id']).toBe(SESSION_ID);
    expect((retry['messages'] as unknown[]).at(-1)).toEqual({
      sender: 'user',
      content: 'I led the migration.',
    });
    second.send({ content: 'Impressive work.' });
    second.finish();
    await waitFor(() => expect(log().textContent).toContain('Impressive work.'));
    expect(log().textContent).not.toContain('That is impre');
    expect(screen.queryByRole('alert')).toBeNull();
    // The client never writes a partner line: the server stored the reply as it streamed.
    expect(api.calls(`POST /api/user/sessions/${SESSION_ID}/messages`)).toHaveLength(0);
  });

  it("shows 'HTTP error! status: {status}' and the server's stream error, and keeps the message", async () => {
    let n = 0;
    const api = stubChatApi({
      'POST /api/chat/chat-completion': () =>
        n++ === 0
          ? json({ error: 'boom' }, 500)
          : sseResponse([sseLine({ error: 'Too many AI requests. Please wait a moment and try again.' })]),
    });
    await openChat();
    type('Hello there');
    fireEvent.click(sendButton());
    expect((await screen.findByRole('alert')).textContent).toContain('HTTP error! status: 500');
    expect(log().textContent).toContain('Hello there');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain(
        'Too many AI requests. Please wait a moment and try again.',
      ),
    );
    // The first try never reached the stream, so the retry still asks the gateway to save the turn.
    expect(
      (api.calls('POST /api/chat/chat-completion')[1]!.body as Record<string, unknown>)['session_id'],
    ).toBe(SESSION_ID);
  });

  it('shows an inline coaching tip with collapsible sections, local thumbs and a 1.5 s copied confirmation', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const api = stubChatApi({
      'POST /api/chat/chat-completion': () => sseResponse([sseLine({ content: 'Why now?' }), SSE_DONE]),
      'POST /api/chat/inline-coaching': () => json({ coaching }),
    });
    await openChat();
    type('I want a raise.');
    fireEvent.click(sendButton());
    await waitFor(() => expect(log().textContent).toContain('Why now?'));
    await replyFinished();
    fireEvent.click(screen.getByRole('button', { name: 'Get coaching tip' }));

    const tip = await screen.findByRole('complementary', { name: 'Coaching tip' });
    expect(api.calls('POST /api/chat/inline-coaching').map((r) => r.body)).toEqual([
      {
        title: testScenario.title,
        description: testScenario.description,
        message: 'I want a raise.',
        scenario_id: testScenario.id,
      },
    ]);
    for (const name of [
      'Communication Analysis',
      'Strategic Impact',
      'Improvement Opportunity',
      'Enhanced Version',
    ])
      expect(within(tip).getByRole('button', { name })).toHaveProperty('ariaExpanded', 'true');
    expect(within(tip).getByText(coaching.strategicImpact)).toBeTruthy();
    fireEvent.click(within(tip).getByRole('button', { name: 'Strategic Impact' }));
    expect(within(tip).getByRole('button', { name: 'Strategic Impact' }).getAttribute('aria-expanded')).toBe(
      'false',
    );
    expect(within(tip).getByText(coaching.strategicImpact).closest('[hidden]')).not.toBeNull();
    expect(within(tip).getByText(coaching.communicationAnalysis).closest('[hidden]')).toBeNull();
    fireEvent.click(within(tip).getByRole('button', { name: 'Strategic Impact' }));
    expect(within(tip).getByText(coaching.strategicImpact).closest('[hidden]')).toBeNull();
    for (const quick of [
      'Be specific and concise',
      'Address the scenario directly',
      'Use professional language',
    ])
      expect(within(tip).getByText(quick)).toBeTruthy();

    const before = api.requests.length;
    const up = within(tip).getByRole('button', { name: 'Helpful' });
    const down = within(tip).getByRole('button', { name: 'Not helpful' });
    fireEvent.click(up);
    expect(up.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(down);
    expect([up.getAttribute('aria-pressed'), down.getAttribute('aria-pressed')]).toEqual(['false', 'true']);
    expect(api.requests.length).toBe(before); // nothing is sent

    const copiedAt = Date.now();
    fireEvent.click(within(tip).getByRole('button', { name: 'Copy enhanced version' }));
    expect(await within(tip).findByText('Copied!')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(coaching.enhancedVersion);
    await waitFor(() => expect(within(tip).queryByText('Copied!')).toBeNull(), { timeout: 3000 });
    expect(Date.now() - copiedAt).toBeGreaterThanOrEqual(1400);
  });

  it('ends the session: input hidden, banner, speech report and scores in colour bands', async () => {
    const api = stubChatApi({
      'POST /api/chat/chat-completion': () => sseResponse([sseLine({ content: 'Why now?' }), SSE_DONE]),
      'POST /api/chat/post-session-feedback': () => json(feedback),
      'POST /api/analysis/filler-words': () => json(speech),
      [`POST /api/user/increment-sessions/${USER_ID}`]: () => json({ sessions_used: 1 }),
    });
    await openChat();
    type('Um, I want a raise.');
    fireEvent.click(sendButton());
    await waitFor(() => expect(log().textContent).toContain('Why now?'));
    await replyFinished();
    fireEvent.click(screen.getByRole('button', { name: 'End Session' }));

    expect(await screen.findByRole('heading', { name: 'Session Complete' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Type your message' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'End Session' })).toBeNull();
    const scores = await screen.findByRole('list', { name: 'Scores' });
    const bands = within(scores)
      .getAllByRole('listitem')
      .map((li) => [li.querySelector('.feedback-score__label')?.textContent, li.getAttribute('data-band')]);
    expect(bands).toEqual([
      ['Clarity', 'green'],
      ['Empathy', 'amber'],
      ['Persuasion', 'red'],
    ]);
    expect(scores.textContent).toContain('8.5/10');
    expect(screen.getByText('Clear opening ask')).toBeTruthy();
    expect(screen.getByText('Little evidence of impact')).toBeTruthy();
    expect(screen.getByText('Name a number')).toBeTruthy();
    const speechReport = await screen.findByRole('region', { name: 'Speech Analysis' });
    expect(speechReport.textContent).toContain('71/100');
    expect(speechReport.textContent).toContain('132 words per minute');
    expect(speechReport.textContent).toContain('“um” × 3');
    expect(screen.getByRole('link', { name: 'Return to Dashboard' }).getAttribute('href')).toBe('/dashboard');

    expect(api.calls('POST /api/chat/post-session-feedback').map((r) => r.body)).toEqual([
      { session_id: SESSION_ID },
    ]);
    expect(api.calls('POST /api/analysis/filler-words')[0]!.body).toEqual({
      messages: [
        { sender: 'ai', content: 'Hi, what did you want to talk about?' },
        { sender: 'user', content: 'Um, I want a raise.' },
        { sender: 'ai', content: 'Why now?' },
      ],
    });
    await waitFor(() => expect(api.calls(`POST /api/user/increment-sessions/${USER_ID}`)).toHaveLength(1));
  });

  it('reads the month’s count again once the first line is answered (the server counts the session then)', async () => {
    const api = stubChatApi({
      'POST /api/chat/chat-completion': () => sseResponse([sseLine({ content: 'Go on.' }), SSE_DONE]),
    });
    await openChat();
    const profileReads = () => api.calls(`GET /api/user/profile/${USER_ID}`).length;
    const before = profileReads();
    type('I would like to talk about my pay.');
    fireEvent.click(sendButton());
    await replyFinished();
    await waitFor(() => expect(profileReads()).toBe(before + 1));
    type('I am asking for 10% more.');
    fireEvent.click(sendButton());
    await waitFor(() => expect(log().textContent).toContain('I am asking for 10% more.'));
    await replyFinished();
    await new Promise((r) => setTimeout(r, 50));
    expect(profileReads()).toBe(before + 1);
  });

  it('ends nothing before a line of the learner’s has been answered: there is nothing to score yet', async () => {
    const api = stubChatApi();
    await openChat();
    fireEvent.click(screen.getByRole('button', { name: 'End Session' }));
    expect(vi.mocked(alertUser)).toHaveBeenCalledWith(
      'There is nothing to score yet: say something to your partner first, then end the session.',
    );
    expect(api.calls('POST /api/chat/post-session-feedback')).toHaveLength(0);
    expect(screen.getByRole('textbox', { name: 'Type your message' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'End Session' })).toBeTruthy();
  });

  it("shows 'Unable to Generate Feedback' when post-session feedback fails", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubChatApi({
      'POST /api/user/sessions': () => json(storedSession(PLAYED), 201),
      'POST /api/chat/post-session-feedback': () =>
        json({ error: 'Failed to get post-session feedback' }, 502),
    });
    await openChat();
    fireEvent.click(screen.getByRole('button', { name: 'End Session' }));
    expect(await screen.findByText('Unable to Generate Feedback')).toBeTruthy();
    expect(
      screen.getByText('We encountered an issue while analyzing your session. Please try again later.'),
    ).toBeTruthy();
    expect(logged.mock.calls.some((args) => args[0] === 'Failed to get post-session feedback')).toBe(true);
    expect(screen.getByRole('link', { name: 'Return to Dashboard' })).toBeTruthy();
  });

  it('resumes from navigation state: its messages, tone and avatar, continuing its stored session', async () => {
    const state: ChatResumeState = {
      resume: true,
      sessionId: SESSION_ID,
      tone: 'tough',
      avatar: 'robot',
      messages: [
        { sender: 'ai', content: 'Welcome back.' },
        { sender: 'user', content: 42 as unknown as string },
      ],
    };
    const sse = controlledSse();
    const api = stubChatApi({ 'POST /api/chat/chat-completion': () => sse.response });
    await openChat({ pathname: `/scenario/${testScenario.id}`, state });
    expect(log().textContent).toContain('Welcome back.');
    expect(within(log()).getByText('[Invalid message content]')).toBeTruthy();
    expect(within(log()).getByRole('img', { name: 'AI partner' }).textContent).toBe('🤖');
    expect(api.calls('POST /api/user/sessions')).toHaveLength(0);

    type('Where were we?');
    fireEvent.click(sendButton());
    await waitFor(() => expect(api.calls('POST /api/chat/chat-completion')).toHaveLength(1));
    expect(api.calls('POST /api/chat/chat-completion')[0]!.body).toMatchObject({
      tone: 'tough',
      session_id: SESSION_ID,
      messages: [
        { sender: 'ai', content: 'Welcome back.' },
        { sender: 'user', content: 'Where were we?' },
      ],
    });
    sse.finish();
  });

  it('shows the server’s monthly limit message with a link to /upgrade', async () => {
    stubChatApi({ 'POST /api/user/sessions': () => json({ error: LIMIT }, 403) });
    await openChat();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(LIMIT);
    expect(within(alert).getByRole('link', { name: 'Upgrade to Premium' }).getAttribute('href')).toBe(
      '/upgrade',
    );
    expect(screen.queryByRole('textbox', { name: 'Type your message' })).toBeNull();
  });

  it('exports a stored session through a job with a real progress bar, then downloads the PDF', async () => {
    const events = controlledSse();
    const created = vi.fn(() => 'blob:transcript');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const job = { id: '22222222-2222-4222-8222-222222222222', status: 'queued', progress: 0 };
    const api = stubChatApi({
      'POST /api/export/jobs': () => json(job, 202),
      [`GET /api/export/jobs/${job.id}/events`]: () => events.response,
      [`GET /api/export/jobs/${job.id}/file`]: () =>
        new Response('%PDF-1.7', { status: 200, headers: { 'Content-Type': 'application/pdf' } }),
    });
    await openChat();
    fireEvent.click(screen.getByRole('button', { name: 'Export Transcript' }));
    const bar = await screen.findByRole('progressbar', { name: 'Export progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('0');
    events.send({ id: job.id, status: 'running', progress: 40, error: null });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('40'));
    events.send({ id: job.id, status: 'done', progress: 100, error: null });
    events.end();
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]!.download).toBe('conversation-transcript.pdf');
    expect(clicked[0]!.href).toBe('blob:transcript');
    expect(api.calls('POST /api/export/jobs').map((r) => r.body)).toEqual([{ session_id: SESSION_ID }]);
    expect(api.calls(`GET /api/export/jobs/${job.id}/events`)[0]!.headers.get('Authorization')).toBe(
      'Bearer test-access-token',
    );
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
  });

  it("exports the transcript on screen without a stored session, showing 'HTTP error! status: {status}'", async () => {
    const state: ChatResumeState = { resume: true, messages: [{ sender: 'ai', content: 'Welcome back.' }] };
    const api = stubChatApi({ 'POST /api/export/pdf': () => json({ error: 'render failed' }, 503) });
    await openChat({ pathname: `/scenario/${testScenario.id}`, state });
    fireEvent.click(screen.getByRole('button', { name: 'Export Transcript' }));
    expect((await screen.findByRole('alert')).textContent).toBe('HTTP error! status: 503');
    expect(api.calls('POST /api/export/pdf')[0]!.body).toMatchObject({
      messages: [{ sender: 'ai', content: 'Welcome back.' }],
      title: testScenario.title,
    });
    expect(api.calls('POST /api/export/jobs')).toHaveLength(0);
  });

  it("alerts 'Microphone access denied or not available.' when the microphone is refused", async () => {
    const getUserMedia = vi.fn(async () => {
      throw new DOMException('Permission denied', 'NotAllowedError');
    });
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia } });
    vi.stubGlobal('MediaRecorder', class {});
    stubChatApi();
    await openChat();
    fireEvent.click(screen.getByRole('button', { name: 'Start voice input' }));
    await waitFor(() => expect(alertUser).toHaveBeenCalledWith('Microphone access denied or not available.'));
    expect(getUserMedia).toHaveBeenCalledWith({ audio: true });
    expect(screen.getByRole('button', { name: 'Start voice input' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
  });

  it("voice mode alerts 'Microphone access denied or not available.' where it cannot listen, and stays off", async () => {
    const getUserMedia = vi.fn(async () => {
      throw new DOMException('Permission denied', 'NotAllowedError');
    });
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia } });
    vi.stubGlobal('AudioContext', class {});
    vi.stubGlobal('AudioWorkletNode', class {});
    stubChatApi();
    await openChat();
    fireEvent.click(screen.getByRole('button', { name: 'Voice mode' }));
    await waitFor(() => expect(alertUser).toHaveBeenCalledWith('Microphone access denied or not available.'));
    expect(getUserMedia).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('region', { name: 'Voice mode' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Voice mode' })).toBeTruthy();

    // A browser without Web Audio: the same alert, and no microphone asked for.
    vi.stubGlobal('AudioWorkletNode', undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Voice mode' }));
    await waitFor(() => expect(alertUser).toHaveBeenCalledTimes(2));
    expect(getUserMedia).toHaveBeenCalledTimes(1);
  });

  it('voice mode whose code cannot be loaded (a deploy removed its chunk) says so, not that the microphone was refused', async () => {
    const getUserMedia = vi.fn();
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia } });
    vi.doMock('../voice/engine', () => {
      throw new TypeError('Failed to fetch dynamically imported module: /assets/engine-OLD.js');
    });
    try {
      stubChatApi();
      await openChat();
      fireEvent.click(screen.getByRole('button', { name: 'Voice mode' }));
      await waitFor(() =>
        expect(alertUser).toHaveBeenCalledWith(
          'Voice mode could not be loaded. Parley may have been updated: reload the page and try again.',
        ),
      );
      expect(alertUser).not.toHaveBeenCalledWith('Microphone access denied or not available.');
      expect(getUserMedia).not.toHaveBeenCalled();
      expect(screen.queryByRole('region', { name: 'Voice mode' })).toBeNull();
      expect(screen.getByRole('button', { name: 'Voice mode' })).toBeTruthy();
    } finally {
      vi.doUnmock('../voice/engine');
    }
  });

  it('records audio/webm, transcribes it and sends the transcript at once', async () => {
    const stopTrack = vi.fn();
    const stream = { getTracks: () => [{ stop: stopTrack }] };
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia: vi.fn(async () => stream) } });
    class FakeRecorder {
      static isTypeSupported = (type: string) => type === 'audio/webm';
      static last: FakeRecorder;
      state = 'inactive';
      ondataavailable: ((e: { data: Blob }) => void) | null = null;
      onstop: (() => void) | null = null;
      constructor(
        readonly stream: unknown,
        readonly options: { mimeType: string },
      ) {
        FakeRecorder.last = this;
      }
      start() {
        this.state = 'recording';
      }
      stop() {
        this.state = 'inactive';
        this.ondataavailable?.({ data: new Blob(['voice'], { type: 'audio/webm' }) });
        this.onstop?.();
      }
    }
    vi.stubGlobal('MediaRecorder', FakeRecorder);
    const sse = controlledSse();
    const api = stubChatApi({
      'POST /api/speech-to-text': () => json({ text: 'I deserve a raise', transcript: 'I deserve a raise' }),
      'POST /api/chat/chat-completion': () => sse.response,
    });
    await openChat();
    type('Honestly,');
    fireEvent.click(screen.getByRole('button', { name: 'Start voice input' }));
    const stop = await screen.findByRole('button', { name: 'Stop recording' });
    expect(stop.getAttribute('aria-pressed')).toBe('true');
    expect(sendButton().disabled).toBe(true); // recording
    expect(FakeRecorder.last.options).toEqual({ mimeType: 'audio/webm' });
    act(() => stop.click());
    await waitFor(() => expect(api.calls('POST /api/chat/chat-completion')).toHaveLength(1));
    const upload = api.calls('POST /api/speech-to-text')[0]!.body as FormData;
    const audio = upload.get('audio') as Blob;
    expect(audio.type).toBe('audio/webm');
    expect(stopTrack).toHaveBeenCalled();
    expect(
      (api.calls('POST /api/chat/chat-completion')[0]!.body as { messages: unknown[] }).messages.at(-1),
    ).toEqual({
      sender: 'user',
      content: 'Honestly, I deserve a raise',
      // The recording's length goes with the turn, to be kept with the session (speech analysis).
      durationMs: expect.any(Number),
    });
    expect(input().value).toBe('');
    sse.finish();
  });

  it("alerts the server's transcription error, or 'Transcription failed.'", async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      mediaDevices: { getUserMedia: vi.fn(async () => ({ getTracks: () => [] })) },
    });
    vi.stubGlobal(
      'MediaRecorder',
      class {
        state = 'inactive';
        onstop: (() => void) | null = null;
        ondataavailable = null;
        start() {
          this.state = 'recording';
        }
        stop() {
          this.state = 'inactive';
          this.onstop?.();
        }
      },
    );
    let n = 0;
    stubChatApi({
      'POST /api/speech-to-text': () =>
        n++ === 0 ? json({ error: 'The audio file is empty' }, 400) : new Response('oops', { status: 500 }),
    });
    await openChat();
    for (const expected of ['The audio file is empty', 'Transcription failed.']) {
      fireEvent.click(screen.getByRole('button', { name: 'Start voice input' }));
      fireEvent.click(await screen.findByRole('button', { name: 'Stop recording' }));
      await waitFor(() => expect(alertUser).toHaveBeenLastCalledWith(expected));
      await screen.findByRole('button', { name: 'Start voice input' });
    }
  });

  it('renders markdown without raw HTML, with safe links, and the avatar by style', async () => {
    const state: ChatResumeState = {
      resume: true,
      avatar: 'coach',
      messages: [
        {
          sender: 'ai',
          content:
            'Read [the guide](https://example.com/guide) <img src="x" onerror="alert(1)"><script>alert(2)</script> [bad](javascript:alert(3))',
        },
      ],
    };
    stubChatApi();
    await openChat({ pathname: `/scenario/${testScenario.id}`, state });
    const transcript = log();
    expect(transcript.querySelector('img, script')).toBeNull();
    expect(transcript.textContent).toContain('<img src="x" onerror="alert(1)">');
    const link = within(transcript).getByRole('link', { name: 'the guide' });
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.getAttribute('href')).toBe('https://example.com/guide');
    const bad = within(transcript).getByText('bad');
    expect(bad.getAttribute('href') ?? '').not.toContain('javascript');
    expect(within(transcript).getByRole('img', { name: 'AI partner' }).textContent).toBe('👨‍🏫');
  });

  it('shows the brain avatar for other styles and reads AI messages aloud when speech synthesis exists', async () => {
    const speak = vi.fn();
    const cancel = vi.fn();
    vi.stubGlobal('speechSynthesis', { speak, cancel });
    vi.stubGlobal(
      'SpeechSynthesisUtterance',
      class {
        onend: (() => void) | null = null;
        onerror: (() => void) | null = null;
        constructor(readonly text: string) {}
      },
    );
    stubChatApi({
      'POST /api/user/sessions': () =>
        json(storedSession([{ sender: 'ai', content: 'Hello **there**' }]), 201),
    });
    await openChat();
    expect(within(log()).getByRole('img', { name: 'AI partner' }).textContent).toBe('🧠');
    const read = screen.getByRole('button', { name: 'Read aloud' });
    fireEvent.click(read);
    expect((speak.mock.calls[0]![0] as { text: string }).text).toBe('Hello there');
    const stop = screen.getByRole('button', { name: 'Stop reading' });
    expect(stop.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(stop);
    expect(cancel).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Read aloud' })).toBeTruthy();
  });

  it('says in words why read-aloud cannot read where the browser has no speech synthesis and no audio', async () => {
    stubChatApi();
    await openChat();
    expect('speechSynthesis' in window).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Read aloud' }));
    expect(
      await screen.findByText(
        'Read aloud is not available: this browser has no voice to read with, and this server has no text-to-speech.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Read aloud' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('starts over only when the learner confirms, saying it uses a free session: a new session with the report, tips and completed flag cleared', async () => {
    let openings = 0;
    const api = stubChatApi({
      'POST /api/user/sessions': () =>
        json(storedSession([{ sender: 'ai', content: `Opening ${++openings}` }]), 201),
      'POST /api/chat/chat-completion': () => sseResponse([sseLine({ content: 'Why now?' }), SSE_DONE]),
      'POST /api/chat/inline-coaching': () => json({ coaching }),
      'POST /api/chat/post-session-feedback': () => json(feedback),
    });
    await openChat();
    type('I want a raise.');
    fireEvent.click(sendButton());
    await waitFor(() => expect(log().textContent).toContain('Why now?'));
    await replyFinished();
    fireEvent.click(screen.getByRole('button', { name: 'Get coaching tip' }));
    await screen.findByRole('complementary', { name: 'Coaching tip' });
    fireEvent.click(screen.getByRole('button', { name: 'End Session' }));
    await screen.findByRole('heading', { name: 'Session Complete' });
    expect(screen.queryByRole('button', { name: 'Replay Session' })).toBeNull();

    // Declined: nothing happens.
    vi.mocked(confirmUser).mockReturnValueOnce(false);
    fireEvent.click(screen.getByRole('button', { name: 'Start Over' }));
    expect(vi.mocked(confirmUser)).toHaveBeenLastCalledWith(
      'Start a new conversation from the beginning? This one stays in your session history. On the free plan, the new conversation uses one of this month’s sessions once you send your first message.',
    );
    expect(api.calls('POST /api/user/sessions')).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Session Complete' })).toBeTruthy();

    vi.mocked(confirmUser).mockReturnValueOnce(true);
    fireEvent.click(screen.getByRole('button', { name: 'Start Over' }));
    await waitFor(() => expect(log().textContent).toContain('Opening 2'));
    expect(log().textContent).not.toContain('I want a raise.');
    expect(screen.queryByRole('heading', { name: 'Session Complete' })).toBeNull();
    expect(screen.queryByRole('complementary', { name: 'Coaching tip' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Type your message' })).toBeTruthy();
    expect(api.calls('POST /api/user/sessions').map((r) => r.body)).toEqual([
      { scenario_id: testScenario.id, tone_preference: 'neutral', avatar_style: 'neutral' },
      { scenario_id: testScenario.id, tone_preference: 'neutral', avatar_style: 'neutral', start_over: true },
    ]);
    expect(testProfile.tone_preference).toBe('neutral');
  });

  it('says once, as one status line, that the offline partner took over from a model that is down', async () => {
    const DOWN =
      "The AI model is not answering, so Parley's offline partner carries on the conversation from here.";
    let turn = 0;
    stubChatApi({
      // The gateway sends the notice before every reply the offline partner takes.
      'POST /api/chat/chat-completion': () =>
        sseResponse([sseLine({ notice: DOWN }), sseLine({ content: `Reply ${++turn}.` }), SSE_DONE]),
    });
    await openChat();
    expect(screen.queryByText(DOWN)).toBeNull();
    type('I would like a raise.');
    fireEvent.click(sendButton());
    await waitFor(() => expect(log().textContent).toContain('Reply 1.'));
    await replyFinished();
    const notice = screen.getByText(DOWN);
    expect(notice.getAttribute('role')).toBe('status');
    // Not part of the reply, nor of the conversation.
    expect(log().textContent).not.toContain(DOWN);

    type('Because I lead the team now.');
    fireEvent.click(sendButton());
    await waitFor(() => expect(log().textContent).toContain('Reply 2.'));
    await replyFinished();
    expect(screen.getAllByText(DOWN)).toHaveLength(1);
    expect(screen.getByText('5 messages')).toBeTruthy();
  });

  it('names the offline partner, what it does well and the way to a model, and the report says who scored it', async () => {
    const api = stubChatApi({
      'POST /api/user/sessions': () => json(storedSession(PLAYED), 201),
      'GET /api/chat/partner': () => json({ kind: 'builtin' }),
      'POST /api/chat/post-session-feedback': () => json(feedback),
      [`POST /api/user/increment-sessions/${USER_ID}`]: () => json({ sessions_used: 1 }),
    });
    await openChat();
    const line = await screen.findByText(/^Partner: Parley's offline partner — private, instant/);
    expect(line.textContent).toContain('A model makes the conversation more natural');
    expect(line.textContent).toContain('“Start with a model”');
    fireEvent.click(screen.getByRole('button', { name: 'End Session' }));
    expect(await screen.findByText("Scored by Parley's offline coach.")).toBeTruthy();
    expect(api.calls('GET /api/chat/partner')).toHaveLength(1);
  });

  it('names the model in the chat and in the report it wrote', async () => {
    const model = everyField('model');
    const fromModel = {
      ...model,
      empathy: 'normalised',
      evidence: { ...model.evidence, empathy: 'builtin' },
    };
    stubChatApi({
      'POST /api/user/sessions': () => json(storedSession(PLAYED), 201),
      'GET /api/chat/partner': () => json({ kind: 'model', model: 'qwen3:8b' }),
      'POST /api/chat/post-session-feedback': () => json({ ...feedback, sources: fromModel }),
      [`POST /api/user/increment-sessions/${USER_ID}`]: () => json({ sessions_used: 1 }),
    });
    await openChat();
    expect(await screen.findByText('Partner: the AI model qwen3:8b.')).toBeTruthy();
    expect(screen.queryByText(/offline partner/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'End Session' }));
    expect(await screen.findByText('Scored by the AI model qwen3:8b.')).toBeTruthy();
    // What the offline coach filled is still said in its own line.
    expect(screen.getByRole('note').textContent).toContain('the evidence for empathy');
  });

  it('says nothing of the partner when the server does not say, and no model wrote a report the offline coach wrote whole', async () => {
    stubChatApi({
      'POST /api/user/sessions': () => json(storedSession(PLAYED), 201),
      'GET /api/chat/partner': () => json({ kind: 'model' }),
      'POST /api/chat/post-session-feedback': () => json({ ...feedback, sources: everyField('builtin') }),
      [`POST /api/user/increment-sessions/${USER_ID}`]: () => json({ sessions_used: 1 }),
    });
    await openChat();
    fireEvent.click(screen.getByRole('button', { name: 'End Session' }));
    await screen.findByText(
      "This report comes from Parley's offline coach: the AI model could not give one.",
    );
    expect(screen.queryByText(/^Partner:/)).toBeNull();
    expect(screen.queryByText(/^Scored by/)).toBeNull();
  });
  it('folds the scenario details on a phone and opens them where there is room', async () => {
    stubChatApi();
    const phone = vi.fn((query: string) => ({ matches: query === FOLD_DETAILS_QUERY }) as MediaQueryList);
    vi.stubGlobal('matchMedia', phone);
    const { unmount } = await openChat();
    const details = () => screen.getByText('Scenario details').closest('details')!;
    expect(details().open).toBe(false);
    expect(details().textContent).toContain(testScenario.description);
    expect(within(details()).getByText('You: Employee')).toBeTruthy();
    // The message count and the session's buttons stay outside the fold.
    expect(details().contains(screen.getByText('1 message'))).toBe(false);
    fireEvent.click(screen.getByText('Scenario details'));
    await waitFor(() => expect(details().open).toBe(true));
    unmount();

    vi.stubGlobal(
      'matchMedia',
      vi.fn(() => ({ matches: false }) as MediaQueryList),
    );
    await openChat();
    expect(details().open).toBe(true);
  });
});

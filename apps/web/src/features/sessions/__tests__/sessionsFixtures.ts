import type {
  CreatedShareLink,
  PracticeSession,
  PracticeSessionSummary,
  SharedReport,
  ShareLink,
  StoredFeedback,
} from '@parley/contracts';
import { vi } from 'vitest';
import { json } from '../../../test/fixtures';
import { testSession } from '../../../test/renderApp';

/** Fixtures and a wire-level fetch stub for the session screens. */
export const USER_ID = testSession.user.id;

export function summary(overrides: Partial<PracticeSessionSummary> = {}): PracticeSessionSummary {
  return {
    id: '3f2a9c1e-7b4d-4e8a-9c6f-0a1b2c3d4e5f',
    user_id: USER_ID,
    scenario_id: 'salary-negotiation-basics',
    scenario_title: 'Salary Negotiation Basics',
    created_at: '2025-06-14T12:00:00.000Z',
    updated_at: '2025-06-14T12:30:00.000Z',
    completed_at: '2025-06-14T12:30:00.000Z',
    status: 'completed',
    tone_preference: 'friendly',
    avatar_style: 'robot',
    message_count: 2,
    ...overrides,
  };
}

export function fullSession(overrides: Partial<PracticeSession> = {}): PracticeSession {
  const { message_count: _count, scenario_title: _title, ...rest } = summary();
  return {
    ...rest,
    messages: [
      { sender: 'ai', content: 'Thanks for meeting. **What number** did you have in mind?' },
      { sender: 'user', content: 'I am asking for $88,000, based on the migration I led.' },
    ],
    ...overrides,
  };
}

export function storedFeedback(overrides: Partial<StoredFeedback> = {}): StoredFeedback {
  return {
    session_id: summary().id,
    scenario_id: summary().scenario_id,
    clarity: 8.5,
    empathy: 6,
    persuasion: 5.9,
    strengths: ['Named a specific number'],
    weaknesses: ['Did not acknowledge the budget'],
    suggestions: ['Open with shared goals', 'Anchor with evidence'],
    evidence: { clarity: [], empathy: [], persuasion: [] },
    created_at: '2025-06-14T12:30:00.000Z',
    ...overrides,
  };
}

/** A link as the owner's list gives it: an id and dates, no token. */
export function shareLink(overrides: Partial<ShareLink> = {}): ShareLink {
  return {
    id: '0197a0b0-0000-7000-8000-00000000a001',
    session_id: summary().id,
    created_at: '2025-06-14T13:00:00.000Z',
    expires_at: '2025-07-14T13:00:00.000Z',
    ...overrides,
  };
}

/** A link as its creation answers it: the only time its token and address come. */
export function createdShareLink(overrides: Partial<CreatedShareLink> = {}): CreatedShareLink {
  const token = overrides.token ?? 'a'.repeat(43);
  return { ...shareLink(), token, url: `http://localhost:3000/shared/${token}`, ...overrides };
}

export function sharedReport(overrides: Partial<SharedReport> = {}): SharedReport {
  return {
    title: 'Practice Session Report',
    scenario: { title: 'Salary Negotiation Basics', description: 'Ask for a raise with evidence.' },
    tone: 'friendly',
    date: '2025-06-14T12:00:00.000Z',
    messages: fullSession().messages,
    feedback: {
      clarity: 9,
      empathy: 7,
      persuasion: 4,
      strengths: ['Clear ask'],
      weaknesses: ['Rushed the close'],
      suggestions: ['Pause after the number', 'Summarise agreement'],
    },
    expires_at: '2025-07-14T13:00:00.000Z',
    ...overrides,
  };
}

export type Route = (request: Request, url: URL) => Response | Promise<Response> | undefined;

/**
 * Stubs fetch with routes tried in order ('METHOD /path' → answer); anything unrouted answers 404
 * `{"error": "Not found"}`. Returns the mock, whose calls hold the Requests the app sent.
 */
export function stubFetch(routes: Record<string, Route | unknown>) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const url = new URL(request.url);
    const key = `${request.method} ${url.pathname}`;
    if (key in routes) {
      const route = routes[key];
      if (typeof route === 'function') {
        const answer = await (route as Route)(request, url);
        if (answer) return answer;
      } else return json(route);
    }
    return json({ error: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The Requests sent so far, as "METHOD /path". */
export function sent(fetchMock: ReturnType<typeof stubFetch>): string[] {
  return fetchMock.mock.calls.map(([input, init]) => {
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    return `${request.method} ${new URL(request.url).pathname}`;
  });
}

export function requestOf(fetchMock: ReturnType<typeof stubFetch>, key: string): Request | undefined {
  for (const [input, init] of fetchMock.mock.calls) {
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    if (`${request.method} ${new URL(request.url).pathname}` === key) return request;
  }
  return undefined;
}

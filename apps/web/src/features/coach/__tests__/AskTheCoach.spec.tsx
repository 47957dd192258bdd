import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/fixtures';
import { renderApp, testSession } from '../../../test/renderApp';
import {
  fullSession,
  requestOf,
  storedFeedback,
  stubFetch,
  summary,
} from '../../sessions/__tests__/sessionsFixtures';

// "Try again from here" asks first on the free plan; these tests answer yes.
vi.mock('../../../lib/browser', () => ({ reloadPage: vi.fn(), alertUser: vi.fn(), confirmUser: () => true }));

const ID = summary().id;
const ANSWER = 'Your empathy was 6/10. At turn 1 you said “I am asking for $88,000”: no acknowledgement.';

function events(...data: object[]): Response {
  return new Response(data.map((d) => `data: ${JSON.stringify(d)}\n\n`).join(''), {
    headers: { 'content-type': 'text/event-stream' },
  });
}

function routes(overrides: Record<string, unknown> = {}) {
  return {
    [`GET /api/user/sessions/view/${ID}`]: fullSession(),
    [`GET /api/user/feedback/${ID}`]: storedFeedback({
      objectives: [{ objective: 'Name the number', met: true, line: 'I am asking for $88,000', index: 1 }],
    }),
    [`GET /api/user/sessions/${ID}/coach`]: [],
    [`GET /api/user/sessions/${ID}/attempts`]: [],
    'GET /api/user/scenarios/salary-negotiation-basics': { id: 'salary-negotiation-basics', title: 'Raise' },
    'GET /api/export/shares': [],
    'POST /api/chat/coach': () =>
      events(
        { content: ANSWER.slice(0, 20) },
        { content: ANSWER.slice(20) },
        { retry_from: 1 },
        { done: true },
      ),
    [`POST /api/user/sessions/${ID}/attempts`]: () =>
      json(
        {
          ...fullSession({ id: '00000000-0000-4000-8000-0000000000aa' }),
          messages: fullSession().messages.slice(0, 1),
        },
        201,
      ),
    ...overrides,
  };
}

async function openReplay() {
  renderApp(`/session/view/${ID}`, { storedSession: testSession });
  return screen.findByRole('region', { name: 'Ask the Coach' });
}

describe('Ask the Coach in the replay', () => {
  it('streams an answer to a suggested question and offers the turn it names as a retry', async () => {
    const fetchMock = stubFetch(routes());
    const coach = await openReplay();
    // The thread loads after the section appears: wait for its empty state, not the first render.
    await within(coach).findByText('No questions yet. Try one of these:');
    fireEvent.click(within(coach).getByRole('button', { name: 'Why was persuasion low?' }));
    await within(coach).findByText(/Your empathy was 6\/10/);
    const body = (await requestOf(fetchMock, 'POST /api/chat/coach')!.json()) as {
      session_id: string;
      messages: unknown[];
    };
    expect(body).toEqual({
      session_id: ID,
      messages: [{ sender: 'user', content: 'Why was persuasion low?' }],
    });
    fireEvent.click(await within(coach).findByRole('button', { name: 'Try again from turn 1' }));
    await waitFor(() => expect(requestOf(fetchMock, `POST /api/user/sessions/${ID}/attempts`)).toBeTruthy());
    expect(await requestOf(fetchMock, `POST /api/user/sessions/${ID}/attempts`)!.json()).toEqual({
      from_index: 1,
    });
  });

  it('shows the objectives met and the server’s reason when the coach cannot answer', async () => {
    stubFetch(
      routes({
        'POST /api/chat/coach': () =>
          json({ error: 'The coach answers once the session has feedback: end the session first.' }, 409),
      }),
    );
    const coach = await openReplay();
    expect(screen.getByRole('region', { name: 'Your objectives' }).textContent).toContain('Name the number');
    await within(coach).findByText('No questions yet. Try one of these:');
    fireEvent.change(within(coach).getByLabelText('Your question'), { target: { value: 'How did I do?' } });
    fireEvent.click(within(coach).getByRole('button', { name: 'Ask' }));
    expect((await within(coach).findByRole('alert')).textContent).toBe(
      'The coach answers once the session has feedback: end the session first.',
    );
  });

  it('starts a retry from a learner message of the transcript', async () => {
    const fetchMock = stubFetch(routes());
    await openReplay();
    fireEvent.click(screen.getByRole('button', { name: 'Try again from here' }));
    await waitFor(() => expect(requestOf(fetchMock, `POST /api/user/sessions/${ID}/attempts`)).toBeTruthy());
    expect(await requestOf(fetchMock, `POST /api/user/sessions/${ID}/attempts`)!.json()).toEqual({
      from_index: 1,
    });
  });

  it('offers questions drawn from this session: its lowest score, a turn it had, its objectives', async () => {
    stubFetch(
      routes({
        [`GET /api/user/feedback/${ID}`]: storedFeedback({
          clarity: 8.8,
          empathy: 9.1,
          persuasion: 8.2,
          objectives: [],
        }),
      }),
    );
    const coach = await openReplay();
    await within(coach).findByText('No questions yet. Try one of these:');
    const offered = within(within(coach).getByRole('list', { name: 'Suggested questions' }))
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(offered).toEqual([
      'How could my persuasion be even stronger?',
      'What should I have said at turn 1?',
      'Which of my messages was the weakest?',
    ]);
  });
});

import {
  MAX_MESSAGES_PER_SESSION,
  type PracticeSession,
  type ProgressRecord,
  type Scenario,
  type SpeechAnalysis,
  type StoredFeedback,
} from '@parley/contracts';
import {
  apiCall,
  createTestUser,
  startModelServerDouble,
  startSystem,
  waitFor,
  type ModelServerDouble,
  type TestSystem,
  type TestUser,
} from '@parley/server-testing';

/** The AI partner and the coach through the gateway, with the builtin provider and with an OpenAI-compatible one. */
async function json<T>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

/** Reads an SSE response into its `data:` payloads, in order. */
async function sse(res: Response): Promise<Array<Record<string, unknown>>> {
  const text = await res.text();
  return text
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => JSON.parse(block.slice(6)) as Record<string, unknown>);
}

function webm(bytes = 64): Blob {
  const buffer = Buffer.alloc(bytes);
  Buffer.from('1a45dfa3', 'hex').copy(buffer);
  return new Blob([buffer], { type: 'audio/webm' });
}

async function speechToText(
  system: TestSystem,
  user: TestUser,
  blob: Blob | null,
  field = 'audio',
): Promise<Response> {
  const form = new FormData();
  if (blob) form.append(field, blob, 'recording.webm');
  return fetch(`${system.baseUrl}/api/speech-to-text`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${user.token}`,
      'x-forwarded-for': `10.9.${Math.floor(Math.random() * 250)}.1`,
    },
    body: form,
  });
}

describe('coaching through the gateway (builtin provider)', () => {
  let system: TestSystem;
  let user: TestUser;
  let scenario: Scenario;

  beforeAll(async () => {
    system = await startSystem({
      label: 'coach',
      env: { gateway: { TRUST_PROXY: 'true', RATE_LIMIT_PER_MINUTE: '100000' } },
    });
    user = await createTestUser(system, { plan: 'premium' });
    const list = await json<Scenario[]>(await apiCall(system, '/api/user/scenarios', { token: user.token }));
    scenario = list.find((s) => s.category === 'salary-negotiation')!;
  }, 120_000);

  afterAll(() => system?.stop());

  it('streams the partner’s reply as data lines and saves both turns to the session', async () => {
    const session = await json<PracticeSession>(
      await apiCall(system, '/api/user/sessions', {
        token: user.token,
        body: { scenario_id: scenario.id, tone_preference: 'tough' },
      }),
    );
    const opening = await json<{ content: string }>(
      await apiCall(system, '/api/chat/generate-opening', {
        token: user.token,
        body: {
          title: scenario.title,
          description: scenario.description,
          tone: 'tough',
          scenario_id: scenario.id,
        },
      }),
    );
    expect(opening.content.length).toBeGreaterThan(5);
    await apiCall(system, `/api/user/sessions/${session.id}/messages`, {
      token: user.token,
      body: { messages: [{ sender: 'ai', content: opening.content }] },
    });

    const res = await apiCall(system, '/api/chat/chat-completion', {
      token: user.token,
      body: {
        session_id: session.id,
        tone: 'tough',
        scenario: { id: scenario.id, title: scenario.title, description: scenario.description },
        messages: [
          { sender: 'ai', content: opening.content },
          {
            sender: 'user',
            content: 'Thanks for meeting me. Based on two market surveys I am asking for $92,000.',
          },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const all = await sse(res);
    // Content pieces, then the end marker that tells a whole reply from one cut off.
    expect(all.at(-1)).toEqual({ done: true });
    const events = all.slice(0, -1);
    expect(events.length).toBeGreaterThan(1);
    expect(events.every((e) => typeof e.content === 'string')).toBe(true);
    const reply = events.map((e) => e.content).join('');
    expect(reply).not.toMatch(/as an ai|assistant/i);

    await waitFor(
      async () =>
        (
          await json<PracticeSession>(
            await apiCall(system, `/api/user/sessions/view/${session.id}`, { token: user.token }),
          )
        ).messages.length === 3,
    );
    const stored = await json<PracticeSession>(
      await apiCall(system, `/api/user/sessions/view/${session.id}`, { token: user.token }),
    );
    expect(stored.messages.map((m) => m.sender)).toEqual(['ai', 'user', 'ai']);
    expect(stored.messages[2]!.content).toBe(reply.trim());
  });

  it('completes a session once: feedback for the stored transcript, one row, one event, and progress', async () => {
    const session = await json<PracticeSession>(
      await apiCall(system, '/api/user/sessions', {
        token: user.token,
        body: {
          scenario_id: scenario.id,
          messages: [
            { sender: 'ai', content: 'What number did you have in mind?' },
            {
              sender: 'user',
              content:
                'I understand the constraints. Because I led the migration that saved $40,000, I am asking for $88,000 starting in March.',
            },
          ],
        },
      }),
    );
    const first = await apiCall(system, '/api/chat/post-session-feedback', {
      token: user.token,
      body: {
        session_id: session.id,
        messages: [{ sender: 'user', content: 'ignored: the stored transcript is scored' }],
      },
    });
    expect(first.status).toBe(200);
    const feedback = await json<StoredFeedback>(first);
    for (const score of [feedback.clarity, feedback.empathy, feedback.persuasion])
      expect(score).toBeGreaterThanOrEqual(0);
    const again = await json<StoredFeedback>(
      await apiCall(system, '/api/chat/post-session-feedback', {
        token: user.token,
        body: { session_id: session.id },
      }),
    );
    expect(again).toEqual(feedback);
    // The spec's client posts its own numbers: they are not what is stored.
    const posted = await json<StoredFeedback>(
      await apiCall(system, '/api/user/feedback', {
        token: user.token,
        body: { session_id: session.id, clarity: 10, empathy: 10, persuasion: 10 },
      }),
    );
    expect(posted.clarity).toBe(feedback.clarity);
    expect(
      (
        await apiCall(system, '/api/user/feedback', {
          token: user.token,
          body: { session_id: session.id, clarity: 11 },
        })
      ).status,
    ).toBe(400);

    expect(
      await system.sql('sessions', `SELECT 1 FROM feedback WHERE session_id = $1`, [session.id]),
    ).toHaveLength(1);
    const events = await system.sql<{ type: string }>(
      'sessions',
      `SELECT type FROM outbox WHERE event->'payload'->>'sessionId' = $1 AND type = 'sessions.session-completed'`,
      [session.id],
    );
    expect(events).toHaveLength(1);
    const progress = await json<ProgressRecord[]>(
      await apiCall(system, `/api/user/progress/${user.id}`, { token: user.token }),
    );
    expect(progress.map((p) => p.session_id)).toContain(session.id);
    const other = await createTestUser(system);
    expect((await apiCall(system, `/api/user/progress/${user.id}`, { token: other.token })).status).toBe(403);
    expect(
      (
        await apiCall(system, '/api/chat/post-session-feedback', {
          token: other.token,
          body: { session_id: session.id },
        })
      ).status,
    ).toBe(404);
  });

  it('coaches a single message and analyses filler words', async () => {
    const tip = await json<{ coaching: Record<string, string> }>(
      await apiCall(system, '/api/chat/inline-coaching', {
        token: user.token,
        body: {
          title: scenario.title,
          description: scenario.description,
          message: 'Um, I guess, like, maybe more money?',
        },
      }),
    );
    expect(Object.keys(tip.coaching).sort()).toEqual([
      'communicationAnalysis',
      'enhancedVersion',
      'improvementOpportunity',
      'strategicImpact',
    ]);
    // With the catalogue id the tip is given against the full scenario; an unknown id falls back to title
    // and description, and a control character is refused like anywhere else.
    for (const scenario_id of [scenario.id, 'no-such-scenario']) {
      const res = await apiCall(system, '/api/chat/inline-coaching', {
        token: user.token,
        body: {
          title: scenario.title,
          description: scenario.description,
          message: 'Could we do more?',
          scenario_id,
        },
      });
      expect(res.status).toBe(200);
      expect(Object.keys((await json<{ coaching: object }>(res)).coaching)).toHaveLength(4);
    }
    const nul = await apiCall(system, '/api/chat/inline-coaching', {
      token: user.token,
      body: { title: scenario.title, description: scenario.description, message: 'more\u0000please' },
    });
    expect(nul.status).toBe(400);
    const analysis = await json<SpeechAnalysis>(
      await apiCall(system, '/api/analysis/filler-words', {
        token: user.token,
        body: {
          messages: [
            { sender: 'user', content: 'So, um, I like this plan, you know, it is like really good.' },
          ],
        },
      }),
    );
    expect(analysis.totalFillers).toBeGreaterThan(0);
    expect(analysis.fluencyScore).toBeGreaterThanOrEqual(0);
  });

  it('names the partner as the builtin one, to signed-in callers only', async () => {
    const res = await apiCall(system, '/api/chat/partner', { token: user.token });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ kind: 'builtin' });
    expect((await apiCall(system, '/api/chat/partner')).status).toBe(401);
  });

  it('answers speech-to-text with 503 when no provider is configured, and 400 for a missing or empty file', async () => {
    const res = await speechToText(system, user, webm());
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: 'Speech-to-text is not configured on this server' });
    expect((await speechToText(system, user, null)).status).toBe(400);
    expect((await speechToText(system, user, new Blob([], { type: 'audio/webm' }))).status).toBe(400);
  });

  it('rejects empty, malformed and oversized chat input with a clear error', async () => {
    const base = { scenario: { title: scenario.title, description: scenario.description } };
    for (const body of [
      { ...base, messages: [] },
      { ...base, messages: [{ sender: 'user', content: 7 }] },
      { messages: [{ sender: 'user', content: 'hi' }], scenario: { title: '' } },
      {
        ...base,
        messages: Array.from({ length: MAX_MESSAGES_PER_SESSION + 1 }, () => ({
          sender: 'user',
          content: 'x',
        })),
      },
    ]) {
      const res = await apiCall(system, '/api/chat/chat-completion', { token: user.token, body });
      expect(res.status).toBe(400);
      expect(typeof (await json<{ error: string }>(res)).error).toBe('string');
    }
    expect(
      (
        await apiCall(system, '/api/chat/inline-coaching', {
          token: user.token,
          body: { title: 'a', description: 'b', message: 'x'.repeat(8001) },
        })
      ).status,
    ).toBe(400);
  });
});

describe('coaching through the gateway (OpenAI-compatible provider)', () => {
  const REPLY = 'That is a fair point, but our budget for this quarter is fixed at forty thousand.';
  let system: TestSystem;
  let fake: ModelServerDouble;
  let user: TestUser;

  beforeAll(async () => {
    // The wire-level double of OpenAI's own API (libs/server/testing), one fixed reply to compare against.
    fake = await startModelServerDouble('openai', { chunkDelayMs: 30 }, { reply: REPLY });
    system = await startSystem({
      label: 'coachoai',
      env: {
        coaching: { OPENAI_BASE_URL: fake.baseUrl, OPENAI_API_KEY: 'test-key' },
        gateway: { TRUST_PROXY: 'true' },
      },
    });
    user = await createTestUser(system);
  }, 120_000);

  afterAll(async () => {
    await system?.stop();
    await fake?.close();
  });

  it('streams the model’s chunks through and transcribes audio', async () => {
    const res = await apiCall(system, '/api/chat/chat-completion', {
      token: user.token,
      body: {
        scenario: { title: 'Asking for a raise', description: 'You ask your manager for a raise.' },
        messages: [{ sender: 'user', content: 'Can we talk about my pay?' }],
      },
    });
    const events = await sse(res);
    expect(events.at(-1)).toEqual({ done: true });
    expect(events.map((e) => e.content ?? '').join('')).toBe(REPLY);
    const stt = await speechToText(system, user, webm());
    expect(stt.status).toBe(200);
    expect(await stt.json()).toMatchObject({ text: 'I would like to discuss my salary.' });
    const corrupt = await speechToText(
      system,
      user,
      new Blob([Buffer.from('this is not audio at all')], { type: 'audio/webm' }),
    );
    expect(corrupt.status).toBe(400);
  });

  it('names the model as the partner, and nothing of its server', async () => {
    const res = await apiCall(system, '/api/chat/partner', { token: user.token });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ kind: 'model', model: 'gpt-4o-mini' });
    expect(text).not.toContain('test-key');
    expect(text).not.toContain(new URL(fake.baseUrl).host);
  });

  it('cancels the upstream generation when the browser disconnects', async () => {
    const before = fake.cancelledStreams();
    const controller = new AbortController();
    const res = await fetch(`${system.baseUrl}/api/chat/chat-completion`, {
      method: 'POST',
      signal: controller.signal,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
      body: JSON.stringify({
        scenario: { title: 'Asking for a raise', description: 'You ask your manager for a raise.' },
        messages: [{ sender: 'user', content: 'Hello' }],
      }),
    });
    const reader = res.body!.getReader();
    await reader.read();
    controller.abort();
    await waitFor(() => fake.cancelledStreams() > before, 10_000);
  });
});

import type { Scenario } from '@parley/contracts';
import { vi } from 'vitest';
import { json, testProfile } from '../../../test/fixtures';
import { testSession } from '../../../test/renderApp';

/* Wire-level fakes for the chat screen's tests: a routed fetch stub and real SSE-formatted bodies. */

export const SESSION_ID = '11111111-1111-4111-8111-111111111111';
export const USER_ID = testSession.user.id;
/** The partner's opening the fake server writes into a new session. */
export const OPENING = 'Hi, what did you want to talk about?';
/** A session the learner has said something in, answered: one that can end with feedback. */
export const PLAYED = [
  { sender: 'ai' as const, content: OPENING },
  { sender: 'user' as const, content: 'I would like to talk about my pay.' },
  { sender: 'ai' as const, content: 'Go on: what did you have in mind?' },
];

export const testScenario: Scenario = {
  id: 'salary-raise',
  title: 'Ask for a Raise',
  description: 'Make the case for a salary increase with your manager.',
  category: 'salary-negotiation',
  tags: ['negotiation', 'career'],
  difficulty: 'Intermediate',
  timeEstimate: '10-15 min',
  userRole: 'Employee',
  aiRole: 'Manager',
  premium: false,
  locked: false,
};

export const storedSession = (messages: Array<{ sender: 'user' | 'ai'; content: string }>) => ({
  id: SESSION_ID,
  user_id: USER_ID,
  scenario_id: testScenario.id,
  created_at: '2025-06-14T10:00:00.000Z',
  updated_at: '2025-06-14T10:00:00.000Z',
  completed_at: null,
  status: 'active',
  tone_preference: 'neutral',
  avatar_style: 'neutral',
  messages,
});

const encoder = new TextEncoder();
export const sseLine = (event: unknown) => `data: ${JSON.stringify(event)}\n\n`;
/** The gateway's end-of-reply marker. */
export const SSE_DONE = sseLine({ done: true });

/** A text/event-stream response whose body yields `chunks` (strings, split anywhere) and ends. */
export function sseResponse(chunks: string[], status = 200): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { status, headers: { 'Content-Type': 'text/event-stream' } });
}

/** A text/event-stream response the test feeds piece by piece, then ends or breaks. */
export function controlledSse() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  return {
    response: new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } }),
    send: (event: unknown) => controller.enqueue(encoder.encode(sseLine(event))),
    raw: (text: string) => controller.enqueue(encoder.encode(text)),
    /** The server finishes the reply: its end marker, then the end of the stream. */
    finish: () => {
      controller.enqueue(encoder.encode(sseLine({ done: true })));
      controller.close();
    },
    /** The stream ends without the end marker (a proxy or the server cut it off). */
    end: () => controller.close(),
    /** The connection drops: reading fails as a browser's fetch does on a network error. */
    drop: () => controller.error(new TypeError('network error')),
  };
}

export interface SeenRequest {
  method: string;
  path: string;
  headers: Headers;
  body: unknown;
}

type Handler = (request: SeenRequest) => Response | Promise<Response>;

/** Parses what a call sent: JSON bodies as objects, FormData as is. */
async function describe(input: RequestInfo | URL, init?: RequestInit): Promise<SeenRequest> {
  if (input instanceof Request) {
    const text = await input.clone().text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    return { method: input.method, path: new URL(input.url).pathname, headers: input.headers, body };
  }
  const url = new URL(String(input), 'http://localhost');
  let body: unknown = init?.body;
  if (typeof body === 'string') {
    try {
      body = JSON.parse(body);
    } catch {
      // left as text
    }
  }
  return { method: init?.method ?? 'GET', path: url.pathname, headers: new Headers(init?.headers), body };
}

/**
 * Stubs fetch with routes keyed "METHOD /path". The scenario, the profile and starting a session have
 * working defaults; anything unrouted answers 404 (and is recorded, so a test can see it was called).
 */
export function stubChatApi(routes: Record<string, Handler> = {}) {
  const requests: SeenRequest[] = [];
  const defaults: Record<string, Handler> = {
    [`GET /api/user/scenarios/${testScenario.id}`]: () => json(testScenario),
    [`GET /api/user/profile/${USER_ID}`]: () => json(testProfile),
    // The server answers the scenario's session: here a new one, opened with the partner's line.
    'POST /api/user/sessions': () => json(storedSession([{ sender: 'ai', content: OPENING }]), 201),
  };
  const table = { ...defaults, ...routes };
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const request = await describe(input, init);
    requests.push(request);
    const handler = table[`${request.method} ${request.path}`];
    return handler ? handler(request) : json({ error: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  const calls = (key: string) => requests.filter((r) => `${r.method} ${r.path}` === key);
  return { fetchMock, requests, calls };
}

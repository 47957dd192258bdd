import { randomUUID } from 'node:crypto';
import { ClientProxyFactory, Transport } from '@nestjs/microservices';
import { firstValueFrom } from 'rxjs';
import { RPC, type PracticeSession, type Scenario } from '@parley/contracts';
import type { TestSystem } from './system';
import { apiCall } from './tokens';

/**
 * A practice as the web app holds it, through the public API only: start (the server writes the
 * partner's opening), then each learner line through chat-completion with `session_id` (the server
 * stores the line and the partner's streamed reply). Tests use it wherever they need a played session.
 */

/** The `data:` events of a streamed answer, in order. */
export async function streamEvents(res: Response): Promise<Array<Record<string, unknown>>> {
  const text = await res.text();
  return text
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => JSON.parse(block.slice(6)) as Record<string, unknown>);
}

async function ok<T>(res: Response, what: string, status = 200): Promise<T> {
  if (res.status !== status) throw new Error(`${what}: HTTP ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export interface PracticeOptions {
  tone?: string;
  avatar?: string | null;
  /** A new conversation even when the scenario has an active one. */
  startOver?: boolean;
}

/** POST /api/user/sessions: the scenario's active session, or a new one with the server's opening. */
export async function startPractice(
  system: TestSystem,
  token: string,
  scenarioId: string,
  options: PracticeOptions = {},
): Promise<PracticeSession> {
  const res = await apiCall(system, '/api/user/sessions', {
    token,
    body: {
      scenario_id: scenarioId,
      ...(options.tone ? { tone_preference: options.tone } : {}),
      ...(options.avatar !== undefined ? { avatar_style: options.avatar } : {}),
      ...(options.startOver ? { start_over: true } : {}),
    },
  });
  return ok<PracticeSession>(res, 'start the session', 201);
}

/** Says one learner line in a stored session; answers the partner's reply (stored by the server). */
export async function sayLine(
  system: TestSystem,
  token: string,
  session: Pick<PracticeSession, 'id' | 'scenario_id' | 'tone_preference'>,
  line: string,
): Promise<string> {
  const scenario = await ok<Scenario>(
    await apiCall(system, `/api/user/scenarios/${encodeURIComponent(session.scenario_id)}`, { token }),
    'read the scenario',
  );
  const res = await apiCall(system, '/api/chat/chat-completion', {
    token,
    body: {
      session_id: session.id,
      tone: session.tone_preference,
      scenario: { id: scenario.id, title: scenario.title, description: scenario.description },
      messages: [{ sender: 'user', content: line }],
    },
  });
  if (res.status !== 200) throw new Error(`chat-completion: HTTP ${res.status} ${await res.text()}`);
  const events = await streamEvents(res);
  const failed = events.find((e) => typeof e.error === 'string');
  if (failed) throw new Error(`chat-completion: ${String(failed.error)}`);
  if (!events.some((e) => e.done === true)) throw new Error('chat-completion: the stream was cut off');
  return events
    .map((e) => (typeof e.content === 'string' ? e.content : ''))
    .join('')
    .trim();
}

/** Starts a session of the scenario and says each line in turn; answers the stored session. */
export async function practise(
  system: TestSystem,
  token: string,
  scenarioId: string,
  lines: string[],
  options: PracticeOptions = {},
): Promise<PracticeSession> {
  const session = await startPractice(system, token, scenarioId, options);
  for (const line of lines) await sayLine(system, token, session, line);
  return ok<PracticeSession>(
    await apiCall(system, `/api/user/sessions/view/${session.id}`, { token }),
    'read the session',
  );
}

/**
 * A session stored with the given messages straight through the sessions service's RPC, as the gateway
 * would store them — for tests about something else (export, replay, deletion) that need a transcript
 * of known words. The public API never takes partner lines; this is not the public API.
 */
export async function seedSession(
  system: TestSystem,
  user: { id: string; plan?: 'free' | 'premium' },
  body: {
    scenario_id: string;
    messages: Array<{ sender: 'user' | 'ai'; content: string }>;
    tone_preference?: string;
    avatar_style?: string | null;
  },
): Promise<PracticeSession> {
  const client = ClientProxyFactory.create({
    transport: Transport.TCP,
    options: { host: '127.0.0.1', port: Number(system.app('sessions').env.RPC_PORT) },
  });
  try {
    return await firstValueFrom(
      client.send<PracticeSession>(RPC.sessions.startSession, {
        meta: { requestId: randomUUID(), userId: user.id, plan: user.plan ?? 'free' },
        data: { start_over: true, ...body },
      }),
    );
  } finally {
    await client.close();
  }
}

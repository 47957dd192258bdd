import { randomUUID } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import type { ExportJob } from '@parley/contracts';
import { createEvent, KafkaMessageBus, topicFor } from '@parley/server-messaging';
import {
  apiCall,
  createTestUser,
  type RunningApp,
  seedSession,
  startApp,
  startSystem,
  testEnv,
  type TestSystem,
  type TestUser,
  waitFor,
} from '@parley/server-testing';

/**
 * SIGTERM to a service under load (docs/adr/0015-graceful-shutdown.md): the gateway and every service as
 * real processes against the real PostgreSQL, Redis and Kafka; one service at a time is told to stop while
 * requests, events or a job are in flight, and must finish them, exit 0 within its grace period, and log
 * its drain steps.
 */
let system: TestSystem;
let user: TestUser;
const GRACE_MS = 15_000;

async function json<T>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

/**
 * Sends SIGTERM and resolves with the exit code. Within the grace period is read from what the process
 * did, not from a clock here: past SHUTDOWN_GRACE_MS it logs what is still busy and exits 1, so exit 0 with
 * "shutdown: done" as its last drain step is a drain that finished in time.
 */
async function terminate(app: RunningApp): Promise<{ code: number | null }> {
  app.process.kill('SIGTERM');
  return { code: await app.exited };
}

/** Exit 0 after draining to the end, never forced out by the grace period. */
function expectDrainedInTime(app: RunningApp, code: number | null): void {
  expect(code).toBe(0);
  const steps = drainLog(app);
  expect(steps.filter((s) => s.startsWith('shutdown: still busy'))).toEqual([]);
  expect(steps.at(-1)).toMatch(/^shutdown: done in \d+ ms$/);
}

/** Starts the app again with the same environment, in place of the stopped one (system.stop stops it). */
function restart(app: RunningApp): RunningApp {
  const again = startApp(app.name, app.env);
  system.apps[system.apps.indexOf(app)] = again;
  return again;
}

function drainLog(app: RunningApp): string[] {
  return app
    .output()
    .split('\n')
    .filter((line) => line.includes('"context":"Shutdown"'))
    .map((line) => (JSON.parse(line) as { msg: string }).msg);
}

beforeAll(async () => {
  system = await startSystem({
    label: 'drain',
    env: {
      gateway: { RATE_LIMIT_PER_MINUTE: '100000', BODY_LIMIT_BYTES: String(4 * 1024 * 1024) },
      // Readiness is down for a second before the RPC listener starts refusing: the gateway's requests
      // already on their way arrive meanwhile, as they would while a Kubernetes Service drops the pod.
      sessions: { SHUTDOWN_DELAY_MS: '1000', SHUTDOWN_GRACE_MS: String(GRACE_MS) },
      gamification: { SHUTDOWN_GRACE_MS: String(GRACE_MS) },
      export: { SHUTDOWN_GRACE_MS: String(GRACE_MS) },
    },
  });
  user = await createTestUser(system, { plan: 'premium' });
}, 120_000);

afterAll(async () => {
  await system?.stop();
});

describe('graceful shutdown under load', () => {
  it('sessions finishes every request sent before SIGTERM, exits 0, and the gateway reconnects when it is back', async () => {
    const scenarios = await json<Array<{ id: string; premium: boolean }>>(
      await apiCall(system, '/api/user/scenarios', { token: user.token }),
    );
    const messages = Array.from({ length: 60 }, (_, i) => ({
      sender: i % 2 ? ('user' as const) : ('ai' as const),
      content: `Line ${i}: ${'a considered answer about scope and salary '.repeat(8)}`,
    }));
    // A long conversation going on: every POST /api/user/sessions of the scenario answers it (resumed).
    await seedSession(system, { id: user.id, plan: 'premium' }, { scenario_id: scenarios[0]!.id, messages });
    const save = () =>
      apiCall(system, '/api/user/sessions', {
        token: user.token,
        body: { scenario_id: scenarios[0]!.id, tone_preference: 'tough' },
      });

    const sessions = system.app('sessions');
    const results: Array<{ sent: number; done: number; status: number | string }> = [];
    let sigterm = Number.POSITIVE_INFINITY;
    let exited = false;
    const client = async () => {
      // Bounded: stops when the service has exited, or after 150 requests per client at the most.
      for (let n = 0; n < 150 && !exited; n++) {
        const sent = Date.now();
        try {
          const res = await save();
          await res.arrayBuffer();
          results.push({ sent, done: Date.now(), status: res.status });
        } catch (error) {
          results.push({ sent, done: Date.now(), status: String(error) });
        }
      }
    };
    const load = Promise.all(Array.from({ length: 6 }, client));
    await waitFor(() => results.length >= 30, 30_000, 20);

    sigterm = Date.now();
    const stopping = terminate(sessions);
    // Readiness turns down at once, while the RPC listener still serves (SHUTDOWN_DELAY_MS).
    const ready = `http://127.0.0.1:${sessions.env.HTTP_PORT}/health/ready`;
    const readiness = await waitFor(
      async () => {
        const res = await fetch(ready);
        return res.status === 503 ? ((await res.json()) as { checks: Record<string, unknown> }) : undefined;
      },
      900,
      20,
    );
    expect(readiness.checks['shutdown']).toEqual({ status: 'down', error: 'draining' });
    const { code } = await stopping;
    exited = true;
    await load;

    expectDrainedInTime(sessions, code);
    const before = results.filter((r) => r.sent < sigterm);
    const inFlight = before.filter((r) => r.done > sigterm);
    expect(inFlight.length).toBeGreaterThan(0); // the signal did land mid-load
    expect(before.filter((r) => r.status !== 201)).toEqual([]);
    // Sent after the signal: saved, or a clean 503 once the service stopped taking requests; never a 5xx
    // of another kind or a reset.
    const after = results.filter((r) => r.sent >= sigterm);
    expect(after.filter((r) => r.status !== 201 && r.status !== 503)).toEqual([]);
    expect(after.some((r) => r.status === 503)).toBe(true);

    const steps = drainLog(sessions);
    expect(steps[0]).toMatch(/^SIGTERM received: readiness is down/);
    for (const step of [
      'requests/rpc listener',
      'work/kafka consumer',
      'outbox/outbox relay',
      'clients/kafka',
      'clients/health listener',
      'storage/postgresql pool',
    ]) {
      expect(steps.some((s) => s.startsWith(`shutdown: ${step}`) && / stopped in \d+ ms$/.test(s))).toBe(
        true,
      );
    }
    const order = ['requests/', 'work/', 'outbox/', 'clients/', 'storage/'].map((p) =>
      steps.findIndex((s) => s.startsWith(`shutdown: ${p}`)),
    );
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(steps.at(-1)).toMatch(/^shutdown: done in \d+ ms$/);

    // Back up: the gateway's RPC client connects again by itself.
    restart(sessions);
    await waitFor(async () => (await save()).status === 201, 30_000, 200);
  }, 90_000);

  it('gamification stops mid-burst of events, commits what it applied, and applies the rest once after a restart', async () => {
    const gamification = system.app('gamification');
    const group = `${system.topicPrefix}gamification`;
    const topic = topicFor(system.topicPrefix, 'sessions.session-completed');
    const players = Array.from({ length: 4 }, () => randomUUID());
    const events = Array.from({ length: 120 }, (_, i) =>
      createEvent('sessions.session-completed', players[i % players.length]!, {
        sessionId: randomUUID(),
        scenarioId: `scenario-${i % 7}`,
        category: 'negotiation',
        completedAt: new Date().toISOString(),
        messageCount: 8,
        scores: { clarity: 7, empathy: 6, persuasion: 8 },
        firstOfScenario: false,
      }),
    );
    const ids = events.map((e) => e.id);
    const applied = async () =>
      (
        await system.sql<{ n: number }>(
          'gamification',
          `SELECT count(*)::int AS n FROM inbox WHERE consumer = $1 AND event_id = ANY($2::uuid[])`,
          [group, ids],
        )
      )[0]!.n;

    const bus = new KafkaMessageBus({ clientId: 'drain-test', brokers: testEnv.kafkaBrokers });
    try {
      await bus.publish(
        events.map((e) => ({
          topic,
          key: e.userId,
          value: JSON.stringify(e),
          headers: { 'event-id': e.id, 'event-type': e.type },
        })),
      );
    } finally {
      await bus.close();
    }
    await waitFor(async () => (await applied()) >= 5, 30_000, 10);

    const { code } = await terminate(gamification);
    expectDrainedInTime(gamification, code);
    const atExit = await applied();
    expect(atExit).toBeLessThan(events.length); // stopped mid-burst

    // Every event it applied is committed, and nothing more: the consumer group resumes right after.
    const kafka = new Kafka({ brokers: testEnv.kafkaBrokers, logLevel: logLevel.NOTHING });
    const admin = kafka.admin();
    await admin.connect();
    let committed: number;
    try {
      const [offsets] = await admin.fetchOffsets({ groupId: group, topics: [topic] });
      committed = offsets!.partitions.reduce((sum, p) => sum + Math.max(0, Number(p.offset)), 0);
    } finally {
      await admin.disconnect();
    }
    const onTopic = (
      await system.sql<{ n: number }>(
        'gamification',
        `SELECT count(*)::int AS n FROM inbox WHERE consumer = $1 AND event_type = 'sessions.session-completed'`,
        [group],
      )
    )[0]!.n;
    expect(committed).toBe(onTopic);
    // The relay published what the applied events wrote to the outbox before the process exited.
    const unpublished = await system.sql<{ n: number }>(
      'gamification',
      `SELECT count(*)::int AS n FROM outbox WHERE published_at IS NULL`,
    );
    expect(unpublished[0]!.n).toBe(0);
    const steps = drainLog(gamification);
    expect(steps.some((s) => /^shutdown: work\/kafka consumer .* stopped in \d+ ms$/.test(s))).toBe(true);
    expect(steps.some((s) => /^shutdown: outbox\/outbox relay .* stopped in \d+ ms$/.test(s))).toBe(true);

    const again = restart(gamification);
    await waitFor(async () => (await applied()) === events.length, 45_000, 200);
    const sessions = await system.sql<{ n: number; players: number }>(
      'gamification',
      `SELECT count(*)::int AS n, count(DISTINCT user_id)::int AS players FROM completed_sessions
        WHERE event_id = ANY($1::uuid[])`,
      [ids],
    );
    expect(sessions[0]).toEqual({ n: events.length, players: players.length });
    const counted = await system.sql<{ total: number }>(
      'gamification',
      `SELECT sum(sessions_completed)::int AS total FROM players WHERE user_id = ANY($1::uuid[])`,
      [players],
    );
    expect(counted[0]!.total).toBe(events.length);
    // None delivered twice: the restarted consumer saw no event it had already applied.
    const metrics = await (await fetch(`http://127.0.0.1:${again.env.HTTP_PORT}/metrics`)).text();
    expect(metrics).toMatch(
      new RegExp(
        `parley_events_consumed_total\\{[^}]*outcome="applied"[^}]*\\} ${events.length - atExit}\\b`,
      ),
    );
    expect(metrics).not.toMatch(/parley_events_consumed_total\{[^}]*outcome="duplicate"[^}]*\} [1-9]/);
  }, 90_000);

  it('export finishes the PDF it is rendering before it exits', async () => {
    const scenarios = await json<Array<{ id: string; premium: boolean }>>(
      await apiCall(system, '/api/user/scenarios', { token: user.token }),
    );
    const messages = Array.from({ length: 400 }, (_, i) => ({
      sender: i % 2 ? ('user' as const) : ('ai' as const),
      content: `Turn ${i}. ${'We should agree on the scope first, then on the numbers that follow from it. '.repeat(12)}`,
    }));
    const sessionId = (
      await seedSession(
        system,
        { id: user.id, plan: 'premium' },
        { scenario_id: scenarios[0]!.id, tone_preference: 'tough', messages },
      )
    ).id;
    const created = await apiCall(system, '/api/export/jobs', {
      token: user.token,
      body: { session_id: sessionId },
    });
    expect(created.status).toBe(202);
    const job = await json<ExportJob>(created);
    const row = async () =>
      (
        await system.sql<{ status: string; progress: number; renders: number }>(
          'export',
          `SELECT status, progress, renders FROM export_jobs WHERE id = $1`,
          [job.id],
        )
      )[0]!;
    await waitFor(async () => (await row()).status === 'running', 30_000, 5);
    const atSignal = await row();
    expect(atSignal.status).toBe('running');

    const exporter = system.app('export');
    const { code } = await terminate(exporter);
    expectDrainedInTime(exporter, code);
    expect(await row()).toMatchObject({ status: 'done', progress: 100, renders: 1 });
    const steps = drainLog(exporter);
    expect(steps.some((s) => /^shutdown: work\/queue workers stopped in \d+ ms$/.test(s))).toBe(true);
    expect(steps.at(-1)).toMatch(/^shutdown: done in \d+ ms$/);
    restart(exporter);
  }, 90_000);
});

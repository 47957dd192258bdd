import { execFile } from 'node:child_process';
import { Redis } from 'ioredis';
import type { CreatedShareLink, ExportJob, SharedReport, ShareLink } from '@parley/contracts';
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
 * Stored-session exports with progress, share links and account deletion, through the gateway, the export
 * service (API only here) and export worker processes this test starts and kills.
 */
let system: TestSystem;
let owner: TestUser;
let other: TestUser;
const workers: RunningApp[] = [];

async function json<T>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

function pdfText(pdf: Buffer): Promise<{ text: string; pages: number }> {
  const script = `const { PDFParse } = require('pdf-parse'); const c = [];
process.stdin.on('data', (d) => c.push(d)); process.stdin.on('end', async () => {
const p = new PDFParse({ data: new Uint8Array(Buffer.concat(c)) }); const r = await p.getText(); await p.destroy();
process.stdout.write(JSON.stringify({ text: r.text, pages: r.total })); });`;
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      ['-e', script],
      { maxBuffer: 256 * 1024 * 1024 },
      (error, out, err) =>
        error
          ? reject(new Error(`${error.message}\n${err}`))
          : resolve(JSON.parse(out) as { text: string; pages: number }),
    );
    child.stdin!.end(pdf);
  });
}

/** One more export process that only works the queues (its RPC and HTTP ports unused by anyone). */
function startWorker(): RunningApp {
  const port = 4900 + Math.floor(Math.random() * 900);
  const worker = startApp('export', {
    DATABASE_URL: testEnv.databaseUrl,
    DATABASE_SCHEMA: system.schemas.export,
    REDIS_URL: testEnv.redisUrl,
    KAFKA_BROKERS: testEnv.kafkaBrokers.join(','),
    KAFKA_TOPIC_PREFIX: system.topicPrefix,
    LOG_LEVEL: 'info',
    HTTP_HOST: '127.0.0.1',
    HTTP_PORT: String(port),
    RPC_HOST: '127.0.0.1',
    RPC_PORT: String(port + 1000),
    RUN_WORKERS: 'true',
  });
  workers.push(worker);
  return worker;
}

/** A stored session of known words (through the sessions RPC: the public API writes no partner lines). */
async function storedSession(
  user: TestUser,
  messages: Array<{ sender: 'user' | 'ai'; content: string }>,
): Promise<string> {
  const scenarios = await json<Array<{ id: string; premium: boolean }>>(
    await apiCall(system, '/api/user/scenarios', { token: user.token }),
  );
  const session = await seedSession(
    system,
    { id: user.id, plan: 'premium' },
    { scenario_id: scenarios.find((s) => !s.premium)!.id, tone_preference: 'tough', messages },
  );
  return session.id;
}

async function finished(user: TestUser, id: string, timeoutMs = 30_000): Promise<ExportJob> {
  return waitFor(
    async () => {
      const job = await json<ExportJob>(
        await apiCall(system, `/api/export/jobs/${id}`, { token: user.token }),
      );
      return job.status === 'done' || job.status === 'failed' ? job : undefined;
    },
    timeoutMs,
    100,
  );
}

const conversation: Array<{ sender: 'user' | 'ai'; content: string }> = [
  { sender: 'ai', content: 'Welcome. What brings you in today?' },
  { sender: 'user', content: 'I would like to discuss **my role** and:\n- scope\n- salary' },
  { sender: 'ai', content: 'Go on.' },
];

beforeAll(async () => {
  system = await startSystem({
    label: 'exportjobs',
    env: {
      gateway: { RATE_LIMIT_PER_MINUTE: '100000', BODY_LIMIT_BYTES: String(4 * 1024 * 1024) },
      export: { RUN_WORKERS: 'false', EXPORT_CLEANUP_INTERVAL_SECONDS: '1' },
    },
  });
  owner = await createTestUser(system, { plan: 'premium' });
  other = await createTestUser(system, { plan: 'premium' });
  startWorker();
}, 120_000);

afterAll(async () => {
  await Promise.all(workers.map((w) => w.stop()));
  await system?.stop();
});

describe('export jobs of stored sessions', () => {
  it('renders a session to a file its owner alone can download, with progress readable and streamed', async () => {
    const sessionId = await storedSession(owner, conversation);
    const created = await apiCall(system, '/api/export/jobs', {
      token: owner.token,
      body: { session_id: sessionId },
    });
    expect(created.status).toBe(202);
    const job = await json<ExportJob>(created);
    expect(job).toMatchObject({ session_id: sessionId, progress: 0 });

    const stream = await apiCall(system, `/api/export/jobs/${job.id}/events`, { token: owner.token });
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    const events = (await stream.text())
      .split('\n\n')
      .filter((l) => l.startsWith('data: '))
      .map((l) => JSON.parse(l.slice(6)) as { status: string; progress: number });
    expect(events.at(-1)).toMatchObject({ status: 'done', progress: 100 });
    const progress = events.map((e) => e.progress);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);

    expect((await finished(owner, job.id)).status).toBe('done');
    const file = await apiCall(system, `/api/export/jobs/${job.id}/file`, { token: owner.token });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    const { text } = await pdfText(Buffer.from(await file.arrayBuffer()));
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Tone: Tough');
    expect(flat.indexOf('Welcome.')).toBeLessThan(flat.indexOf('my role'));
    expect(flat).toContain('• salary');

    for (const path of [`/api/export/jobs/${job.id}`, `/api/export/jobs/${job.id}/file`]) {
      expect((await apiCall(system, path, { token: other.token })).status).toBe(404);
      expect((await apiCall(system, path)).status).toBe(401);
    }
  }, 60_000);

  it("refuses a session that is not the caller's, a bad id and an empty session", async () => {
    const theirs = await storedSession(other, conversation);
    const res = await apiCall(system, '/api/export/jobs', {
      token: owner.token,
      body: { session_id: theirs },
    });
    expect(res.status).toBe(404);
    expect(
      (await apiCall(system, '/api/export/jobs', { token: owner.token, body: { session_id: 'x' } })).status,
    ).toBe(400);
    const empty = await storedSession(owner, []);
    const none = await apiCall(system, '/api/export/jobs', {
      token: owner.token,
      body: { session_id: empty },
    });
    expect(none.status).toBe(400);
    expect(await json<{ error: string }>(none)).toEqual({ error: 'The session has no messages to export' });
  }, 30_000);

  it('removes a file once it has expired', async () => {
    const sessionId = await storedSession(owner, conversation);
    const job = await json<ExportJob>(
      await apiCall(system, '/api/export/jobs', { token: owner.token, body: { session_id: sessionId } }),
    );
    await finished(owner, job.id);
    await system.sql(
      'export',
      `UPDATE export_jobs SET expires_at = now() - interval '1 second' WHERE id = $1`,
      [job.id],
    );
    expect((await apiCall(system, `/api/export/jobs/${job.id}/file`, { token: owner.token })).status).toBe(
      404,
    );
    await waitFor(
      async () =>
        (await system.sql('export', `SELECT 1 FROM export_jobs WHERE id = $1`, [job.id])).length === 0,
      10_000,
    );
  }, 30_000);

  it('a worker killed mid-job leaves the job to another, which renders it once', async () => {
    const long = Array.from({ length: 400 }, (_, i) => ({
      sender: i % 2 ? ('ai' as const) : ('user' as const),
      content:
        `Turn ${i + 1}. ` + 'We should weigh the **budget** against the timeline and the team. '.repeat(30),
    }));
    const sessionId = await storedSession(owner, long);
    const [first] = workers;
    const started = await apiCall(system, '/api/export/jobs', {
      token: owner.token,
      body: { session_id: sessionId },
    });
    expect(started.status).toBe(202);
    const job = await json<ExportJob>(started);
    let seen: unknown;
    await waitFor(
      async () => {
        const [row] = await system.sql<{ status: string; progress: number }>(
          'export',
          `SELECT status, progress FROM export_jobs WHERE id = $1`,
          [job.id],
        );
        seen = row;
        if (row?.status === 'done') throw new Error('finished before it could be interrupted');
        return row?.status === 'running' && row.progress > 0;
      },
      30_000,
      20,
    ).catch((error: unknown) => {
      throw new Error(`${String(error)}; last seen ${JSON.stringify(seen)}\n${first!.output().slice(-3000)}`);
    });
    first!.process.kill('SIGKILL');
    await first!.stop();
    startWorker();
    // BullMQ notices the lapsed lock after 15–45 s and hands the job to the live worker.
    const done = await finished(owner, job.id, 90_000);
    expect(done.status).toBe('done');
    const [row] = await system.sql<{ renders: number; attempts: number; file_bytes: number }>(
      'export',
      `SELECT renders, attempts, file_bytes FROM export_jobs WHERE id = $1`,
      [job.id],
    );
    expect(row).toMatchObject({ renders: 1 });
    expect(row!.attempts).toBeGreaterThanOrEqual(2);
    const file = Buffer.from(
      await (await apiCall(system, `/api/export/jobs/${job.id}/file`, { token: owner.token })).arrayBuffer(),
    );
    expect(file.length).toBe(row!.file_bytes);
    const { text, pages } = await pdfText(file);
    expect(text).toContain('Turn 400.');
    expect(text).toContain(`Page ${pages} of ${pages}`);
  }, 150_000);
});

describe('shareable reports', () => {
  it('the owner creates, sees and revokes a link; the report reads without sign-in and shows nothing else', async () => {
    const sessionId = await storedSession(owner, conversation);
    const created = await apiCall(system, '/api/export/shares', {
      token: owner.token,
      body: { session_id: sessionId },
    });
    expect(created.status).toBe(201);
    const link = await json<CreatedShareLink>(created);
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.url).toBe(`${system.baseUrl}/shared/${link.token}`);
    // The link opens the web app's report page (the gateway serves the app for it).
    const page = await fetch(link.url, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');

    // Stored hashed: no row holds the token; the list gives ids and dates, never a token or an address.
    const stored = await system.sql('export', `SELECT * FROM share_links WHERE id = $1`, [link.id]);
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(link.token);
    const listed = await apiCall(system, '/api/export/shares', { token: owner.token });
    const mine = await json<ShareLink[]>(listed.clone());
    expect(mine.find((l) => l.id === link.id)).toEqual({
      id: link.id,
      session_id: sessionId,
      created_at: link.created_at,
      expires_at: link.expires_at,
    });
    expect(await listed.text()).not.toContain(link.token);
    expect(
      await json<ShareLink[]>(await apiCall(system, '/api/export/shares', { token: other.token })),
    ).toEqual([]);

    const shared = await apiCall(system, `/api/export/shared/${link.token}`);
    expect(shared.status).toBe(200);
    const report = await json<SharedReport>(shared);
    expect(report.messages.map((m) => m.content)).toEqual(conversation.map((m) => m.content));
    const raw = JSON.stringify(report);
    for (const secret of [owner.id, owner.email, sessionId]) expect(raw).not.toContain(secret);
    expect(Object.keys(report).sort()).toEqual(
      ['date', 'expires_at', 'feedback', 'messages', 'scenario', 'title', 'tone'].sort(),
    );
    const pdf = await apiCall(system, `/api/export/shared/${link.token}/pdf`);
    expect(pdf.status).toBe(200);
    expect((await pdfText(Buffer.from(await pdf.arrayBuffer()))).text).toContain('Welcome.');

    // Revoked by id, by its owner only; the token is no id.
    expect(
      (await apiCall(system, `/api/export/shares/${link.id}`, { method: 'DELETE', token: other.token }))
        .status,
    ).toBe(404);
    expect(
      (await apiCall(system, `/api/export/shares/${link.token}`, { method: 'DELETE', token: owner.token }))
        .status,
    ).toBe(400);
    expect((await apiCall(system, `/api/export/shared/${link.token}`)).status).toBe(200);
    expect(
      (await apiCall(system, `/api/export/shares/${link.id}`, { method: 'DELETE', token: owner.token }))
        .status,
    ).toBe(204);
    expect((await apiCall(system, `/api/export/shared/${link.token}`)).status).toBe(404);
    expect((await apiCall(system, `/api/export/shared/${link.token}/pdf`)).status).toBe(404);
    expect((await apiCall(system, '/api/export/shared/not-a-token')).status).toBe(404);
  }, 60_000);

  it('renders a shared PDF once and serves the kept file to every later anonymous hit', async () => {
    const sessionId = await storedSession(owner, conversation);
    const link = await json<CreatedShareLink>(
      await apiCall(system, '/api/export/shares', { token: owner.token, body: { session_id: sessionId } }),
    );
    const read = async () => {
      const res = await apiCall(system, `/api/export/shared/${link.token}/pdf`);
      expect(res.status).toBe(200);
      return Buffer.from(await res.arrayBuffer());
    };
    const first = await read();
    const later = await Promise.all([read(), read(), read()]);
    for (const pdf of later) expect(pdf.equals(first)).toBe(true);
    const [row] = await system.sql<{ pdf_renders: number }>(
      'export',
      `SELECT pdf_renders FROM share_links WHERE session_id = $1`,
      [sessionId],
    );
    expect(row!.pdf_renders).toBe(1);
    // Revoked, the kept file goes with the link.
    await apiCall(system, `/api/export/shares/${link.id}`, { method: 'DELETE', token: owner.token });
    expect((await apiCall(system, `/api/export/shared/${link.token}/pdf`)).status).toBe(404);
  }, 60_000);

  it('an expired link answers 404', async () => {
    const sessionId = await storedSession(owner, conversation);
    const link = await json<CreatedShareLink>(
      await apiCall(system, '/api/export/shares', { token: owner.token, body: { session_id: sessionId } }),
    );
    await system.sql(
      'export',
      `UPDATE share_links SET expires_at = now() - interval '1 second' WHERE id = $1`,
      [link.id],
    );
    expect((await apiCall(system, `/api/export/shared/${link.token}`)).status).toBe(404);
  }, 30_000);
});

describe('session deletion', () => {
  it("revokes the session's share links and removes its export files (sessions.session-deleted), and nothing else", async () => {
    const sessionId = await storedSession(owner, conversation);
    const kept = await storedSession(owner, conversation);
    const share = (id: string, user = owner) =>
      apiCall(system, '/api/export/shares', { token: user.token, body: { session_id: id } }).then((r) =>
        json<CreatedShareLink>(r),
      );
    const job = await json<ExportJob>(
      await apiCall(system, '/api/export/jobs', { token: owner.token, body: { session_id: sessionId } }),
    );
    await finished(owner, job.id);
    const link = await share(sessionId);
    const keptLink = await share(kept);
    // Another user's session with the same id cannot exist; their own links stay untouched.
    const othersLink = await share(await storedSession(other, conversation), other);
    expect((await apiCall(system, `/api/export/shared/${link.token}`)).status).toBe(200);

    expect(
      (await apiCall(system, `/api/user/sessions/${sessionId}`, { method: 'DELETE', token: owner.token }))
        .status,
    ).toBe(200);
    // The event reaches export through the outbox and Kafka: wait for its effect, not for a time.
    await waitFor(
      async () => (await apiCall(system, `/api/export/shared/${link.token}`)).status === 404,
      30_000,
      100,
    );
    expect((await apiCall(system, `/api/export/shared/${link.token}/pdf`)).status).toBe(404);
    expect((await apiCall(system, `/api/export/jobs/${job.id}`, { token: owner.token })).status).toBe(404);
    expect((await apiCall(system, `/api/export/jobs/${job.id}/file`, { token: owner.token })).status).toBe(
      404,
    );
    expect(
      await system.sql('export', `SELECT 1 FROM export_jobs WHERE session_id = $1`, [sessionId]),
    ).toHaveLength(0);
    // The owner's other session and the other user's link still open.
    expect((await apiCall(system, `/api/export/shared/${keptLink.token}`)).status).toBe(200);
    expect((await apiCall(system, `/api/export/shared/${othersLink.token}`)).status).toBe(200);
    // Written with the deletion in sessions' outbox, recorded in export's inbox: a redelivery does nothing.
    const [event] = await system.sql<{ id: string }>(
      'sessions',
      `SELECT id FROM outbox WHERE type = 'sessions.session-deleted' AND event->'payload'->>'sessionId' = $1`,
      [sessionId],
    );
    expect(await system.sql('export', `SELECT 1 FROM inbox WHERE event_id = $1`, [event!.id])).toHaveLength(
      1,
    );
  }, 60_000);
});

describe('account deletion', () => {
  it("removes the user's jobs, files and links", async () => {
    const leaving = await createTestUser(system, { plan: 'premium' });
    const sessionId = await storedSession(leaving, conversation);
    const job = await json<ExportJob>(
      await apiCall(system, '/api/export/jobs', { token: leaving.token, body: { session_id: sessionId } }),
    );
    await finished(leaving, job.id);
    await apiCall(system, '/api/export/shares', { token: leaving.token, body: { session_id: sessionId } });
    const count = async () =>
      (
        await system.sql<{ n: number }>(
          'export',
          `SELECT (SELECT count(*) FROM export_jobs WHERE user_id = $1) + (SELECT count(*) FROM share_links WHERE user_id = $1) AS n`,
          [leaving.id],
        )
      )[0]!.n;
    expect(Number(await count())).toBe(2);
    expect(
      (await apiCall(system, `/api/user/${leaving.id}`, { method: 'DELETE', token: leaving.token })).status,
    ).toBe(200);
    await waitFor(async () => Number(await count()) === 0, 30_000, 250);
  }, 60_000);
});

/** One progress stream read as it arrives: each `data:` event with the time it came, and the comments. */
interface OpenStream {
  status: number;
  events: Array<{ at: number; data: { status?: string; progress?: number; error?: string | null } }>;
  /** Resolves when the server ends the stream (or the client aborts). */
  ended: Promise<void>;
  abort(): void;
}

async function openStream(user: TestUser, id: string): Promise<OpenStream> {
  const controller = new AbortController();
  const res = await fetch(`${system.baseUrl}/api/export/jobs/${id}/events`, {
    headers: {
      authorization: `Bearer ${user.token}`,
      accept: 'text/event-stream',
      'x-forwarded-for': `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    },
    signal: controller.signal,
  });
  const events: OpenStream['events'] = [];
  const read = async () => {
    if (!res.body || res.status !== 200) return;
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          if (block.startsWith('data: '))
            events.push({
              at: Date.now(),
              data: JSON.parse(block.slice(6)) as OpenStream['events'][0]['data'],
            });
        }
      }
    } catch {
      // aborted by the test
    }
  };
  return { status: res.status, events, ended: read(), abort: () => controller.abort() };
}

/** How often the gateway's progress streams read a job again rather than hear its update. */
async function rereadsOfJobs(): Promise<number> {
  const metrics = await (await fetch(`${system.baseUrl}/metrics`)).text();
  return [...metrics.matchAll(/^parley_gateway_export_job_rereads_total\{[^}]*\} (\d+)/gm)].reduce(
    (sum, m) => sum + Number(m[1]),
    0,
  );
}

/** The gateway's gauges and Redis's own count of subscribers to a job's channel. */
async function subscriptions(jobId: string): Promise<{ channels: number; streams: number; redis: number }> {
  const metrics = await (await fetch(`${system.baseUrl}/metrics`)).text();
  const gauge = (name: string) =>
    Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\d+)`, 'm').exec(metrics)?.[1]);
  const [, redis] = (await redisClient.pubsub('NUMSUB', `${system.topicPrefix}export-job:${jobId}`)) as [
    string,
    number,
  ];
  return {
    channels: gauge('parley_gateway_export_job_subscriptions'),
    streams: gauge('parley_gateway_export_job_streams'),
    redis: Number(redis),
  };
}

/** Waits (briefly) until the counts are `expected`: an UNSUBSCRIBE reaches Redis a moment after the stream ends. */
async function expectSubscriptions(
  jobId: string,
  expected: { channels: number; streams: number; redis: number },
): Promise<void> {
  let seen: unknown;
  await waitFor(
    async () => {
      seen = await subscriptions(jobId);
      return JSON.stringify(seen) === JSON.stringify(expected);
    },
    5000,
    25,
  ).catch(() => undefined);
  expect(seen).toEqual(expected);
}

let redisClient: Redis;

describe('the progress stream is pushed, not polled', () => {
  const plain = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      sender: i % 2 ? ('ai' as const) : ('user' as const),
      content: `Turn ${i + 1}.`,
    }));
  const createJob = async (user: TestUser, messages = conversation) =>
    json<ExportJob>(
      await apiCall(system, '/api/export/jobs', {
        token: user.token,
        body: { session_id: await storedSession(user, messages) },
      }),
    );

  beforeAll(async () => {
    redisClient = new Redis(testEnv.redisUrl);
    // No worker runs until a test starts one: a job created now stays queued.
    await Promise.all(workers.splice(0).map((w) => w.stop()));
  }, 30_000);

  afterAll(async () => {
    await redisClient?.quit();
  });

  it('sends the queued state, then every update as the worker publishes it, in order, and ends with done', async () => {
    const job = await createJob(owner, plain(200));
    const stream = await openStream(owner, job.id);
    expect(stream.status).toBe(200);
    await waitFor(() => stream.events.length === 1, 10_000, 20);
    expect(stream.events[0]!.data).toEqual({ id: job.id, status: 'queued', progress: 0, error: null });
    await expectSubscriptions(job.id, { channels: 1, streams: 1, redis: 1 });

    startWorker();
    await stream.ended;
    // Progress is written every 50 messages (25, 50, 75 %, then 99 % until the file is stored): a render
    // takes well under the 5 s safety poll, so only pushed updates can show every step — the events
    // themselves show the push, no clock reading is needed.
    expect(stream.events.map((e) => [e.data.status, e.data.progress])).toEqual([
      ['queued', 0],
      ['running', 0],
      ['running', 25],
      ['running', 50],
      ['running', 75],
      ['running', 99],
      ['done', 100],
    ]);
    await expectSubscriptions(job.id, { channels: 0, streams: 0, redis: 0 });
  }, 60_000);

  it('gives a late subscriber to a finished job its final state at once, and ends', async () => {
    const job = await createJob(owner);
    expect((await finished(owner, job.id)).status).toBe('done');
    const rereads = await rereadsOfJobs();
    const stream = await openStream(owner, job.id);
    await stream.ended;
    // At once: the stream ended on the state it read when it opened, without reading the job again (no
    // safety read, no polling) — counted by the gateway, not timed here.
    expect(await rereadsOfJobs()).toBe(rereads);
    expect(stream.events.map((e) => e.data)).toEqual([
      { id: job.id, status: 'done', progress: 100, error: null },
    ]);
    await expectSubscriptions(job.id, { channels: 0, streams: 0, redis: 0 });
    await Promise.all(workers.splice(0).map((w) => w.stop()));
  }, 60_000);

  it("answers another user's job, an unknown job and a bad id before any stream, and keeps no subscription", async () => {
    const job = await createJob(owner);
    const theirs = await openStream(other, job.id);
    expect(theirs.status).toBe(404);
    expect((await openStream(owner, '33333333-3333-4333-8333-333333333333')).status).toBe(404);
    expect((await openStream(owner, 'not-an-id')).status).toBe(400);
    expect((await apiCall(system, `/api/export/jobs/${job.id}/events`)).status).toBe(401);
    await expectSubscriptions(job.id, { channels: 0, streams: 0, redis: 0 });
  }, 30_000);

  it('shares one subscription among the streams of a job and drops it when the last client leaves', async () => {
    const job = await createJob(owner);
    const first = await openStream(owner, job.id);
    const second = await openStream(owner, job.id);
    await waitFor(() => first.events.length === 1 && second.events.length === 1, 10_000, 20);
    await expectSubscriptions(job.id, { channels: 1, streams: 2, redis: 1 });
    first.abort();
    await expectSubscriptions(job.id, { channels: 1, streams: 1, redis: 1 });
    second.abort();
    await expectSubscriptions(job.id, { channels: 0, streams: 0, redis: 0 });
  }, 30_000);

  // Last: the gateway does not come back.
  it('ends open streams politely when the gateway drains, without holding its shutdown up', async () => {
    const job = await createJob(owner);
    const stream = await openStream(owner, job.id);
    await waitFor(() => stream.events.length === 1, 10_000, 20);
    const gateway = system.apps.find((a) => a.name === 'gateway')!;
    const exited = gateway.exited;
    gateway.process.kill('SIGTERM');
    await stream.ended;
    expect(stream.events.map((e) => e.data)).toEqual([
      { id: job.id, status: 'queued', progress: 0, error: null },
      {
        error: 'The server is restarting; the export goes on, read its progress again in a moment',
        retry: true,
      },
    ]);
    // Exit 0 and no 'still busy' line: the drain finished on its own, the grace period's hard exit never
    // fired (an event, not a reading of the clock).
    expect(await exited).toBe(0);
    expect(gateway.output()).not.toContain('still busy after');
    expect(gateway.output()).toContain('shutdown: requests/export job streams stopped');
  }, 30_000);
});

import { execFile } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { promisify } from 'node:util';
import { Client } from 'pg';
import {
  SERVICE_NAMES,
  type GamificationSummary,
  type PracticeSession,
  type Scenario,
  type StoredFeedback,
} from '@parley/contracts';
import { freePorts, linkIn, testEnv, uniqueSuffix, waitFor, waitForMail } from '@parley/server-testing';

/*
 * The images infra/images/test.sh built (`npm run test:images`), run the way docker-compose.yml and k8s/ run
 * them: non-root, read-only root filesystem with a tmpfs /tmp, no capabilities, no new privileges, here with
 * podman and host networking against the local PostgreSQL (a database of their own), Redis (a database index
 * of their own), Kafka (topics under a prefix of their own) and SMTP catcher, on free ports.
 */
const exec = promisify(execFile);
const tag = process.env.PARLEY_IMAGE_TAG ?? 'test';
const image = (name: string) => `localhost/parley/${name}:${tag}`;
const run = `images${uniqueSuffix()}`;
const podman = (...args: string[]) =>
  exec('podman', ['--runtime', 'runc', ...args], { maxBuffer: 64 * 1024 * 1024 });

const database = `parley_images_${uniqueSuffix()}`;
const withDatabase = (name: string) => {
  const url = new URL(testEnv.databaseUrl);
  url.pathname = `/${name}`;
  return url.toString();
};
const redisUrl = process.env.TEST_IMAGES_REDIS_URL ?? 'redis://127.0.0.1:6379/14';

type App = (typeof SERVICE_NAMES)[number] | 'gateway';
const apps: App[] = [...SERVICE_NAMES, 'gateway'];
let ports: Record<App, { http: number; rpc: number }>;
let baseUrl: string;
const started: string[] = [];

/** The flags every Parley container runs with (docker-compose.yml's x-app, k8s' securityContext). */
const hardened = [
  '--network=host',
  '--read-only',
  '--tmpfs=/tmp:rw,size=64m',
  '--cap-drop=ALL',
  '--security-opt=no-new-privileges',
];

async function admin(sql: string): Promise<void> {
  const client = new Client({ connectionString: withDatabase('postgres') });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function envArgs(env: Record<string, string>): string[] {
  return Object.entries(env).flatMap(([k, v]) => ['-e', `${k}=${v}`]);
}

async function logsOf(name: string): Promise<string> {
  const { stdout, stderr } = await podman('logs', '--tail', '40', name).catch(() => ({
    stdout: '',
    stderr: '',
  }));
  return `--- ${name}\n${stdout}${stderr}`;
}

async function call(path: string, init: { token?: string; body?: unknown; method?: string } = {}) {
  return fetch(`${baseUrl}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    redirect: 'manual',
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

/** The content of a streamed (SSE) reply: its data lines' `content`, up to the end marker. */
async function streamed(res: Response): Promise<string> {
  const text = await res.text();
  const events = text
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice(6)) as { content?: string; done?: boolean });
  expect(events.at(-1)).toEqual({ done: true });
  return events
    .map((e) => e.content ?? '')
    .join('')
    .trim();
}

beforeAll(async () => {
  const free = await freePorts(apps.length * 2);
  ports = Object.fromEntries(
    apps.map((app, i) => [app, { http: free[2 * i]!, rpc: free[2 * i + 1]! }]),
  ) as Record<App, { http: number; rpc: number }>;
  baseUrl = `http://127.0.0.1:${ports.gateway.http}`;
  await admin(`CREATE DATABASE "${database}"`);
  const { stdout: flushed } = await exec('redis-cli', ['-u', redisUrl, 'FLUSHDB']).catch(() => ({
    stdout: 'n/a',
  }));
  void flushed;

  // The migrate image: every service's schema, then it exits.
  const migrate = await podman(
    'run',
    '--rm',
    `--name=${run}-migrate`,
    ...hardened,
    ...envArgs({ DATABASE_URL: withDatabase(database), LOG_LEVEL: 'warn' }),
    image('migrate'),
  );
  expect(migrate.stderr).toMatch(/all migrations applied \(identity sessions coaching gamification export\)/);

  const jwt = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString();
  const common = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    REDIS_URL: redisUrl,
    SHUTDOWN_GRACE_MS: '3000',
  };
  for (const app of SERVICE_NAMES) {
    const env: Record<string, string> = {
      ...common,
      DATABASE_URL: withDatabase(database),
      KAFKA_BROKERS: testEnv.kafkaBrokers.join(','),
      KAFKA_TOPIC_PREFIX: `${run}.`,
      HTTP_HOST: '127.0.0.1',
      RPC_HOST: '127.0.0.1',
      HTTP_PORT: String(ports[app].http),
      RPC_PORT: String(ports[app].rpc),
      ...(app === 'identity' ? { JWT_PRIVATE_KEY: jwt, PUBLIC_URL: baseUrl, SMTP_URL: testEnv.smtpUrl } : {}),
    };
    await podman('run', '-d', `--name=${run}-${app}`, ...hardened, ...envArgs(env), image(app));
    started.push(`${run}-${app}`);
  }
  const rpc = (app: App) => `tcp://127.0.0.1:${ports[app].rpc}`;
  await podman(
    'run',
    '-d',
    `--name=${run}-gateway`,
    ...hardened,
    ...envArgs({
      ...common,
      HOST: '127.0.0.1',
      PORT: String(ports.gateway.http),
      PUBLIC_URL: baseUrl,
      JWKS_URL: `http://127.0.0.1:${ports.identity.http}/.well-known/jwks.json`,
      IDENTITY_RPC_URL: rpc('identity'),
      SESSIONS_RPC_URL: rpc('sessions'),
      COACHING_RPC_URL: rpc('coaching'),
      GAMIFICATION_RPC_URL: rpc('gamification'),
      EXPORT_RPC_URL: rpc('export'),
      WEB_DIST_DIR: 'dist/apps/web',
    }),
    image('gateway'),
  );
  started.push(`${run}-gateway`);
}, 240_000);

afterAll(async () => {
  if (started.length) await podman('rm', '-f', '-t', '5', ...started).catch(() => undefined);
  await admin(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`).catch(() => undefined);
}, 60_000);

describe('the images, run as containers', () => {
  it.each(apps)('%s passes its own HEALTHCHECK', async (app) => {
    const name = `${run}-${app}`;
    await waitFor(
      async () => {
        const { exitCode } = await podman('healthcheck', 'run', name).then(
          () => ({ exitCode: 0 }),
          (error: { code?: number }) => ({ exitCode: error.code ?? 1 }),
        );
        return exitCode === 0;
      },
      120_000,
      1000,
    ).catch(async (error: unknown) => {
      throw new Error(`${String(error)}\n${await logsOf(name)}`);
    });
  });

  it.each(apps)(
    '%s runs as uid 1000 on a read-only root filesystem, without dev or web-only dependencies',
    async (app) => {
      const name = `${run}-${app}`;
      const probe = `
      const fs = require('node:fs');
      const canWrite = (p) => { try { fs.writeFileSync(p, 'x'); fs.rmSync(p); return true; } catch { return false; } };
      process.stdout.write(JSON.stringify({
        uid: process.getuid(), gid: process.getgid(),
        rootWritable: canWrite('/app/probe') || canWrite('/probe'),
        tmpWritable: canWrite('/tmp/probe'),
        devDependencies: ['nx', 'typescript', 'jest', 'vite', '@swc/core', 'eslint'].filter((d) => fs.existsSync('/app/node_modules/' + d)),
        webOnly: ['react', 'react-dom', 'highcharts', 'react-markdown'].filter((d) => fs.existsSync('/app/node_modules/' + d)),
        tools: ['/usr/local/bin/npm', '/usr/local/bin/npx', '/usr/bin/gcc', '/usr/bin/make'].filter((t) => fs.existsSync(t)),
        sources: fs.existsSync('/app/apps') || fs.existsSync('/app/libs'),
      }));`;
      const { stdout } = await podman('exec', name, 'node', '-e', probe);
      expect(JSON.parse(stdout)).toEqual({
        uid: 1000,
        gid: 1000,
        rootWritable: false,
        tmpWritable: true,
        devDependencies: [],
        webOnly: [],
        tools: [],
        sources: false,
      });
    },
  );

  it('gateway serves the web app and answers /api/health with every service up', async () => {
    await waitFor(async () => (await call('/api/health')).status === 200, 120_000, 1000).catch(
      async (error: unknown) => {
        throw new Error(`${String(error)}\n${(await Promise.all(started.map(logsOf))).join('\n')}`);
      },
    );
    const health = (await (await call('/api/health')).json()) as {
      status: string;
      services: Record<string, { status: string }>;
    };
    expect(health.status).toBe('up');
    expect(Object.fromEntries(Object.entries(health.services).map(([k, v]) => [k, v.status]))).toEqual(
      Object.fromEntries(apps.map((s) => [s, 'up'])),
    );

    const page = await call('/');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const html = await page.text();
    expect(html).toContain('<div id="root"');
    const script = /<script[^>]+src="([^"]+\.js)"/.exec(html)?.[1] as string;
    const asset = await call(script);
    expect([asset.status, asset.headers.get('content-type')]).toEqual([
      200,
      expect.stringMatching(/javascript/),
    ]);
    // A client-side route is the app too.
    expect((await call('/dashboard')).status).toBe(200);
  });

  it('carries a practice session through the containers: sign up, confirm, two turns, feedback, XP, PDF', async () => {
    const email = `images-${uniqueSuffix()}@example.com`;
    const password = 'Correct-Horse-Battery-9';
    const signUp = await call('/auth/v1/signup', {
      body: { email, password, data: { full_name: 'Ada Container' } },
    });
    expect(signUp.status).toBe(200);
    const mail = await waitForMail(email, 1, 60_000);
    const confirmed = await fetch(linkIn(mail, `${baseUrl}/auth/v1/verify?`), { redirect: 'manual' });
    expect(confirmed.status).toBe(303);
    expect(new URL(confirmed.headers.get('location') as string).hash).toContain('access_token=');
    const signIn = await call('/auth/v1/token?grant_type=password', { body: { email, password } });
    expect(signIn.status).toBe(200);
    const { access_token: token, user } = (await signIn.json()) as {
      access_token: string;
      user: { id: string };
    };

    const scenarios = (await (await call('/api/user/scenarios', { token })).json()) as Scenario[];
    const scenario = scenarios.find((s) => !s.premium) as Scenario;
    const created = await call('/api/user/sessions', {
      token,
      body: { scenario_id: scenario.id, tone_preference: 'friendly' },
    });
    expect(created.status).toBe(201);
    const session = (await created.json()) as PracticeSession;
    // The partner's opening is the server's, stored with the new session.
    const opening = session.messages[0] as { sender: string; content: string };
    expect(opening.sender).toBe('ai');

    const messages: Array<{ sender: 'ai' | 'user'; content: string }> = [
      { sender: 'ai', content: opening.content },
    ];
    for (const line of [
      'Thanks for making time. I would like to talk about how the project handover went last week.',
      'I understand the deadline was tight. Could we agree that I send a written plan by Friday and we review it together?',
    ]) {
      messages.push({ sender: 'user', content: line });
      const reply = await call('/api/chat/chat-completion', {
        token,
        body: {
          session_id: session.id,
          tone: 'friendly',
          scenario: { id: scenario.id, title: scenario.title, description: scenario.description },
          messages,
        },
      });
      expect([reply.status, reply.headers.get('content-type')]).toEqual([
        200,
        expect.stringContaining('text/event-stream'),
      ]);
      messages.push({ sender: 'ai', content: await streamed(reply) });
    }
    await waitFor(async () => {
      const stored = (await (
        await call(`/api/user/sessions/view/${session.id}`, { token })
      ).json()) as PracticeSession;
      return stored.messages.length === 5;
    }, 30_000);

    // Ending the session: feedback for the stored transcript, which completes it.
    const ended = await call('/api/user/feedback', {
      token,
      body: { session_id: session.id, scenario_id: scenario.id },
    });
    expect(ended.status).toBe(200);
    const feedback = (await ended.json()) as StoredFeedback;
    expect(feedback.session_id).toBe(session.id);

    // session-completed went over Kafka from the sessions container to the gamification container.
    await waitFor(
      async () => {
        const summary = (await (
          await call('/api/gamification/summary', { token })
        ).json()) as GamificationSummary;
        return summary.xp > 0 && summary.badges.length > 0;
      },
      60_000,
      500,
    );

    const pdf = await call('/api/export/pdf', {
      token,
      body: {
        scenario: { title: scenario.title, description: scenario.description },
        tone: 'friendly',
        messages,
        feedback: {
          clarity: feedback.clarity,
          empathy: feedback.empathy,
          persuasion: feedback.persuasion,
          strengths: feedback.strengths,
          suggestions: feedback.suggestions,
        },
      },
    });
    expect([pdf.status, pdf.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(2000);
    expect(user.id).toMatch(/^[0-9a-f-]{36}$/);
  });
});

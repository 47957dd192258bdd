import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { SERVICE_NAMES, type Scenario } from '@parley/contracts';
import {
  apiCall,
  createTestUser,
  practise,
  startSystem,
  testEnv,
  uniqueSuffix,
  waitFor,
  type TestSystem,
  type TestUser,
} from '@parley/server-testing';

/*
 * scripts/backup.sh and scripts/restore.sh, the way an operator runs them: a learner practises through the
 * whole system (gateway, services, Kafka), every service's schema is backed up, the schemas are deleted, the
 * backup is restored into an empty database (a database of its own, never the shared ones), and the
 * learner's sessions, feedback, XP and badges are back, with every other row of every table.
 */
const run = promisify(execFile);
const repoRoot = join(__dirname, '..', '..');
const restoreDb = `parley_restore_${uniqueSuffix()}`;
const restoreUrl = (() => {
  const url = new URL(testEnv.databaseUrl);
  url.pathname = `/${restoreDb}`;
  return url.toString();
})();
const adminUrl = (() => {
  const url = new URL(testEnv.databaseUrl);
  url.pathname = '/postgres';
  return url.toString();
})();

let system: TestSystem | undefined;
let learner: TestUser;
let dir: string;

async function query<T = Record<string, unknown>>(url: string, text: string, params: unknown[] = []) {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/** Every row of every table of the given schemas, in a stable order, keyed `schema.table`. */
async function contents(url: string, schemas: string[]): Promise<Record<string, unknown[]>> {
  const tables = await query<{ schema: string; name: string }>(
    url,
    `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
      WHERE table_schema = ANY($1) AND table_type = 'BASE TABLE' ORDER BY 1, 2`,
    [schemas],
  );
  const out: Record<string, unknown[]> = {};
  for (const t of tables) {
    // Ordered by the whole row's text, so the order depends on the data alone.
    out[`${t.schema}.${t.name}`] = await query(
      url,
      `SELECT * FROM "${t.schema}"."${t.name}" r ORDER BY r::text`,
    );
  }
  return out;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'parley-backup-'));
  system = await startSystem({ label: 'backup', env: { gateway: { RATE_LIMIT_PER_MINUTE: '100000' } } });
  learner = await createTestUser(system);
}, 180_000);

afterAll(async () => {
  await system?.stop();
  await query(adminUrl, `DROP DATABASE IF EXISTS "${restoreDb}"`).catch(() => undefined);
  rmSync(dir, { recursive: true, force: true });
});

it('backs up every schema, and restores the learner’s sessions, feedback, XP and badges into an empty database', async () => {
  const sys = system as TestSystem;
  // The learner practises: a session, its feedback; gamification awards XP and a first badge from Kafka.
  const scenarios = (await (
    await apiCall(sys, '/api/user/scenarios', { token: learner.token })
  ).json()) as Scenario[];
  const scenario = scenarios.find((s) => !s.premium) as Scenario;
  const session = await practise(
    sys,
    learner.token,
    scenario.id,
    [
      'I understand the budget is tight. Since I took over the rota, incidents fell by a third; could we agree on a review by Friday?',
    ],
    { tone: 'friendly' },
  );
  const feedback = await apiCall(sys, '/api/user/feedback', {
    token: learner.token,
    body: { session_id: session.id, scenario_id: scenario.id },
  });
  expect(feedback.status).toBe(200);
  await waitFor(
    async () =>
      (await sys.sql('gamification', 'SELECT 1 FROM user_badges WHERE user_id = $1', [learner.id])).length >
        0 &&
      (await sys.sql('gamification', 'SELECT 1 FROM xp_ledger WHERE user_id = $1', [learner.id])).length > 0,
    60_000,
    250,
  );

  // Quiesce (no relay or worker writing), then take the picture to compare with and the backup.
  await Promise.all(sys.apps.map((a) => a.stop()));
  const schemas = SERVICE_NAMES.map((name) => sys.schemas[name]);
  const before = await contents(testEnv.databaseUrl, schemas);
  const file = join(dir, 'parley.dump');
  const backup = await run('bash', [join(repoRoot, 'scripts/backup.sh'), file], {
    env: { ...process.env, DATABASE_URL: testEnv.databaseUrl, PARLEY_SCHEMAS: schemas.join(' ') },
  });
  expect(backup.stdout).toMatch(/^backup: .*parley\.dump \(\d+ bytes\): schemas .* \d+ tables$/m);

  // Deleted: the schemas and everything in them.
  await sys.stop();
  system = undefined;
  const left = await query(testEnv.databaseUrl, 'SELECT nspname FROM pg_namespace WHERE nspname = ANY($1)', [
    schemas,
  ]);
  expect(left).toEqual([]);

  // Restored into an empty database.
  await query(adminUrl, `CREATE DATABASE "${restoreDb}"`);
  const restored = await run('bash', [join(repoRoot, 'scripts/restore.sh'), file], {
    env: { ...process.env, DATABASE_URL: restoreUrl },
  });
  expect(restored.stdout).toMatch(/^restore: .* restored: schemas /m);

  const after = await contents(restoreUrl, schemas);
  expect(Object.keys(after)).toEqual(Object.keys(before));
  expect(after).toEqual(before);

  // The learner's own rows, named: the session, its feedback, the XP and the badge.
  const [s, sessions, gamification] = [learner.id, sys.schemas.sessions, sys.schemas.gamification];
  const of = (sql: string) => query(restoreUrl, sql, [s]);
  expect(await of(`SELECT id FROM "${sessions}".practice_sessions WHERE user_id = $1`)).toEqual([
    { id: session.id },
  ]);
  expect(await of(`SELECT session_id FROM "${sessions}".feedback WHERE user_id = $1`)).toEqual([
    { session_id: session.id },
  ]);
  const xp = await of(`SELECT sum(amount)::int AS xp FROM "${gamification}".xp_ledger WHERE user_id = $1`);
  expect((xp[0] as { xp: number }).xp).toBeGreaterThan(0);
  expect(
    (await of(`SELECT badge_id FROM "${gamification}".user_badges WHERE user_id = $1`)).length,
  ).toBeGreaterThan(0);

  // And restoring over data that is there is refused, not merged.
  await expect(
    run('bash', [join(repoRoot, 'scripts/restore.sh'), file], {
      env: { ...process.env, DATABASE_URL: restoreUrl },
    }),
  ).rejects.toMatchObject({
    stderr: expect.stringMatching(/already has schema\(s\) .*restore into an empty database/),
  });
});

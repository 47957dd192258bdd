import { randomBytes, randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { createServiceDataSource, queryRows } from '@parley/server-database';
import { createTestSchema, testEnv, type TestSchema } from '@parley/server-testing';
import { ExportJobsRepository, shareTokenHash } from '../modules/jobs/export-jobs.repository';
import { exportDatabase } from './export.database';
import { ShareTokensHashed1764100000000 } from './migrations/1764100000000-share-tokens-hashed';

/**
 * Share tokens stored hashed (issue 30), against the real PostgreSQL: links made before the migration keep
 * opening their report after it, and no row holds a token, old or new.
 */
let schema: TestSchema;
let db: DataSource;
let jobs: ExportJobsRepository;
const report = {
  title: 'Practice Session Report',
  scenario: { title: 'Salary Negotiation Basics' },
  tone: 'tough',
  date: '2026-11-01T10:00:00.000Z',
  messages: [{ sender: 'user' as const, content: 'I would like to talk about my salary.' }],
  feedback: null,
};
const userId = randomUUID();
const oldToken = randomBytes(32).toString('base64url');
const expiredToken = randomBytes(32).toString('base64url');

const dataSource = (migrations: DataSource['options']['migrations']) =>
  createServiceDataSource({
    url: testEnv.databaseUrl,
    schema: schema.name,
    applicationName: 'export-share-tokens-test',
    poolSize: 2,
    ...exportDatabase,
    migrations,
  }).initialize();

beforeAll(async () => {
  schema = await createTestSchema('export_share_tokens');
  // The schema as it was before the migration, with links stored the old way (the token itself).
  const before = exportDatabase.migrations.filter((m) => m !== ShareTokensHashed1764100000000);
  const old = await dataSource(before);
  await old.runMigrations();
  for (const [token, expires] of [
    [oldToken, `now() + interval '30 days'`],
    [expiredToken, `now() - interval '1 second'`],
  ] as const) {
    await old.query(
      `INSERT INTO share_links (token, user_id, session_id, report, expires_at) VALUES ($1, $2, $3, $4, ${expires})`,
      [token, userId, randomUUID(), JSON.stringify(report)],
    );
  }
  await old.destroy();
  db = await dataSource(exportDatabase.migrations);
  expect((await db.runMigrations()).map((m) => m.name)).toEqual(['ShareTokensHashed1764100000000']);
  jobs = new ExportJobsRepository(db);
}, 60_000);

afterAll(async () => {
  await db?.destroy();
  await schema?.drop();
});

const storedValues = async () =>
  JSON.stringify(await queryRows<Record<string, unknown>>(db, `SELECT * FROM share_links`));

describe('share tokens stored hashed', () => {
  it('a link handed out before the migration still opens its report, and the token is no longer stored', async () => {
    const found = await jobs.shared(oldToken);
    expect(found?.report).toEqual(report);
    expect(await storedValues()).not.toContain(oldToken);
    const [row] = await queryRows<{ token_hash: string }>(
      db,
      `SELECT token_hash FROM share_links WHERE id = $1`,
      [found!.id],
    );
    expect(row!.token_hash).toBe(shareTokenHash(oldToken));
    // Hashing kept expiry as it was.
    expect(await jobs.shared(expiredToken)).toBeNull();
  });

  it('a new link keeps only the SHA-256 of its token; the token opens it, its hash does not', async () => {
    const { row, token } = await jobs.createShare(userId, randomUUID(), report, 30);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await storedValues()).not.toContain(token);
    const [stored] = await queryRows<{ token_hash: string }>(
      db,
      `SELECT token_hash FROM share_links WHERE id = $1`,
      [row.id],
    );
    expect(stored!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.token_hash).not.toBe(token);
    expect((await jobs.shared(token))?.id).toBe(row.id);
    expect(await jobs.shared(stored!.token_hash)).toBeNull();
  });

  it('lists and revokes by id, the owner only', async () => {
    const { row, token } = await jobs.createShare(userId, randomUUID(), report, 30);
    const listed = await jobs.listShares(userId);
    expect(listed.map((l) => l.id)).toContain(row.id);
    expect(JSON.stringify(listed)).not.toContain(token);
    expect(await jobs.revokeShare(randomUUID(), row.id)).toBe(false);
    expect(await jobs.shared(token)).not.toBeNull();
    expect(await jobs.revokeShare(userId, row.id)).toBe(true);
    expect(await jobs.shared(token)).toBeNull();
  });

  it('refuses a stored value that is not a SHA-256', async () => {
    await expect(
      db.query(
        `INSERT INTO share_links (id, token_hash, user_id, session_id, report, expires_at)
         VALUES ($1, $2, $3, $4, '{}', now())`,
        [randomUUID(), oldToken, userId, randomUUID()],
      ),
    ).rejects.toThrow(/share_links_token_hash_check/);
  });
});

import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '@parley/server-database';

/** Export jobs (the finished PDF kept in the row, bytea) and share links with a snapshot of their report. */
export class JobsAndShareLinks1763900000000 implements MigrationInterface {
  name = 'JobsAndShareLinks1763900000000';

  async up(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`CREATE TABLE "${s}".export_jobs (
      id uuid PRIMARY KEY,
      user_id uuid NOT NULL,
      session_id uuid NOT NULL,
      status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
      progress integer NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
      input jsonb NOT NULL,
      file bytea,
      file_bytes integer,
      renders integer NOT NULL DEFAULT 0,
      attempts integer NOT NULL DEFAULT 0,
      error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz,
      expires_at timestamptz NOT NULL
    )`);
    await q.query(`CREATE INDEX export_jobs_user_idx ON "${s}".export_jobs (user_id, created_at DESC)`);
    await q.query(`CREATE INDEX export_jobs_expires_idx ON "${s}".export_jobs (expires_at)`);
    await q.query(`CREATE TABLE "${s}".share_links (
      token text PRIMARY KEY,
      user_id uuid NOT NULL,
      session_id uuid NOT NULL,
      report jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL
    )`);
    await q.query(`CREATE INDEX share_links_user_idx ON "${s}".share_links (user_id, created_at DESC)`);
    await q.query(`CREATE INDEX share_links_expires_idx ON "${s}".share_links (expires_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = schemaOf(q);
    await q.query(`DROP TABLE "${s}".share_links`);
    await q.query(`DROP TABLE "${s}".export_jobs`);
  }
}

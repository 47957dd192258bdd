import { Injectable } from '@nestjs/common';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { ExportJob, ExportPdfBody, SharedReport } from '@parley/contracts';
import { queryRows } from '@parley/server-database';

interface JobRow {
  id: string;
  session_id: string;
  status: ExportJob['status'];
  progress: number;
  error: string | null;
  file_bytes: number | null;
  created_at: Date;
  finished_at: Date | null;
  expires_at: Date;
}

const JOB_COLUMNS =
  'id, session_id, status, progress, error, file_bytes, created_at, finished_at, expires_at';

function job(row: JobRow): ExportJob {
  return {
    id: row.id,
    session_id: row.session_id,
    status: row.status,
    progress: row.progress,
    error: row.error,
    bytes: row.file_bytes,
    created_at: row.created_at.toISOString(),
    finished_at: row.finished_at?.toISOString() ?? null,
    expires_at: row.expires_at.toISOString(),
  };
}

export interface ShareRow {
  id: string;
  session_id: string;
  report: Omit<SharedReport, 'expires_at'>;
  created_at: Date;
  expires_at: Date;
}

/** What a link keeps of its token: the SHA-256, hex. The token itself is never stored. */
export function shareTokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

const SHARE_COLUMNS = 'id, session_id, report, created_at, expires_at';

/** Export jobs and share links; every owner-facing query is scoped to the caller. */
@Injectable()
export class ExportJobsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async create(
    userId: string,
    sessionId: string,
    input: ExportPdfBody,
    ttlHours: number,
  ): Promise<ExportJob> {
    const rows = await queryRows<JobRow>(
      this.dataSource,
      `INSERT INTO export_jobs (id, user_id, session_id, input, expires_at)
       VALUES ($1, $2, $3, $4, now() + make_interval(hours => $5)) RETURNING ${JOB_COLUMNS}`,
      [randomUUID(), userId, sessionId, JSON.stringify(input), ttlHours],
    );
    return job(rows[0]!);
  }

  async get(userId: string, id: string): Promise<ExportJob | null> {
    const rows = await queryRows<JobRow>(
      this.dataSource,
      `SELECT ${JOB_COLUMNS} FROM export_jobs WHERE id = $1 AND user_id = $2 AND expires_at > now()`,
      [id, userId],
    );
    return rows[0] ? job(rows[0]) : null;
  }

  async file(
    userId: string,
    id: string,
  ): Promise<{ status: ExportJob['status']; file: Buffer | null } | null> {
    const rows = await queryRows<{ status: ExportJob['status']; file: Buffer | null }>(
      this.dataSource,
      `SELECT status, file FROM export_jobs WHERE id = $1 AND user_id = $2 AND expires_at > now()`,
      [id, userId],
    );
    return rows[0] ?? null;
  }

  /** Takes a job for rendering; null when it is finished, failed for good or gone (deleted, expired). */
  async claim(id: string): Promise<ExportPdfBody | null> {
    const rows = await queryRows<{ input: ExportPdfBody }>(
      this.dataSource,
      `UPDATE export_jobs SET status = 'running', attempts = attempts + 1, progress = 0
       WHERE id = $1 AND status IN ('queued', 'running') AND expires_at > now() RETURNING input`,
      [id],
    );
    return rows[0]?.input ?? null;
  }

  /** Records the progress of a running job; the percentage stored, or null when the job is not running. */
  async progress(id: string, percent: number): Promise<number | null> {
    const rows = await queryRows<{ progress: number }>(
      this.dataSource,
      `UPDATE export_jobs SET progress = $2 WHERE id = $1 AND status = 'running' RETURNING progress`,
      [id, Math.max(0, Math.min(99, Math.round(percent)))],
    );
    return rows[0]?.progress ?? null;
  }

  /** Stores the one file of a job; false when another attempt finished it first (nothing is written). */
  async finish(id: string, file: Buffer): Promise<boolean> {
    const rows = await queryRows<unknown>(
      this.dataSource,
      `UPDATE export_jobs SET status = 'done', progress = 100, file = $2, file_bytes = $3, renders = renders + 1,
         finished_at = now(), error = NULL
       WHERE id = $1 AND status = 'running' RETURNING id`,
      [id, file, file.length],
    );
    return rows.length === 1;
  }

  /** Marks a job failed unless it is done; the job as it now is, or null when nothing changed. */
  async fail(id: string, error: string): Promise<ExportJob | null> {
    const rows = await queryRows<JobRow>(
      this.dataSource,
      `UPDATE export_jobs SET status = 'failed', error = $2, finished_at = now() WHERE id = $1 AND status <> 'done'
       RETURNING ${JOB_COLUMNS}`,
      [id, error.slice(0, 500)],
    );
    return rows[0] ? job(rows[0]) : null;
  }

  /** A new link: its row (keeping the token's hash) and the token, which is handed to the owner once. */
  async createShare(
    userId: string,
    sessionId: string,
    report: Omit<SharedReport, 'expires_at'>,
    days: number,
  ): Promise<{ row: ShareRow; token: string }> {
    const token = randomBytes(32).toString('base64url');
    const rows = await queryRows<ShareRow>(
      this.dataSource,
      `INSERT INTO share_links (id, token_hash, user_id, session_id, report, expires_at)
       VALUES ($1, $2, $3, $4, $5, now() + make_interval(days => $6))
       RETURNING ${SHARE_COLUMNS}`,
      [randomUUID(), shareTokenHash(token), userId, sessionId, JSON.stringify(report), days],
    );
    return { row: rows[0]!, token };
  }

  listShares(userId: string): Promise<ShareRow[]> {
    return queryRows<ShareRow>(
      this.dataSource,
      `SELECT ${SHARE_COLUMNS} FROM share_links
       WHERE user_id = $1 AND expires_at > now() ORDER BY created_at DESC`,
      [userId],
    );
  }

  /** Revokes one of the owner's links by its id; false for no such link of theirs. */
  async revokeShare(userId: string, id: string): Promise<boolean> {
    const rows = await queryRows<unknown>(
      this.dataSource,
      `DELETE FROM share_links WHERE id = $1 AND user_id = $2 RETURNING id`,
      [id, userId],
    );
    return rows.length === 1;
  }

  /** The live link a token opens, found by the token's hash. */
  async shared(token: string): Promise<ShareRow | null> {
    const rows = await queryRows<ShareRow>(
      this.dataSource,
      `SELECT ${SHARE_COLUMNS} FROM share_links WHERE token_hash = $1 AND expires_at > now()`,
      [shareTokenHash(token)],
    );
    return rows[0] ?? null;
  }

  /** The PDF a live link's report was rendered to, once it has been (null before, or for no such link). */
  async sharedPdf(id: string): Promise<Buffer | null> {
    const rows = await queryRows<{ pdf: Buffer | null }>(
      this.dataSource,
      `SELECT pdf FROM share_links WHERE id = $1 AND expires_at > now()`,
      [id],
    );
    return rows[0]?.pdf ?? null;
  }

  /** Keeps a link's rendered PDF; the first of concurrent renders is kept, the others write nothing. */
  async keepSharedPdf(id: string, pdf: Buffer): Promise<void> {
    await this.dataSource.query(
      `UPDATE share_links SET pdf = $2, pdf_renders = pdf_renders + 1 WHERE id = $1 AND pdf IS NULL`,
      [id, pdf],
    );
  }

  /** Removes expired files and links; returns how many of each went. */
  async removeExpired(): Promise<{ jobs: number; links: number }> {
    const jobs = await queryRows<unknown>(
      this.dataSource,
      `DELETE FROM export_jobs WHERE expires_at <= now() RETURNING id`,
    );
    const links = await queryRows<unknown>(
      this.dataSource,
      `DELETE FROM share_links WHERE expires_at <= now() RETURNING id`,
    );
    return { jobs: jobs.length, links: links.length };
  }
}

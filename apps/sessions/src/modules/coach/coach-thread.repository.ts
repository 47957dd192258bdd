import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { CoachThreadEntry } from '@parley/contracts';

interface EntryRow {
  sender: 'user' | 'coach';
  content: string;
  retry_from: number | null;
  created_at: Date;
}

/** Each session's Ask-the-coach thread; every read and write goes through the session's owner. */
@Injectable()
export class CoachThreadRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The thread, or null when the session is not the caller's. */
  async thread(userId: string, sessionId: string): Promise<CoachThreadEntry[] | null> {
    const owned: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM practice_sessions WHERE id = $1 AND user_id = $2`,
      [sessionId, userId],
    );
    if (owned.length === 0) return null;
    const rows: EntryRow[] = await this.dataSource.query(
      `SELECT sender, content, retry_from, created_at FROM coach_messages WHERE session_id = $1 ORDER BY seq`,
      [sessionId],
    );
    return rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() }));
  }

  /** Appends a question and its answer; false when the session is not the caller's. */
  async append(
    userId: string,
    sessionId: string,
    entries: Array<{ sender: 'user' | 'coach'; content: string; retry_from: number | null }>,
  ): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const owned: unknown[] = await manager.query(
        `SELECT 1 FROM practice_sessions WHERE id = $1 AND user_id = $2 FOR UPDATE`,
        [sessionId, userId],
      );
      if (owned.length === 0) return false;
      const next: Array<{ n: number }> = await manager.query(
        `SELECT COALESCE(max(seq) + 1, 0)::int AS n FROM coach_messages WHERE session_id = $1`,
        [sessionId],
      );
      let seq = next[0]?.n ?? 0;
      for (const e of entries) {
        await manager.query(
          `INSERT INTO coach_messages (session_id, seq, sender, content, retry_from) VALUES ($1, $2, $3, $4, $5)`,
          [sessionId, seq++, e.sender, e.content, e.retry_from],
        );
      }
      return true;
    });
  }
}

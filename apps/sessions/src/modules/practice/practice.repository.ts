import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { Attempt, Message, PracticeSession, PracticeSessionSummary } from '@parley/contracts';

interface SessionRow {
  id: string;
  user_id: string;
  scenario_id: string;
  scenario_title: string | null;
  tone_preference: string;
  avatar_style: string | null;
  status: 'active' | 'completed';
  message_count: number;
  created_at: Date;
  updated_at: Date;
  completed_at: Date | null;
  parent_session_id: string | null;
  branch_from_index: number | null;
}

const SELECT = `SELECT p.id, p.user_id, p.scenario_id, s.title AS scenario_title, p.tone_preference, p.avatar_style, p.status,
  p.message_count, p.created_at, p.updated_at, p.completed_at, p.parent_session_id, p.branch_from_index FROM practice_sessions p LEFT JOIN scenarios s ON s.id = p.scenario_id`;

/**
 * A session with a line of the learner's own in it (a retry's copied lines are not its own): one opened
 * and left without a word is nothing to list or keep.
 */
const HAS_OWN_LINE = `EXISTS (SELECT 1 FROM session_messages m WHERE m.session_id = p.id AND m.sender = 'user'
  AND m.seq >= coalesce(p.branch_from_index, 0))`;

type MessageTiming = Pick<Message, 'durationMs' | 'pauseBeforeMs' | 'speakingMs' | 'pausesMs'>;

/** A learner message's timing as stored (null when it has none: typed, or the partner's). */
function timingOf(m: Message): string | null {
  if (m.sender !== 'user') return null;
  const { durationMs, pauseBeforeMs, speakingMs, pausesMs } = m;
  const timing: MessageTiming = {
    ...(durationMs !== undefined ? { durationMs } : {}),
    ...(pauseBeforeMs !== undefined ? { pauseBeforeMs } : {}),
    ...(speakingMs !== undefined ? { speakingMs } : {}),
    ...(pausesMs !== undefined ? { pausesMs } : {}),
  };
  return Object.keys(timing).length > 0 ? JSON.stringify(timing) : null;
}

function summary(row: SessionRow): PracticeSessionSummary {
  return {
    id: row.id,
    user_id: row.user_id,
    scenario_id: row.scenario_id,
    scenario_title: row.scenario_title,
    tone_preference: row.tone_preference,
    avatar_style: row.avatar_style,
    status: row.status,
    message_count: row.message_count,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    completed_at: row.completed_at?.toISOString() ?? null,
    parent_session_id: row.parent_session_id,
    branch_from_index: row.branch_from_index,
  };
}

/** Practice sessions and their messages; every read is scoped to the owner. */
@Injectable()
export class PracticeRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The history: every session but a chat opened and left without a word (it resumes when reopened). */
  async list(userId: string): Promise<PracticeSessionSummary[]> {
    const rows: SessionRow[] = await this.dataSource.query(
      `${SELECT} WHERE p.user_id = $1 AND (p.status = 'completed' OR ${HAS_OWN_LINE})
       ORDER BY p.created_at DESC, p.id`,
      [userId],
    );
    return rows.map(summary);
  }

  async get(
    userId: string,
    id: string,
    manager: EntityManager | DataSource = this.dataSource,
  ): Promise<PracticeSession | null> {
    const rows: SessionRow[] = await manager.query(`${SELECT} WHERE p.user_id = $1 AND p.id = $2`, [
      userId,
      id,
    ]);
    const row = rows[0];
    if (!row) return null;
    const stored: Array<Message & { timing: MessageTiming | null }> = await manager.query(
      `SELECT sender, content, timing FROM session_messages WHERE session_id = $1 ORDER BY seq`,
      [id],
    );
    const messages = stored.map(({ timing, ...m }): Message => (timing ? { ...m, ...timing } : m));
    const { message_count: _count, scenario_title: _title, ...rest } = summary(row);
    return { ...rest, messages };
  }

  /**
   * Every attempt of the conversation a session belongs to: up the parent links to the first attempt, then
   * down to all its retries, with each one's scores. Empty when the session is not the caller's.
   */
  async attempts(userId: string, sessionId: string): Promise<Attempt[]> {
    const rows: Array<{
      id: string;
      scenario_id: string;
      parent_session_id: string | null;
      branch_from_index: number | null;
      status: 'active' | 'completed';
      message_count: number;
      created_at: Date;
      completed_at: Date | null;
      clarity: string | null;
      empathy: string | null;
      persuasion: string | null;
    }> = await this.dataSource.query(
      `WITH RECURSIVE up AS (
         SELECT id, parent_session_id, 0 AS depth FROM practice_sessions WHERE id = $1 AND user_id = $2
         UNION ALL
         SELECT p.id, p.parent_session_id, up.depth + 1 FROM practice_sessions p
           JOIN up ON p.id = up.parent_session_id WHERE p.user_id = $2 AND up.depth < 1000
       ), down AS (
         SELECT p.id FROM practice_sessions p WHERE p.id = (SELECT id FROM up ORDER BY depth DESC LIMIT 1)
         UNION ALL
         SELECT c.id FROM practice_sessions c JOIN down ON c.parent_session_id = down.id WHERE c.user_id = $2
       )
       SELECT p.id, p.scenario_id, p.parent_session_id, p.branch_from_index, p.status, p.message_count,
         p.created_at, p.completed_at, f.clarity, f.empathy, f.persuasion
       FROM down JOIN practice_sessions p ON p.id = down.id LEFT JOIN feedback f ON f.session_id = p.id
       ORDER BY p.created_at, p.id`,
      [sessionId, userId],
    );
    return rows.map((r) => ({
      id: r.id,
      scenario_id: r.scenario_id,
      parent_session_id: r.parent_session_id,
      branch_from_index: r.branch_from_index,
      status: r.status,
      message_count: r.message_count,
      created_at: r.created_at.toISOString(),
      completed_at: r.completed_at?.toISOString() ?? null,
      scores:
        r.clarity === null
          ? null
          : { clarity: Number(r.clarity), empathy: Number(r.empathy), persuasion: Number(r.persuasion) },
    }));
  }

  async latest(userId: string): Promise<PracticeSession | null> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT id FROM practice_sessions WHERE user_id = $1 ORDER BY updated_at DESC, created_at DESC LIMIT 1`,
      [userId],
    );
    return rows[0] ? this.get(userId, rows[0].id) : null;
  }

  /** The caller's active session of a scenario (the latest touched), to resume instead of starting another. */
  async activeFor(
    userId: string,
    scenarioId: string,
    manager: EntityManager | DataSource = this.dataSource,
  ): Promise<PracticeSession | null> {
    const rows: Array<{ id: string }> = await manager.query(
      `SELECT id FROM practice_sessions WHERE user_id = $1 AND scenario_id = $2 AND status = 'active'
       ORDER BY updated_at DESC, created_at DESC LIMIT 1`,
      [userId, scenarioId],
    );
    return rows[0] ? this.get(userId, rows[0].id, manager) : null;
  }

  /** The scenario's active sessions with no learner line of their own (a retry's copied lines are not its own). */
  async unusedActive(userId: string, scenarioId: string, manager: EntityManager): Promise<string[]> {
    const rows: Array<{ id: string }> = await manager.query(
      `SELECT p.id FROM practice_sessions p WHERE p.user_id = $1 AND p.scenario_id = $2 AND p.status = 'active'
         AND NOT ${HAS_OWN_LINE}`,
      [userId, scenarioId],
    );
    return rows.map((r) => r.id);
  }

  async appendMessages(
    manager: EntityManager,
    sessionId: string,
    from: number,
    messages: Message[],
  ): Promise<void> {
    if (messages.length === 0) return;
    const values = messages
      .map((_, i) => `($1, $${i * 4 + 2}, $${i * 4 + 3}, $${i * 4 + 4}, $${i * 4 + 5})`)
      .join(', ');
    const params: unknown[] = [sessionId];
    messages.forEach((m, i) => params.push(from + i, m.sender, m.content, timingOf(m)));
    await manager.query(
      `INSERT INTO session_messages (session_id, seq, sender, content, timing) VALUES ${values}`,
      params,
    );
    await manager.query(
      `UPDATE practice_sessions SET message_count = message_count + $2, updated_at = now() WHERE id = $1`,
      [sessionId, messages.length],
    );
  }
}

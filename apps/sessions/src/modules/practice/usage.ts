import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { FREE_SESSIONS_PER_MONTH } from '@parley/contracts';
import { RpcError } from '@parley/server-observability';
import type { Caller } from '../rpc-caller';
import { UserProfiles, monthIn } from '../users/user-profiles';

export const USAGE_ERRORS = {
  monthlyLimit: `You have used all ${FREE_SESSIONS_PER_MONTH} free practice sessions this month. Upgrade to Premium for unlimited practice.`,
} as const;

/**
 * Monthly usage: sessions the learner has USED (said a first line in) in the current calendar month of
 * their time zone, from the ledger: one row per session, written with its first learner line (opening a
 * chat costs nothing; deleting a session does not give the quota back).
 */
@Injectable()
export class Usage {
  constructor(
    private readonly dataSource: DataSource,
    private readonly profiles: UserProfiles,
  ) {}

  async currentMonth(
    userId: string,
    manager: EntityManager | DataSource = this.dataSource,
    at = new Date(),
  ): Promise<{ month: string; used: number }> {
    const month = monthIn(await this.profiles.timezone(userId, manager), at);
    const rows: Array<{ n: string }> = await manager.query(
      `SELECT count(*) AS n FROM usage_ledger WHERE user_id = $1 AND month = $2`,
      [userId, month],
    );
    return { month, used: Number(rows[0]?.n ?? 0) };
  }

  /** Takes the per-user lock the count is kept under (held to the end of the transaction). */
  async lock(manager: EntityManager, userId: string): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`usage:${userId}`]);
  }

  /** The free plan's refusal when the month is used up (premium: never). Call under `lock`. */
  async assertRoom(manager: EntityManager, caller: Caller): Promise<void> {
    if (caller.plan === 'premium') return;
    const { used } = await this.currentMonth(caller.userId, manager);
    if (used >= FREE_SESSIONS_PER_MONTH) throw new RpcError(403, USAGE_ERRORS.monthlyLimit);
  }

  /**
   * The session's first learner line: it now counts against the month (once; refused on the free plan
   * when the month is used up). Takes the lock itself, in the caller's transaction.
   */
  async countFirstLine(manager: EntityManager, caller: Caller, sessionId: string): Promise<void> {
    await this.lock(manager, caller.userId);
    const counted: unknown[] = await manager.query(`SELECT 1 FROM usage_ledger WHERE session_id = $1`, [
      sessionId,
    ]);
    if (counted.length > 0) return;
    await this.assertRoom(manager, caller);
    const { month } = await this.currentMonth(caller.userId, manager);
    await manager.query(`INSERT INTO usage_ledger (session_id, user_id, month) VALUES ($1, $2, $3)`, [
      sessionId,
      caller.userId,
      month,
    ]);
  }
}

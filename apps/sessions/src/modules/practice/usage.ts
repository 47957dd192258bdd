import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { UserProfiles, monthIn } from '../users/user-profiles';

/**
 * Monthly usage: sessions started in the current calendar month of the user's time zone, from the
 * ledger (one row per session ever started; deleting a session does not give the quota back).
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
}

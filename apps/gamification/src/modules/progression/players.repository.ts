import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { queryRows } from '@parley/server-database';
import { newPlayer, PLAYER_COLUMNS, toPlayer, type Player } from './player-progress';

/** What the boards show for someone who chose no display name. Never their account name or e-mail. */
export const ANONYMOUS_USERNAME = 'Anonymous learner';

/** Reads of players outside the event transactions. */
@Injectable()
export class PlayersRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The player, or a fresh one (level 1, no XP) for a user no event has mentioned yet. */
  async get(userId: string): Promise<Player> {
    const rows = await queryRows<Parameters<typeof toPlayer>[0]>(
      this.dataSource,
      `SELECT ${PLAYER_COLUMNS} FROM players WHERE user_id = $1`,
      [userId],
    );
    return rows[0] ? toPlayer(rows[0]) : newPlayer(userId);
  }

  /**
   * Display names and XP of the given players, for board rows; unknown (erased) ids and players who left
   * the boards are absent, so a stale board entry never shows them.
   */
  async publicProfiles(userIds: string[]): Promise<Map<string, { username: string; xp: number }>> {
    if (userIds.length === 0) return new Map();
    const rows = await queryRows<{ user_id: string; username: string | null; total_xp: number }>(
      this.dataSource,
      `SELECT user_id, display_name AS username, total_xp FROM players
        WHERE user_id = ANY($1::uuid[]) AND on_boards`,
      [userIds],
    );
    return new Map(
      rows.map((r) => [r.user_id, { username: r.username ?? ANONYMOUS_USERNAME, xp: r.total_xp }]),
    );
  }

  /** The all-time XP board straight from PostgreSQL, ranked as Redis ranks it (ties: higher id first). */
  async topByXp(limit: number): Promise<Array<{ userId: string; value: number }>> {
    const rows = await queryRows<{ user_id: string; total_xp: number }>(
      this.dataSource,
      `SELECT user_id, total_xp FROM players WHERE total_xp > 0 AND on_boards ORDER BY total_xp DESC, user_id DESC LIMIT $1`,
      [limit],
    );
    return rows.map((r) => ({ userId: r.user_id, value: r.total_xp }));
  }
}

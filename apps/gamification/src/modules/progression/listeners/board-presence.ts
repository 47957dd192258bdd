import type { EntityManager } from 'typeorm';
import { queryRows } from '@parley/server-database';
import type { Day } from '../domain/calendar';
import type { Leaderboards } from '../../leaderboards/leaderboards';

/**
 * A learner who turned show_leaderboard off: off every board now (and kept off: their scores are not
 * written while off, and boards name only players on them) and out of the league of the week under way.
 * Called with the player's row locked.
 */
export async function leaveBoards(
  manager: EntityManager,
  leaderboards: Leaderboards,
  userId: string,
): Promise<void> {
  await manager.query(
    `WITH gone AS (
       DELETE FROM league_members m USING leagues l
        WHERE m.user_id = $1 AND l.id = m.league_id AND l.settled_at IS NULL RETURNING m.league_id)
     UPDATE leagues l SET members = l.members - 1 FROM gone WHERE l.id = gone.league_id`,
    [userId],
  );
  await manager.query(`UPDATE players SET league_week = NULL WHERE user_id = $1`, [userId]);
  await leaderboards.remove(userId);
}

/** Back on: every board the learner's history scores on is written again (their next XP places them in a league). */
export async function rejoinBoards(
  manager: EntityManager,
  leaderboards: Leaderboards,
  userId: string,
): Promise<void> {
  const rows = await queryRows<{ day: Day }>(
    manager,
    `SELECT DISTINCT to_char(d, 'YYYY-MM-DD') AS day FROM (
       SELECT (awarded_at AT TIME ZONE 'UTC')::date AS d FROM xp_ledger WHERE user_id = $1
       UNION SELECT day FROM active_days WHERE user_id = $1
       UNION SELECT (completed_at AT TIME ZONE 'UTC')::date FROM completed_sessions WHERE user_id = $1
       UNION SELECT (earned_at AT TIME ZONE 'UTC')::date FROM user_badges WHERE user_id = $1) x`,
    [userId],
  );
  await leaderboards.refresh(
    manager,
    userId,
    rows.map((r) => r.day),
  );
}

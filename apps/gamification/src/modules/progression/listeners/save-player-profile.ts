import type { EntityManager } from 'typeorm';
import { queryRows } from '@parley/server-database';
import { recordZoneChange } from '../player-zones';

export interface AnnouncedProfile {
  /** The display name the boards show; undefined leaves it as it is. */
  displayName?: string | null;
  timezone: string | null;
  /** Settings' show_leaderboard; undefined leaves it as it is. */
  showLeaderboard?: boolean;
}

/**
 * Creates or updates a player's display name, time zone and place on the boards from identity's
 * announcement at `at`; an older announcement arriving after a newer one changes nothing, and an erased
 * user stays erased. A zone is also recorded with the instant it takes effect (player-zones), so each day
 * is read in the zone in force. Answers whether the player left (false) or rejoined (true) the boards.
 */
export async function savePlayerProfile(
  manager: EntityManager,
  userId: string,
  at: Date,
  profile: AnnouncedProfile,
): Promise<{ onBoards: boolean } | null> {
  const displayName = profile.displayName === undefined ? undefined : profile.displayName?.trim() || null;
  const [before] = await queryRows<{ on_boards: boolean }>(
    manager,
    `SELECT on_boards FROM players WHERE user_id = $1 FOR UPDATE`,
    [userId],
  );
  const saved = await queryRows<{ on_boards: boolean }>(
    manager,
    `INSERT INTO players (user_id, display_name, timezone, on_boards, profile_at)
     SELECT $1, $2, COALESCE($3, 'UTC'), COALESCE($5, true), $4
      WHERE NOT EXISTS (SELECT 1 FROM deleted_users WHERE user_id = $1)
     ON CONFLICT (user_id) DO UPDATE
       SET display_name = CASE WHEN $6 THEN EXCLUDED.display_name ELSE players.display_name END,
           timezone = COALESCE($3, players.timezone), on_boards = COALESCE($5, players.on_boards),
           profile_at = EXCLUDED.profile_at, updated_at = now()
       WHERE players.profile_at IS NULL OR players.profile_at <= EXCLUDED.profile_at
     RETURNING on_boards`,
    [
      userId,
      displayName ?? null,
      profile.timezone,
      at,
      profile.showLeaderboard ?? null,
      displayName !== undefined,
    ],
  );
  if (saved.length === 0) return null; // erased, or an older announcement
  if (profile.timezone) await recordZoneChange(manager, userId, at, profile.timezone);
  const onBoards = saved[0]!.on_boards;
  return before && before.on_boards !== onBoards ? { onBoards } : null;
}

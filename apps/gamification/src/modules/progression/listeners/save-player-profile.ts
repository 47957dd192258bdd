import type { EntityManager } from 'typeorm';
import { queryRows } from '@parley/server-database';
import { recordZoneChange } from '../player-zones';

/**
 * Creates or updates a player's name and time zone from identity's announcement at `at`; an older
 * announcement arriving after a newer one changes nothing, and an erased user stays erased. A zone is
 * also recorded with the instant it takes effect (player-zones), so each day is read in the zone in force.
 */
export async function savePlayerProfile(
  manager: EntityManager,
  userId: string,
  at: Date,
  profile: { username: string | null; timezone: string | null },
): Promise<void> {
  const username = profile.username?.trim() || null;
  await manager.query(
    `INSERT INTO players (user_id, username, timezone, profile_at)
     SELECT $1, $2, COALESCE($3, 'UTC'), $4 WHERE NOT EXISTS (SELECT 1 FROM deleted_users WHERE user_id = $1)
     ON CONFLICT (user_id) DO UPDATE
       SET username = EXCLUDED.username, timezone = COALESCE($3, players.timezone),
           profile_at = EXCLUDED.profile_at, updated_at = now()
       WHERE players.profile_at IS NULL OR players.profile_at <= EXCLUDED.profile_at`,
    [userId, username, profile.timezone, at],
  );
  if (!profile.timezone) return;
  const [player] = await queryRows<unknown>(manager, `SELECT 1 FROM players WHERE user_id = $1 FOR UPDATE`, [
    userId,
  ]);
  if (player) await recordZoneChange(manager, userId, at, profile.timezone);
}

import type { EntityManager } from 'typeorm';
import { queryRows } from '@parley/server-database';
import { startOfDayIn } from '../habits/domain/leagues';
import { addDays, dayIn } from './domain/calendar';

type Runner = Pick<EntityManager, 'query'>;

/*
 * The time zone a player's days are counted in, as it was at any instant (issue 30). A new zone takes
 * effect at the next midnight of the zone in force when it was announced: the day under way ends in the
 * zone it began in, so moving the clock back (a zone to the west) can never reopen a day that has already
 * ended, and a missed streak day stays missed. The first zone a player announces holds from the start.
 */

/** When a zone announced at `at` takes effect: the next midnight of the zone in force then. */
export function zoneChangeTakesEffect(at: Date, zoneInForce: string): Date {
  return startOfDayIn(addDays(dayIn(at, zoneInForce), 1), zoneInForce);
}

/** The zone in force at `at`; `fallback` (the player's zone) for a player with no zone recorded. */
export async function zoneInForce(
  runner: Runner,
  userId: string,
  at: Date,
  fallback: string,
): Promise<string> {
  const [row] = await queryRows<{ zone: string }>(
    runner,
    `SELECT zone FROM player_zones WHERE user_id = $1 AND effective_from <= $2
      ORDER BY effective_from DESC LIMIT 1`,
    [userId, at],
  );
  return row?.zone ?? fallback;
}

/** SQL for the zone in force at `$at` for the player `p` (a players row), the player's zone otherwise. */
export const zoneInForceSql = (at: string) =>
  `COALESCE((SELECT z.zone FROM player_zones z WHERE z.user_id = p.user_id AND z.effective_from <= ${at}
              ORDER BY z.effective_from DESC LIMIT 1), p.timezone)`;

/**
 * Records a zone announced at `at` (the player's row exists and is locked by the caller). Changes still
 * pending that were announced before it are replaced by it; a zone already in force changes nothing.
 */
export async function recordZoneChange(
  manager: EntityManager,
  userId: string,
  at: Date,
  zone: string,
): Promise<void> {
  const history = await queryRows<{ announced_at: Date }>(
    manager,
    `SELECT announced_at FROM player_zones WHERE user_id = $1`,
    [userId],
  );
  if (history.length === 0) {
    await manager.query(
      `INSERT INTO player_zones (user_id, effective_from, zone, announced_at) VALUES ($1, '-infinity', $2, $3)`,
      [userId, zone, at],
    );
    return;
  }
  // An announcement older than one already recorded arrived late: the newer one stands.
  if (history.some((h) => h.announced_at > at)) return;
  await manager.query(`DELETE FROM player_zones WHERE user_id = $1 AND effective_from > $2`, [userId, at]);
  const current = await zoneInForce(manager, userId, at, zone);
  if (current === zone) return;
  await manager.query(
    `INSERT INTO player_zones (user_id, effective_from, zone, announced_at) VALUES ($1, $2, $3, $4)`,
    [userId, zoneChangeTakesEffect(at, current), zone, at],
  );
}

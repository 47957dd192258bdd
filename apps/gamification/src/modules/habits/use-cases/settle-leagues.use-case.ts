import { Injectable, Logger } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { queryRows } from '@parley/server-database';
import { addDays, isoWeekOf } from '../../progression/domain/calendar';
import { latestDueWeek, mondayOfWeek, settle } from '../domain/leagues';
import { leagueStandings, placeInLeague } from '../league-membership';

export interface SettlementReport {
  leagues: number;
  promoted: number;
  demoted: number;
}

/**
 * Settles every league whose week is due, each exactly once: one transaction per league claims it with
 * `FOR UPDATE SKIP LOCKED` among the unsettled, writes each member's result (primary key: user and
 * week), moves tiers and marks the league settled. A second run, or a second replica at the same
 * moment, finds nothing left to claim. A member already placed in the next week (their Monday came
 * before the settlement) is moved to a league of their new tier.
 */
@Injectable()
export class SettleLeaguesUseCase {
  private readonly logger = new Logger('Leagues');

  constructor(private readonly dataSource: DataSource) {}

  async execute(now: Date = new Date()): Promise<SettlementReport> {
    const due = latestDueWeek(now);
    const report: SettlementReport = { leagues: 0, promoted: 0, demoted: 0 };
    for (;;) {
      const settled = await this.dataSource.transaction(async (manager) => {
        const [league] = await queryRows<{ id: string; week: string; tier: number }>(
          manager,
          `SELECT id, week, tier FROM leagues WHERE settled_at IS NULL AND week <= $1
            ORDER BY week, id LIMIT 1 FOR UPDATE SKIP LOCKED`,
          [due],
        );
        if (!league) return null;
        const results = settle(await leagueStandings(manager, league.id), league.tier);
        const nextWeek = isoWeekOf(addDays(mondayOfWeek(league.week), 7));
        let promoted = 0;
        let demoted = 0;
        for (const r of results) {
          const written = await queryRows(
            manager,
            `INSERT INTO league_results (user_id, week, league_id, rank, week_xp, outcome, tier_before, tier_after, settled_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT DO NOTHING RETURNING user_id`,
            [r.userId, league.week, league.id, r.rank, r.weekXp, r.outcome, league.tier, r.tierAfter, now],
          );
          if (written.length === 0 || r.tierAfter === league.tier) continue;
          if (r.outcome === 'promoted') promoted++;
          else demoted++;
          await manager.query(`UPDATE players SET league_tier = $2, updated_at = now() WHERE user_id = $1`, [
            r.userId,
            r.tierAfter,
          ]);
          await this.moveEarlyPlacement(manager, r.userId, nextWeek, r.tierAfter);
        }
        await manager.query(`UPDATE leagues SET settled_at = $2 WHERE id = $1`, [league.id, now]);
        return { promoted, demoted };
      });
      if (!settled) break;
      report.leagues++;
      report.promoted += settled.promoted;
      report.demoted += settled.demoted;
    }
    if (report.leagues > 0) {
      this.logger.log(
        `settled ${report.leagues} leagues up to ${due}: ${report.promoted} promoted, ${report.demoted} demoted`,
      );
    }
    return report;
  }

  private async moveEarlyPlacement(
    manager: EntityManager,
    userId: string,
    week: string,
    tier: number,
  ): Promise<void> {
    const [early] = await queryRows<{ league_id: string; week_from: Date; week_to: Date; placed_at: Date }>(
      manager,
      `DELETE FROM league_members m USING leagues l
        WHERE m.user_id = $1 AND m.week = $2 AND l.id = m.league_id AND l.tier <> $3 AND l.settled_at IS NULL
        RETURNING m.league_id, m.week_from, m.week_to, m.placed_at`,
      [userId, week, tier],
    );
    if (!early) return;
    await manager.query(`UPDATE leagues SET members = members - 1 WHERE id = $1`, [early.league_id]);
    await placeInLeague(
      manager,
      userId,
      tier,
      { week, from: early.week_from, to: early.week_to },
      early.placed_at,
    );
  }
}

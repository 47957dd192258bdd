import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { SessionRewards, XpReason } from '@parley/contracts';
import { queryRows } from '@parley/server-database';
import type { Caller } from '../../rpc-caller';
import { earnedBadges } from '../domain/badges.data';
import { levelFor } from '../domain/levels';

const NOT_YET: SessionRewards = {
  recorded: false,
  xp: [],
  totalXp: 0,
  badges: [],
  level: { before: 1, after: 1 },
};

/**
 * What one of the caller's completed sessions earned: the XP, badges and level change that applying its
 * completion event wrote (each ledger entry and badge keeps the event it came from). Before that event is
 * applied — and for any session that is not the caller's — it is "not recorded yet", which says nothing
 * about whether the session exists.
 */
@Injectable()
export class GetSessionRewardsUseCase {
  constructor(private readonly dataSource: DataSource) {}

  async execute(caller: Caller, sessionId: string): Promise<SessionRewards> {
    const [completed] = await queryRows<{ event_id: string }>(
      this.dataSource,
      `SELECT event_id FROM completed_sessions WHERE session_id = $1 AND user_id = $2`,
      [sessionId, caller.userId],
    );
    if (!completed) return NOT_YET;
    const [entries, badges] = await Promise.all([
      queryRows<{ id: string; reason: XpReason; amount: number; before: string }>(
        this.dataSource,
        // The XP the learner had before this event's first entry: every entry recorded ahead of it.
        `SELECT e.id, e.reason, e.amount,
                (SELECT coalesce(sum(p.amount), 0) FROM xp_ledger p WHERE p.user_id = e.user_id AND p.id < e.id) AS before
           FROM xp_ledger e WHERE e.user_id = $1 AND e.event_id = $2 ORDER BY e.id`,
        [caller.userId, completed.event_id],
      ),
      queryRows<{ badge_id: string; earned_at: Date }>(
        this.dataSource,
        `SELECT badge_id, earned_at FROM user_badges WHERE user_id = $1 AND event_id = $2`,
        [caller.userId, completed.event_id],
      ),
    ]);
    const totalXp = entries.reduce((sum, e) => sum + e.amount, 0);
    const before = Number(entries[0]?.before ?? 0);
    return {
      recorded: true,
      xp: entries.map((e) => ({ reason: e.reason, amount: e.amount })),
      totalXp,
      badges: earnedBadges(badges),
      level: { before: levelFor(before).level, after: levelFor(before + totalXp).level },
    };
  }
}

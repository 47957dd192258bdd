import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { DailyChallenge } from '@parley/contracts';
import { queryRows } from '@parley/server-database';
import { FOCUS } from '../habits/domain/habits.data';
import { focusOf, type Focus, type ScoredSession } from '../habits/domain/focus';
import type { Day } from './domain/calendar';
import {
  challengesFor,
  progressFrom,
  type ChallengePlan,
  type CompletedSessionFacts,
  type GeneratedChallenge,
} from './domain/daily-challenges';

interface ProgressRow {
  challenge_id: string;
  progress: number;
  completed_at: Date | null;
}

/** Progress and claims of the daily challenges; the set itself is generated, never stored ahead. */
@Injectable()
export class DailyChallengesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * The learner's weakest skill and objective kind as of the start of `day`: sessions of earlier days
   * only, so the day's set does not change while it is played.
   */
  async focusFor(runner: EntityManager | DataSource, userId: string, day: Day): Promise<Focus> {
    return focusOf(await recentScoredSessions(runner, userId, day));
  }

  /**
   * Moves the challenges of the user's `day` that a completed session counts for (`focus`: the day's).
   * The event does not say the plan, so the challenges of either plan's set move (ids are per template).
   */
  async advance(
    manager: EntityManager,
    userId: string,
    day: Day,
    session: CompletedSessionFacts,
    focus: Focus,
  ): Promise<void> {
    const sets = [
      ...challengesFor(userId, day, focus, 'premium'),
      ...challengesFor(userId, day, focus, 'free'),
    ];
    const moved = sets
      .filter((c, i) => sets.findIndex((d) => d.id === c.id) === i)
      .map((c) => ({ c, by: Math.min(progressFrom(c.measure, session), c.target) }))
      .filter((m) => m.by > 0);
    if (moved.length === 0) return;
    await manager.query(
      `INSERT INTO daily_challenges (user_id, challenge_id, day, progress, target)
       SELECT $1, c.id, $2, c.by, c.target FROM unnest($3::text[], $4::int[], $5::int[]) AS c(id, by, target)
       ON CONFLICT (user_id, challenge_id) DO UPDATE
         SET progress = LEAST(daily_challenges.progress + EXCLUDED.progress, daily_challenges.target)`,
      [userId, day, moved.map((m) => m.c.id), moved.map((m) => m.by), moved.map((m) => m.c.target)],
    );
  }

  /** The user's challenges of `day` with their progress, in the panel's order. */
  async forDay(
    userId: string,
    day: Day,
    manager: EntityManager | DataSource = this.dataSource,
    lock = false,
    plan: ChallengePlan = 'premium',
  ): Promise<Array<{ challenge: GeneratedChallenge; view: DailyChallenge }>> {
    const set = challengesFor(userId, day, await this.focusFor(manager, userId, day), plan);
    const rows = await queryRows<ProgressRow>(
      manager,
      `SELECT challenge_id, progress, completed_at FROM daily_challenges
        WHERE user_id = $1 AND challenge_id = ANY($2::text[])${lock ? ' FOR UPDATE' : ''}`,
      [userId, set.map((c) => c.id)],
    );
    const byId = new Map(rows.map((r) => [r.challenge_id, r]));
    return set.map((challenge) => {
      const row = byId.get(challenge.id);
      return {
        challenge,
        view: {
          id: challenge.id,
          description: challenge.description,
          xp: challenge.xp,
          progress: Math.min(row?.progress ?? 0, challenge.target),
          target: challenge.target,
          completed_at: row?.completed_at?.toISOString() ?? null,
        },
      };
    });
  }

  /** Marks a challenge claimed; false when it already was (or has no progress row). */
  async markClaimed(manager: EntityManager, userId: string, challengeId: string, at: Date): Promise<boolean> {
    const updated = await queryRows(
      manager,
      `UPDATE daily_challenges SET completed_at = $3
        WHERE user_id = $1 AND challenge_id = $2 AND completed_at IS NULL AND progress >= target
        RETURNING challenge_id`,
      [userId, challengeId, at],
    );
    return updated.length > 0;
  }
}

/** A user's ($1) completed sessions before their calendar day $2 (all when null), newest first, at most $3. */
export const RECENT_SESSIONS_SQL = `SELECT clarity, empathy, persuasion, objectives, completed_at FROM completed_sessions
  WHERE user_id = $1 AND ($2::date IS NULL OR local_day < $2) ORDER BY completed_at DESC LIMIT $3`;

/** The learner's completed sessions before `day` (their calendar), newest first, as the focus reads them. */
export async function recentScoredSessions(
  runner: EntityManager | DataSource,
  userId: string,
  before?: Day,
): Promise<ScoredSession[]> {
  return queryRows<ScoredSession>(runner, RECENT_SESSIONS_SQL, [userId, before ?? null, FOCUS.sessions]);
}

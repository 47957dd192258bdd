import type { LeaderboardCategory } from '@parley/contracts';
import { MOST_IMPROVED } from '../habits/domain/habits.data';
import { instantRange, previousRange, type Bucket } from './leaderboard-buckets';

export type Scores = Record<LeaderboardCategory, number>;

interface Runner {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

interface ScoreRow {
  user_id: string;
  xp: number;
  streak: number;
  sessions: number;
  badges: number;
  improved: number;
}

/** A session's overall score: the mean of its three skills. */
const SESSION_SCORE = '((clarity + empathy + persuasion) / 3)::float8';

/*
 * Most improved: the rise in average session score from the previous period to this one (weekly,
 * monthly), or from the first sessions to the latest (all-time), each side needing MOST_IMPROVED.minSessions;
 * rounded to one decimal; no rise scores 0 (off the board).
 */

/**
 * Every board's score computed from the tables (the XP ledger, active days, completed sessions and earned
 * badges), never kept as a counter: after an event for one user, and for everyone during a rebuild. The
 * integration tests check that a rebuild reproduces the boards the events built.
 */
export class LeaderboardScores {
  /**
   * One user's scores in several buckets with one round trip (after each event): the same measures as
   * `scores`, per bucket, each an index range scan of that user's rows.
   */
  async scoresOfUser(
    runner: Runner,
    userId: string,
    buckets: Bucket[],
  ): Promise<Array<{ bucket: Bucket; scores: Scores }>> {
    if (buckets.length === 0) return [];
    const ranges = buckets.map((b) => ({ range: instantRange(b), days: b.days, previous: previousRange(b) }));
    const rows = (await runner.query(
      `SELECT b.i,
         (SELECT COALESCE(SUM(amount), 0)::int FROM xp_ledger WHERE user_id = $1
             AND (b.since IS NULL OR (awarded_at >= b.since AND awarded_at < b.until))) AS xp,
         (SELECT COALESCE(MAX(streak), 0)::int FROM active_days WHERE user_id = $1
             AND (b.first IS NULL OR day BETWEEN b.first AND b.last)) AS streak,
         (SELECT count(*)::int FROM completed_sessions WHERE user_id = $1
             AND (b.since IS NULL OR (completed_at >= b.since AND completed_at < b.until))) AS sessions,
         (SELECT count(*)::int FROM user_badges WHERE user_id = $1
             AND (b.since IS NULL OR (earned_at >= b.since AND earned_at < b.until))) AS badges,
         CASE WHEN b.since IS NULL THEN
           (SELECT CASE WHEN count(*) >= 2 * $8 THEN GREATEST(0, round((avg(s) FILTER (WHERE rd <= $8)
                     - avg(s) FILTER (WHERE ra <= $8))::numeric, 1))::float8 ELSE 0 END
              FROM (SELECT ${SESSION_SCORE} AS s,
                           row_number() OVER (ORDER BY completed_at DESC, session_id DESC) AS rd,
                           row_number() OVER (ORDER BY completed_at, session_id) AS ra
                      FROM completed_sessions WHERE user_id = $1) x)
         ELSE
           (SELECT CASE WHEN count(*) FILTER (WHERE completed_at >= b.since) >= $8
                         AND count(*) FILTER (WHERE completed_at < b.since) >= $8
                    THEN GREATEST(0, round((avg(${SESSION_SCORE}) FILTER (WHERE completed_at >= b.since)
                         - avg(${SESSION_SCORE}) FILTER (WHERE completed_at < b.since))::numeric, 1))::float8
                    ELSE 0 END
              FROM completed_sessions WHERE user_id = $1 AND completed_at >= b.prev AND completed_at < b.until)
         END AS improved
       FROM unnest($2::int[], $3::timestamptz[], $4::timestamptz[], $5::date[], $6::date[], $7::timestamptz[])
            AS b(i, since, until, first, last, prev)
       WHERE EXISTS (SELECT 1 FROM players WHERE user_id = $1 AND on_boards)`,
      [
        userId,
        buckets.map((_, i) => i),
        ranges.map((r) => r.range?.from ?? null),
        ranges.map((r) => r.range?.to ?? null),
        ranges.map((r) => r.days?.first ?? null),
        ranges.map((r) => r.days?.last ?? null),
        ranges.map((r) => r.previous?.from ?? null),
        MOST_IMPROVED.minSessions,
      ],
    )) as Array<Omit<ScoreRow, 'user_id'> & { i: number }>;
    return rows.map((r) => ({
      bucket: buckets[r.i]!,
      scores: toScores(r),
    }));
  }

  /** Every player's scores in one bucket (a rebuild). */
  async scoresOfEveryone(runner: Runner, bucket: Bucket): Promise<Array<{ userId: string } & Scores>> {
    // The bucket's instants [$1, $2) and its first and last calendar day, $3 and $4.
    const range = instantRange(bucket);
    const previous = previousRange(bucket);
    const params =
      range && bucket.days && previous
        ? [
            range.from,
            range.to,
            bucket.days.first,
            bucket.days.last,
            previous.from,
            MOST_IMPROVED.minSessions,
          ]
        : [MOST_IMPROVED.minSessions];
    const where = (timeColumn: string, dayColumn?: string): string =>
      !range
        ? ''
        : dayColumn
          ? `WHERE ${dayColumn} BETWEEN $3 AND $4`
          : `WHERE ${timeColumn} >= $1 AND ${timeColumn} < $2`;
    const sql = `WITH
      xp AS (SELECT user_id, SUM(amount)::int AS v FROM xp_ledger ${where('awarded_at')} GROUP BY user_id),
      streak AS (SELECT user_id, MAX(streak)::int AS v FROM active_days ${where('day', 'day')} GROUP BY user_id),
      sessions AS (SELECT user_id, count(*)::int AS v FROM completed_sessions ${where('completed_at')} GROUP BY user_id),
      badges AS (SELECT user_id, count(*)::int AS v FROM user_badges ${where('earned_at')} GROUP BY user_id),
      improved AS (${
        range
          ? `SELECT user_id, GREATEST(0, round((avg(s) FILTER (WHERE completed_at >= $1)
                    - avg(s) FILTER (WHERE completed_at < $1))::numeric, 1))::float8 AS v
               FROM (SELECT user_id, completed_at, ${SESSION_SCORE} AS s FROM completed_sessions
                      WHERE completed_at >= $5 AND completed_at < $2) c
              GROUP BY user_id
             HAVING count(*) FILTER (WHERE completed_at >= $1) >= $6 AND count(*) FILTER (WHERE completed_at < $1) >= $6`
          : `SELECT user_id, GREATEST(0, round((avg(s) FILTER (WHERE rd <= $1)
                    - avg(s) FILTER (WHERE ra <= $1))::numeric, 1))::float8 AS v
               FROM (SELECT user_id, ${SESSION_SCORE} AS s,
                            row_number() OVER (PARTITION BY user_id ORDER BY completed_at DESC, session_id DESC) AS rd,
                            row_number() OVER (PARTITION BY user_id ORDER BY completed_at, session_id) AS ra
                       FROM completed_sessions) x
              GROUP BY user_id HAVING count(*) >= 2 * $1`
      })
      SELECT p.user_id, COALESCE(xp.v, 0) AS xp, COALESCE(streak.v, 0) AS streak,
             COALESCE(sessions.v, 0) AS sessions, COALESCE(badges.v, 0) AS badges, COALESCE(improved.v, 0) AS improved
        FROM players p
        LEFT JOIN xp ON xp.user_id = p.user_id
        LEFT JOIN streak ON streak.user_id = p.user_id
        LEFT JOIN sessions ON sessions.user_id = p.user_id
        LEFT JOIN badges ON badges.user_id = p.user_id
        LEFT JOIN improved ON improved.user_id = p.user_id
       WHERE p.on_boards`;
    const rows = (await runner.query(sql, params)) as ScoreRow[];
    return rows.map((r) => ({ userId: r.user_id, ...toScores(r) }));
  }
}

function toScores(r: Omit<ScoreRow, 'user_id'>): Scores {
  return {
    xp: r.xp,
    streak: r.streak,
    sessions: r.sessions,
    badges: r.badges,
    'most-improved': Number(r.improved),
  };
}

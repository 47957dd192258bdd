import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { queryRows } from '@parley/server-database';
import { Outbox } from '@parley/server-messaging';
import {
  openGamificationTestStore,
  sessionCompletedNow,
  type GamificationTestStore,
} from '../../testing/gamification-test-store';
import { StreakFreezes } from '../habits/streak-freezes';
import { LeagueMembership } from '../habits/league-membership';
import { DailyChallengesRepository } from '../progression/daily-challenges.repository';
import { AwardXpWhenSessionCompletedListener } from '../progression/listeners/award-xp-when-session-completed.listener';
import { PlayerProgress } from '../progression/player-progress';
import { currentBuckets } from './leaderboard-buckets';
import { LeaderboardRepairScheduler } from './leaderboard-repair.scheduler';
import { Leaderboards } from './leaderboards';

/**
 * The boards come back by themselves after Redis lost them or refused a write (found by the chaos bench:
 * after a Redis restart, learners without a later event stayed off the boards until an operator ran
 * `leaderboards rebuild`). Real PostgreSQL and Redis; the refused write is a client with no connection.
 */

let schema: GamificationTestStore['schema'];
let ds: DataSource;
let redis: Redis;

const allTimeXp = () => `${schema.name}:leaderboard:xp:${currentBuckets()[0]!.key}`;

function listenerWith(leaderboards: Leaderboards): AwardXpWhenSessionCompletedListener {
  const progress = new PlayerProgress(
    new Outbox(schema.name, 'repair-test.'),
    leaderboards,
    new StreakFreezes(),
    new LeagueMembership(),
  );
  return new AwardXpWhenSessionCompletedListener(progress, new DailyChallengesRepository(ds));
}

const completed = sessionCompletedNow;

let store: GamificationTestStore;

beforeAll(async () => {
  store = await openGamificationTestStore('lbrepair');
  ({ schema, ds, redis } = store);
}, 60_000);

afterAll(() => store?.close());

it('rebuilds the boards once Redis has lost them, and only then', async () => {
  const leaderboards = new Leaderboards(redis, ds);
  const scheduler = new LeaderboardRepairScheduler(ds, leaderboards);
  // First pass on an empty Redis: nothing built yet, so it builds (and marks) the boards.
  expect((await scheduler.repair()).rebuilt).toBe(true);
  const listener = listenerWith(leaderboards);
  const learners = [randomUUID(), randomUUID(), randomUUID()];
  for (const id of learners) await ds.transaction((m) => listener.handle(completed(id), m));
  expect(await redis.zcard(allTimeXp())).toBe(3);
  expect((await scheduler.repair()).rebuilt).toBe(false);

  // Redis restarts empty: every key of the namespace is gone.
  const keys = await redis.keys(`${schema.name}:*`);
  await redis.del(...keys);
  expect(await redis.zcard(allTimeXp())).toBe(0);

  expect((await scheduler.repair()).rebuilt).toBe(true);
  const board = await redis.zrange(allTimeXp(), 0, -1, 'WITHSCORES');
  expect(board.filter((_, i) => i % 2 === 0).sort()).toEqual([...learners].sort());
  // 50 for the session, 25 for a new scenario, 10 for the day.
  expect(board.filter((_, i) => i % 2 === 1)).toEqual(['85', '85', '85']);
});

it('writes again, once Redis answers, a player whose board write Redis refused', async () => {
  const scheduler = new LeaderboardRepairScheduler(ds, new Leaderboards(redis, ds));
  await scheduler.repair();
  // A client that never gets a connection: every command fails at once, as while Redis restarts.
  const refused = new Redis({ lazyConnect: true, enableOfflineQueue: false });
  const cutOff = listenerWith(new Leaderboards(refused, ds));
  const learner = randomUUID();
  // The event still commits (the boards are a view), and owes a repair.
  await ds.transaction((m) => cutOff.handle(completed(learner), m));
  const owed = await queryRows<{ days: string[] }>(
    ds,
    `SELECT ARRAY(SELECT to_char(d, 'YYYY-MM-DD') FROM unnest(days) d) AS days FROM leaderboard_repairs WHERE user_id = $1`,
    [learner],
  );
  expect(owed).toHaveLength(1);
  expect(await redis.zscore(allTimeXp(), learner)).toBeNull();

  expect((await scheduler.repair()).repaired).toBe(1);
  expect(await redis.zscore(allTimeXp(), learner)).toBe('85');
  expect(await queryRows(ds, `SELECT 1 FROM leaderboard_repairs WHERE user_id = $1`, [learner])).toHaveLength(
    0,
  );
  refused.disconnect();
});

import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { DataSource, EntityManager } from 'typeorm';
import type { DomainEvent } from '@parley/contracts';
import { createServiceDataSource, queryRows } from '@parley/server-database';
import { createEvent, Outbox } from '@parley/server-messaging';
import { createTestSchema, testEnv, type TestSchema } from '@parley/server-testing';
import { gamificationDatabase } from '../../database/gamification.database';
import { Leaderboards } from '../leaderboards/leaderboards';
import { DailyChallengesRepository } from '../progression/daily-challenges.repository';
import { addDays, isoWeekOf, utcDay } from '../progression/domain/calendar';
import { AwardXpWhenSessionCompletedListener } from '../progression/listeners/award-xp-when-session-completed.listener';
import { RecordActivityWhenUserSignedInListener } from '../progression/listeners/record-activity-when-user-signed-in.listener';
import { UpdatePlayerWhenProfileUpdatedListener } from '../progression/listeners/update-player-when-profile-updated.listener';
import { PlayerProgress } from '../progression/player-progress';
import { PlayersRepository } from '../progression/players.repository';
import { leagueWeekOf, mondayOfWeek, settlesAt } from './domain/leagues';
import { LeagueMembership } from './league-membership';
import { StreakFreezes } from './streak-freezes';
import { GetLeagueUseCase } from './use-cases/league.use-cases';
import { SettleLeaguesUseCase } from './use-cases/settle-leagues.use-case';
import { BuyStreakFreezeUseCase, GetStreakUseCase } from './use-cases/streak.use-cases';

/**
 * Streak freezes and weekly leagues against the real PostgreSQL and Redis: events applied the way the
 * consumer applies them (the inbox row and the effect in one transaction, a redelivery skipped), and
 * settlement run twice and by two replicas (two connection pools) at the same moment.
 */

let schema: TestSchema;
let replicaA: DataSource;
let replicaB: DataSource;
let redis: Redis;
let sessionsListener: AwardXpWhenSessionCompletedListener;
let signInListener: RecordActivityWhenUserSignedInListener;
let profileListener: UpdatePlayerWhenProfileUpdatedListener;
let players: PlayersRepository;

async function deliver(event: DomainEvent): Promise<boolean> {
  return replicaA.transaction(async (manager: EntityManager) => {
    const fresh = await queryRows(
      manager,
      `INSERT INTO inbox (consumer, event_id, event_type) VALUES ('gamification', $1, $2)
       ON CONFLICT DO NOTHING RETURNING event_id`,
      [event.id, event.type],
    );
    if (fresh.length === 0) return false;
    if (event.type === 'sessions.session-completed') await sessionsListener.handle(event, manager);
    else if (event.type === 'identity.user-signed-in') await signInListener.handle(event, manager);
    else if (event.type === 'identity.profile-updated') await profileListener.handle(event, manager);
    return true;
  });
}

const signIn = (userId: string, at: string | Date) =>
  createEvent('identity.user-signed-in', userId, { at: new Date(at).toISOString(), timezone: null });

const moveTo = (userId: string, timezone: string, at: string) =>
  createEvent('identity.profile-updated', userId, { fullName: null, timezone, plan: 'free' }, new Date(at));

function completed(userId: string, at: Date, scenario = `scenario-${randomUUID().slice(0, 8)}`) {
  return createEvent('sessions.session-completed', userId, {
    sessionId: randomUUID(),
    scenarioId: scenario,
    category: 'sales',
    completedAt: at.toISOString(),
    messageCount: 6,
    scores: { clarity: 6, empathy: 6, persuasion: 6 },
    firstOfScenario: true,
  });
}

const freezes = (userId: string) =>
  queryRows<{ source_key: string; used_on: string | null }>(
    replicaA,
    `SELECT source_key, to_char(used_on, 'YYYY-MM-DD') AS used_on FROM streak_freezes WHERE user_id = $1 ORDER BY id`,
    [userId],
  );

beforeAll(async () => {
  schema = await createTestSchema('habits');
  const open = (name: string) =>
    createServiceDataSource({
      url: testEnv.databaseUrl,
      schema: schema.name,
      applicationName: name,
      poolSize: 4,
      ...gamificationDatabase,
    });
  replicaA = await open('habits-a').initialize();
  await replicaA.runMigrations();
  replicaB = await open('habits-b').initialize();
  redis = new Redis(testEnv.redisUrl);
  const progress = new PlayerProgress(
    new Outbox(schema.name, 'habits-test.'),
    new Leaderboards(redis, replicaA),
    new StreakFreezes(),
    new LeagueMembership(),
  );
  sessionsListener = new AwardXpWhenSessionCompletedListener(
    progress,
    new DailyChallengesRepository(replicaA),
  );
  signInListener = new RecordActivityWhenUserSignedInListener(progress);
  profileListener = new UpdatePlayerWhenProfileUpdatedListener(new Leaderboards(redis, replicaA));
  players = new PlayersRepository(replicaA);
}, 60_000);

afterAll(async () => {
  const keys = await redis.keys(`${schema.name}:*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
  await replicaA?.destroy();
  await replicaB?.destroy();
  await schema?.drop();
});

describe('streak freezes, from events', () => {
  it('earns one at 7 days, spends it on a missed day, gives it back when the day turns out active, once per event', async () => {
    const user = randomUUID();
    const caller = { userId: user, plan: 'free' as const };
    const streak = new GetStreakUseCase(replicaA, players);
    for (let d = 1; d <= 7; d++) await deliver(signIn(user, `2026-11-0${d}T09:00:00Z`));
    expect(await freezes(user)).toEqual([{ source_key: 'streak:2026-11-07', used_on: null }]);

    // 8 November passes without practice. On the 9th, just after midnight, before any activity:
    const ninthEarly = new Date('2026-11-09T00:00:01Z');
    expect(await streak.execute(caller, ninthEarly)).toMatchObject({
      streak: 7,
      freezesHeld: 0,
      frozenDays: ['2026-11-08'],
    });
    // One second earlier the 8th was still today: nothing missed, the freeze still held.
    expect(await streak.execute(caller, new Date('2026-11-08T23:59:59Z'))).toMatchObject({
      streak: 7,
      freezesHeld: 1,
      frozenDays: [],
    });

    const ninth = signIn(user, '2026-11-09T08:00:00Z');
    expect(await deliver(ninth)).toBe(true);
    expect(await freezes(user)).toEqual([{ source_key: 'streak:2026-11-07', used_on: '2026-11-08' }]);
    expect(await players.get(user)).toMatchObject({ currentStreak: 8, longestStreak: 8 });
    expect(await deliver(ninth)).toBe(false); // redelivered: no second effect
    expect(await freezes(user)).toHaveLength(1);

    // A sign-in on the 8th arrives late: the day was active after all, so the freeze comes back.
    await deliver(signIn(user, '2026-11-08T21:00:00Z'));
    expect(await freezes(user)).toEqual([{ source_key: 'streak:2026-11-07', used_on: null }]);
    expect(await players.get(user)).toMatchObject({ currentStreak: 9 });
  });

  it('two missed days with one freeze: the streak breaks and the freeze is kept', async () => {
    const user = randomUUID();
    for (let d = 1; d <= 7; d++) await deliver(signIn(user, `2026-10-0${d}T12:00:00Z`));
    await deliver(signIn(user, '2026-10-10T12:00:00Z'));
    expect(await freezes(user)).toEqual([{ source_key: 'streak:2026-10-07', used_on: null }]);
    expect(await players.get(user)).toMatchObject({ currentStreak: 1, longestStreak: 7 });
  });

  it('keeps the streak across a change of time zone that jumps over a date, and across a DST night', async () => {
    const user = randomUUID();
    await deliver(moveTo(user, 'America/Los_Angeles', '2026-11-01T00:00:00Z'));
    // Announced on Mon 16 Nov at noon in Los Angeles: Tokyo's days count from the next Los Angeles midnight.
    await deliver(moveTo(user, 'Asia/Tokyo', '2026-11-16T20:00:00Z'));
    await deliver(signIn(user, '2026-11-17T04:00:00Z')); // Mon 16 Nov 20:00 in Los Angeles
    await deliver(signIn(user, '2026-11-17T23:00:00Z')); // Wed 18 Nov 08:00 in Tokyo, 19 hours later
    expect(await players.get(user)).toMatchObject({ currentStreak: 2, lastActiveDay: '2026-11-18' });
    expect(await freezes(user)).toEqual([]);

    const ny = randomUUID();
    await deliver(moveTo(ny, 'America/New_York', '2026-02-01T00:00:00Z'));
    await deliver(signIn(ny, '2026-03-08T04:59:00Z')); // Sat 7 March 23:59 EST
    await deliver(signIn(ny, '2026-03-09T03:59:00Z')); // Sun 8 March 23:59 EDT, a 23-hour day
    expect(await players.get(ny)).toMatchObject({ currentStreak: 2 });
  });

  it('a change of time zone does not backfill a missed day: a day is read in the zone in force then', async () => {
    const user = randomUUID();
    await deliver(moveTo(user, 'Europe/London', '2026-11-01T00:00:00Z'));
    await deliver(completed(user, new Date('2026-11-16T12:00:00Z'))); // Mon 16 Nov in London
    // Tue 17 Nov missed. Wed 18 Nov 05:00 in London, the learner moves to Honolulu, where it is still
    // Tue 17 Nov 19:00, and practises at once.
    await deliver(moveTo(user, 'Pacific/Honolulu', '2026-11-18T05:00:00Z'));
    await deliver(completed(user, new Date('2026-11-18T05:30:00Z')));
    expect(await players.get(user)).toMatchObject({
      timezone: 'Pacific/Honolulu',
      currentStreak: 1,
      longestStreak: 1,
      lastActiveDay: '2026-11-18',
    });
    const days = await queryRows<{ day: string; zone: string }>(
      replicaA,
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, zone FROM active_days WHERE user_id = $1 ORDER BY day`,
      [user],
    );
    expect(days).toEqual([
      { day: '2026-11-16', zone: 'Europe/London' },
      { day: '2026-11-18', zone: 'Europe/London' },
    ]);
    // The new zone took effect at the next London midnight; from then on days are Honolulu's.
    expect(
      await queryRows(
        replicaA,
        `SELECT zone, effective_from FROM player_zones WHERE user_id = $1 ORDER BY effective_from`,
        [user],
      ),
    ).toEqual([
      { zone: 'Europe/London', effective_from: -Infinity },
      { zone: 'Pacific/Honolulu', effective_from: new Date('2026-11-19T00:00:00Z') },
    ]);
    await deliver(completed(user, new Date('2026-11-19T20:00:00Z'))); // Thu 19 Nov 10:00 in Honolulu
    expect(await players.get(user)).toMatchObject({ currentStreak: 2, lastActiveDay: '2026-11-19' });

    // The same learner, had they not moved, would have the same streak: the move gained them nothing.
    const stayed = randomUUID();
    await deliver(moveTo(stayed, 'Europe/London', '2026-11-01T00:00:00Z'));
    await deliver(completed(stayed, new Date('2026-11-16T12:00:00Z')));
    await deliver(completed(stayed, new Date('2026-11-18T05:30:00Z')));
    expect(await players.get(stayed)).toMatchObject({ currentStreak: 1, lastActiveDay: '2026-11-18' });
  });

  it('sells a freeze for XP without lowering the level, and refuses a third or one it cannot pay for', async () => {
    const user = randomUUID();
    const caller = { userId: user, plan: 'free' as const };
    const progress = new PlayerProgress(
      new Outbox(schema.name, 'habits-test.'),
      new Leaderboards(redis, replicaA),
      new StreakFreezes(),
      new LeagueMembership(),
    );
    const buy = new BuyStreakFreezeUseCase(replicaA, progress);
    const now = new Date('2026-11-20T10:00:00Z');
    // 3 sessions of new scenarios on one day: 3 × (50 + 25) + 10 = 235 XP.
    for (let i = 0; i < 3; i++) await deliver(completed(user, new Date(now.getTime() - (i + 1) * 60_000)));
    expect((await players.get(user)).totalXp).toBe(235);
    expect(await buy.execute(caller, now)).toMatchObject({
      freezesHeld: 1,
      spendableXp: 35,
      freezePrice: 200,
    });
    expect(await players.get(user)).toMatchObject({ totalXp: 235, level: 1, xpSpent: 200 });
    await expect(buy.execute(caller, now)).rejects.toMatchObject({
      error: {
        status: 409,
        error: expect.stringMatching(
          /^Not enough XP to buy a streak freeze: it costs 200 XP and you have 35/,
        ),
      },
    });
    for (let i = 0; i < 6; i++) await deliver(completed(user, new Date(now.getTime() + (i + 1) * 60_000)));
    expect(await buy.execute(caller, now)).toMatchObject({ freezesHeld: 2 });
    await expect(buy.execute(caller, now)).rejects.toMatchObject({ error: { status: 409 } });
  });
});

describe('weekly leagues', () => {
  it('places 31 learners in two leagues, settles each exactly once though two replicas run it twice', async () => {
    const now = new Date();
    const week = leagueWeekOf(now, 'UTC');
    const users = Array.from({ length: 31 }, () => randomUUID());
    // Learner i completes (i % 6) + 1 sessions this week, all moments ago: XP 85, 160, 235, …
    for (const [i, user] of users.entries()) {
      for (let s = 0; s <= i % 6; s++) {
        const at = new Date(Math.max(week.from.getTime(), now.getTime() - 1000 * (s + 1)));
        await deliver(completed(user, at));
      }
    }
    const leagues = await queryRows<{ id: string; members: number; tier: number }>(
      replicaA,
      `SELECT id, members, tier FROM leagues WHERE week = $1 ORDER BY id`,
      [week.week],
    );
    expect(leagues.map((l) => [l.members, l.tier])).toEqual([
      [30, 0],
      [1, 0],
    ]);

    // The week's top learner also practises early on the next Monday, in UTC+14 before settlement.
    const top = users[5]!;
    const nextMonday = addDays(mondayOfWeek(week.week), 7);
    const early = new Date(`${nextMonday}T08:00:00Z`);
    await deliver(completed(top, early));
    const nextWeek = isoWeekOf(nextMonday);
    expect(leagueWeekOf(early, 'UTC').week).toBe(nextWeek);

    const league = await new GetLeagueUseCase(replicaA, players).execute({ userId: top, plan: 'free' }, now);
    expect(league).toMatchObject({ week: week.week, tier: 'Bronze', zones: { promotion: 7, demotion: 0 } });
    expect(league.members).toHaveLength(30);
    expect(league.me?.rank).toBeLessThanOrEqual(7);
    expect(league.members.map((m) => m.rank)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));

    const before = new SettleLeaguesUseCase(replicaA);
    expect(await before.execute(new Date(settlesAt(week.week).getTime() - 1000))).toEqual({
      leagues: 0,
      promoted: 0,
      demoted: 0,
    });

    const due = settlesAt(week.week);
    const [a, b] = await Promise.all([
      new SettleLeaguesUseCase(replicaA).execute(due),
      new SettleLeaguesUseCase(replicaB).execute(due),
    ]);
    expect(a.leagues + b.leagues).toBe(2);
    expect(a.promoted + b.promoted).toBe(8); // 7 of the full league, the only member of the small one
    const again = await new SettleLeaguesUseCase(replicaB).execute(due);
    expect(again.leagues).toBe(0);

    const results = await queryRows<{ n: number; promoted: number }>(
      replicaA,
      `SELECT count(*)::int AS n, (count(*) FILTER (WHERE outcome = 'promoted'))::int AS promoted
         FROM league_results WHERE week = $1`,
      [week.week],
    );
    expect(results[0]).toEqual({ n: 31, promoted: 8 });
    const tiers = await queryRows<{ tier: number; n: number }>(
      replicaA,
      `SELECT league_tier AS tier, count(*)::int AS n FROM players WHERE user_id = ANY($1::uuid[]) GROUP BY 1 ORDER BY 1`,
      [users],
    );
    expect(tiers).toEqual([
      { tier: 0, n: 23 },
      { tier: 1, n: 8 },
    ]);
    // Promoted after being placed early in the next week: moved to a Silver league of that week.
    const [moved] = await queryRows<{ tier: number }>(
      replicaA,
      `SELECT l.tier FROM league_members m JOIN leagues l ON l.id = m.league_id WHERE m.user_id = $1 AND m.week = $2`,
      [top, nextWeek],
    );
    expect(moved).toEqual({ tier: 1 });
    const after = await new GetLeagueUseCase(replicaA, players).execute({ userId: top, plan: 'free' }, early);
    expect(after).toMatchObject({
      week: nextWeek,
      tier: 'Silver',
      lastResult: { week: week.week, outcome: 'promoted' },
    });
    expect(utcDay(early)).toBe(nextMonday);
  });
});

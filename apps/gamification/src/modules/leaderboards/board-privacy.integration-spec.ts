import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { DataSource, EntityManager } from 'typeorm';
import type { DomainEvent } from '@parley/contracts';
import { queryRows } from '@parley/server-database';
import { createEvent, Outbox } from '@parley/server-messaging';
import {
  openGamificationTestStore,
  sessionCompletedNow,
  type GamificationTestStore,
} from '../../testing/gamification-test-store';
import { LeagueMembership } from '../habits/league-membership';
import { StreakFreezes } from '../habits/streak-freezes';
import { GetLeagueUseCase } from '../habits/use-cases/league.use-cases';
import { DailyChallengesRepository } from '../progression/daily-challenges.repository';
import { AwardXpWhenSessionCompletedListener } from '../progression/listeners/award-xp-when-session-completed.listener';
import { CreatePlayerWhenUserRegisteredListener } from '../progression/listeners/create-player-when-user-registered.listener';
import { UpdatePlayerWhenProfileUpdatedListener } from '../progression/listeners/update-player-when-profile-updated.listener';
import { PlayerProgress } from '../progression/player-progress';
import { ANONYMOUS_USERNAME, PlayersRepository } from '../progression/players.repository';
import { GetLeaderboardUseCase } from './get-leaderboard.use-case';
import { Leaderboards } from './leaderboards';
import { RebuildLeaderboardsUseCase } from './rebuild-leaderboards.use-case';

/**
 * Boards and leagues show the display name the learner chose, never the account name or e-mail, and a
 * learner who turned show_leaderboard off is shown to nobody (issue 30). Real PostgreSQL and Redis; events
 * applied as the consumer applies them.
 */
let store: GamificationTestStore;
let schema: GamificationTestStore['schema'];
let ds: DataSource;
let redis: Redis;
let leaderboards: Leaderboards;
let boards: GetLeaderboardUseCase;
let leagues: GetLeagueUseCase;
let listeners: {
  registered: CreatePlayerWhenUserRegisteredListener;
  profile: UpdatePlayerWhenProfileUpdatedListener;
  completed: AwardXpWhenSessionCompletedListener;
};

async function deliver(event: DomainEvent): Promise<void> {
  await ds.transaction(async (manager: EntityManager) => {
    if (event.type === 'identity.user-registered') await listeners.registered.handle(event, manager);
    else if (event.type === 'identity.profile-updated') await listeners.profile.handle(event, manager);
    else if (event.type === 'sessions.session-completed') await listeners.completed.handle(event, manager);
  });
}

const registered = (userId: string, fullName: string) =>
  createEvent('identity.user-registered', userId, { email: `${userId}@example.test`, fullName });

const profile = (
  userId: string,
  payload: { fullName: string; displayName?: string | null; showLeaderboard?: boolean },
) => createEvent('identity.profile-updated', userId, { timezone: 'UTC', plan: 'premium', ...payload });

const practised = sessionCompletedNow;

const caller = (userId: string) => ({ userId, plan: 'premium' as const });
const board = async (viewer: string) =>
  (await boards.execute(caller(viewer), { category: 'xp', period: 'weekly', limit: 50 })).entries;

beforeAll(async () => {
  store = await openGamificationTestStore('board_privacy');
  ({ schema, ds, redis } = store);
  leaderboards = new Leaderboards(redis, ds);
  const players = new PlayersRepository(ds);
  const progress = new PlayerProgress(
    new Outbox(schema.name, 'board-privacy-test.'),
    leaderboards,
    new StreakFreezes(),
    new LeagueMembership(),
  );
  listeners = {
    registered: new CreatePlayerWhenUserRegisteredListener(),
    profile: new UpdatePlayerWhenProfileUpdatedListener(leaderboards),
    completed: new AwardXpWhenSessionCompletedListener(progress, new DailyChallengesRepository(ds)),
  };
  boards = new GetLeaderboardUseCase(leaderboards, players);
  leagues = new GetLeagueUseCase(ds, players);
}, 60_000);

afterAll(() => store?.close());

describe('names on the boards', () => {
  it('shows the display name the learner chose, never the account name or e-mail', async () => {
    const ada = randomUUID();
    const bob = randomUUID();
    const viewer = randomUUID();
    await deliver(registered(ada, 'Ada Lovelace'));
    await deliver(registered(bob, 'Robert Tables'));
    await deliver(practised(ada));
    await deliver(practised(bob));
    // Known only from registration: the account name is not shown.
    let entries = await board(viewer);
    expect(entries.find((e) => e.id === ada)?.username).toBe(ANONYMOUS_USERNAME);
    expect(JSON.stringify(entries)).not.toMatch(/Lovelace|Robert Tables|example\.test/);

    await deliver(profile(ada, { fullName: 'Ada Lovelace', displayName: 'Countess A.' }));
    await deliver(profile(bob, { fullName: 'Robert Tables', displayName: null }));
    entries = await board(viewer);
    expect(entries.find((e) => e.id === ada)?.username).toBe('Countess A.');
    expect(entries.find((e) => e.id === bob)?.username).toBe(ANONYMOUS_USERNAME);
    const league = await leagues.execute(caller(ada));
    expect(league.members.map((m) => m.username)).toEqual(
      expect.arrayContaining(['Countess A.', ANONYMOUS_USERNAME]),
    );
    expect(JSON.stringify(league)).not.toMatch(/Lovelace|Robert Tables/);
    // Nothing keeps the account name.
    const stored = await queryRows(ds, `SELECT * FROM players WHERE user_id = ANY($1::uuid[])`, [[ada, bob]]);
    expect(JSON.stringify(stored)).not.toMatch(/Lovelace|Robert Tables/);
  });
});

describe('leaving the boards (show_leaderboard)', () => {
  it('a learner who turned it off is on no board or league others see, stays off as they practise, and comes back when they turn it on', async () => {
    const shy = randomUUID();
    const other = randomUUID();
    await deliver(profile(shy, { fullName: 'Shy Learner', displayName: 'Shy' }));
    await deliver(profile(other, { fullName: 'Other Learner', displayName: 'Other' }));
    await deliver(practised(shy));
    await deliver(practised(other));
    expect((await board(other)).map((e) => e.id)).toContain(shy);
    expect((await leagues.execute(caller(other))).members.map((m) => m.id)).toContain(shy);

    await deliver(profile(shy, { fullName: 'Shy Learner', displayName: 'Shy', showLeaderboard: false }));
    await deliver(practised(shy)); // more XP while off: written to no board, no league
    for (const viewer of [other, shy]) {
      const entries = await board(viewer);
      expect(entries.map((e) => e.id)).not.toContain(shy);
      expect(entries.map((e) => e.rank)).toEqual(entries.map((_, i) => i + 1)); // no gap where they were
    }
    const league = await leagues.execute(caller(other));
    expect(league.members.map((m) => m.id)).not.toContain(shy);
    expect(league.members.map((m) => m.rank)).toEqual(league.members.map((_, i) => i + 1));
    expect((await boards.panel()).map((e) => e.id)).not.toContain(shy);
    // Not even in Redis, and a rebuild of every board leaves them off.
    const keys = await redis.keys(`${schema.name}:leaderboard:*`);
    for (const key of keys) expect(await redis.zscore(key, shy)).toBeNull();
    await new RebuildLeaderboardsUseCase(ds, leaderboards.store).execute();
    expect((await board(other)).map((e) => e.id)).not.toContain(shy);

    await deliver(profile(shy, { fullName: 'Shy Learner', displayName: 'Shy', showLeaderboard: true }));
    const back = (await board(other)).find((e) => e.id === shy);
    expect(back).toMatchObject({ username: 'Shy', xp: (await new PlayersRepository(ds).get(shy)).totalXp });
    await deliver(practised(shy));
    expect((await leagues.execute(caller(other))).members.map((m) => m.id)).toContain(shy);
  });

  it('an announcement without the setting leaves it as it was', async () => {
    const user = randomUUID();
    await deliver(profile(user, { fullName: 'Quiet', displayName: 'Quiet', showLeaderboard: false }));
    await deliver(profile(user, { fullName: 'Quiet', displayName: 'Quiet' }));
    await deliver(practised(user));
    expect((await board(randomUUID())).map((e) => e.id)).not.toContain(user);
  });
});

import { Redis } from 'ioredis';
import { testEnv, uniqueSuffix } from '@parley/server-testing';
import { SyncedThrottlerStorage } from './synced-throttler-storage';

/** The gateway's rate-limit storage against the real Redis: one replica, two replicas, Redis away. */
describe('SyncedThrottlerStorage', () => {
  const clients: Redis[] = [];
  const storages: SyncedThrottlerStorage[] = [];
  const replica = (redis?: Redis) => {
    const client = redis ?? new Redis(testEnv.redisUrl);
    if (!redis) clients.push(client);
    // A long sync period: each test syncs by hand, so what it sees does not depend on timing.
    const storage = new SyncedThrottlerStorage(client, { syncMs: 60_000, prefix: `test-${uniqueSuffix()}` });
    storages.push(storage);
    return storage;
  };
  afterAll(async () => {
    await Promise.all(storages.map((s) => s.close()));
    await Promise.all(clients.map((c) => c.quit().catch(() => c.disconnect())));
  });

  it('limits exactly on one replica, without a Redis round trip per hit', async () => {
    const storage = replica();
    const answers = [];
    for (let i = 0; i < 7; i++)
      answers.push(await storage.increment('10.0.0.1', 60_000, 5, 60_000, 'default'));
    expect(answers.map((a) => a.totalHits)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(answers.map((a) => a.isBlocked)).toEqual([false, false, false, false, false, true, true]);
    expect(answers[6]).toMatchObject({ timeToExpire: 60, timeToBlockExpire: 60 });
    // Another client is counted apart.
    expect((await storage.increment('10.0.0.2', 60_000, 5, 60_000, 'default')).isBlocked).toBe(false);
  });

  it('shares the count between replicas through Redis: the second replica learns the first one’s hits', async () => {
    const redis = new Redis(testEnv.redisUrl);
    clients.push(redis);
    const prefix = `test-${uniqueSuffix()}`;
    const a = new SyncedThrottlerStorage(redis, { syncMs: 60_000, prefix });
    const other = new Redis(testEnv.redisUrl);
    clients.push(other);
    const b = new SyncedThrottlerStorage(other, { syncMs: 60_000, prefix });
    storages.push(a, b);
    for (let i = 0; i < 4; i++) await a.increment('10.1.1.1', 60_000, 5, 60_000, 'default');
    await a.sync();
    // b has not synced yet: it knows only its own hit.
    expect((await b.increment('10.1.1.1', 60_000, 5, 60_000, 'default')).totalHits).toBe(1);
    await b.sync(); // adds its hit and learns a's four
    const after = await b.increment('10.1.1.1', 60_000, 5, 60_000, 'default');
    expect(after).toMatchObject({ totalHits: 6, isBlocked: true });
    // a learns b's hits with its next sync of its own: until then it lets one more through (the bound
    // documented on the class: a replica's own traffic for one sync period).
    expect((await a.increment('10.1.1.1', 60_000, 5, 60_000, 'default')).isBlocked).toBe(false);
    await a.sync();
    expect(await a.increment('10.1.1.1', 60_000, 5, 60_000, 'default')).toMatchObject({
      totalHits: 7,
      isBlocked: true,
    });
    // In Redis: a's five and b's first; b's second and a's last go with their next syncs.
    expect(Number(await redis.get(`${prefix}:{10.1.1.1:default}`))).toBe(6);
    expect(await redis.pttl(`${prefix}:{10.1.1.1:default}`)).toBeGreaterThan(55_000);
  });

  it('opens a new window when the old one is over', async () => {
    let now = 1_000_000;
    const client = new Redis(testEnv.redisUrl);
    clients.push(client);
    const storage = new SyncedThrottlerStorage(client, {
      syncMs: 60_000,
      prefix: `test-${uniqueSuffix()}`,
      now: () => now,
    });
    storages.push(storage);
    for (let i = 0; i < 3; i++) await storage.increment('10.2.2.2', 1000, 2, 1000, 'default');
    expect((await storage.increment('10.2.2.2', 1000, 2, 1000, 'default')).isBlocked).toBe(true);
    now += 1001;
    expect(await storage.increment('10.2.2.2', 1000, 2, 1000, 'default')).toMatchObject({
      totalHits: 1,
      isBlocked: false,
    });
  });

  it('keeps limiting with its own counts when Redis cannot be reached', async () => {
    const away = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      retryStrategy: () => null,
    });
    clients.push(away);
    const storage = replica(away);
    for (let i = 0; i < 3; i++) await storage.increment('10.3.3.3', 60_000, 3, 60_000, 'default');
    await storage.sync();
    expect((await storage.increment('10.3.3.3', 60_000, 3, 60_000, 'default')).isBlocked).toBe(true);
  });
});

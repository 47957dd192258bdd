import { Redis } from 'ioredis';
import { testEnv, uniqueSuffix, waitFor } from '@parley/server-testing';
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

  it('limits exactly on one replica', async () => {
    const storage = replica();
    const answers = [];
    for (let i = 0; i < 7; i++)
      answers.push(await storage.increment('10.0.0.1', 60_000, 5, 60_000, 'default'));
    expect(answers.map((a) => a.totalHits)).toEqual([1, 2, 3, 4, 5, 6, 6]);
    expect(answers.map((a) => a.isBlocked)).toEqual([false, false, false, false, false, true, true]);
    expect(answers[6]).toMatchObject({ timeToExpire: 60, timeToBlockExpire: 60 });
    // Another client is counted apart.
    expect((await storage.increment('10.0.0.2', 60_000, 5, 60_000, 'default')).isBlocked).toBe(false);
  });

  it('reserves hits in leases: a hundredth of the limit per Redis round trip, shrinking as the window fills', () => {
    expect(SyncedThrottlerStorage.leaseSize(600, 0)).toBe(6);
    expect(SyncedThrottlerStorage.leaseSize(600, 590)).toBe(2);
    expect(SyncedThrottlerStorage.leaseSize(600, 599)).toBe(1);
    expect(SyncedThrottlerStorage.leaseSize(30, 0)).toBe(1);
  });

  it('never allows more than the limit to a parallel burst over several replicas', async () => {
    const prefix = `test-${uniqueSuffix()}`;
    const replicas = Array.from({ length: 3 }, () => {
      const client = new Redis(testEnv.redisUrl);
      clients.push(client);
      const storage = new SyncedThrottlerStorage(client, { syncMs: 60_000, prefix });
      storages.push(storage);
      return storage;
    });
    const LIMIT = 100;
    const answers = await Promise.all(
      Array.from({ length: 3 * LIMIT }, (_, i) =>
        replicas[i % 3]!.increment('10.1.1.1', 60_000, LIMIT, 60_000, 'default'),
      ),
    );
    expect(answers.filter((a) => !a.isBlocked)).toHaveLength(LIMIT);
    expect(Number(await clients[0]!.get(`${prefix}:{10.1.1.1:default}`))).toBe(LIMIT);
  });

  it('gives back the unused part of a lease once its window is idle for a sync period', async () => {
    const prefix = `test-${uniqueSuffix()}`;
    const client = new Redis(testEnv.redisUrl);
    clients.push(client);
    const storage = new SyncedThrottlerStorage(client, { syncMs: 60_000, prefix });
    storages.push(storage);
    await storage.increment('10.4.4.4', 60_000, 1000, 60_000, 'default');
    const key = `${prefix}:{10.4.4.4:default}`;
    expect(Number(await client.get(key))).toBe(10); // the hit and a lease of 9 more
    await storage.sync(); // a hit came since the last sync: the lease is kept
    expect(Number(await client.get(key))).toBe(10);
    await storage.sync(); // idle since: given back
    expect(Number(await client.get(key))).toBe(1);
    expect((await storage.increment('10.4.4.4', 60_000, 1000, 60_000, 'default')).totalHits).toBe(2);
  });

  it('opens a new window when the old one is over', async () => {
    const client = new Redis(testEnv.redisUrl);
    clients.push(client);
    const prefix = `test-${uniqueSuffix()}`;
    const storage = new SyncedThrottlerStorage(client, { syncMs: 60_000, prefix });
    storages.push(storage);
    for (let i = 0; i < 2; i++) await storage.increment('10.2.2.2', 300, 2, 300, 'default');
    expect((await storage.increment('10.2.2.2', 300, 2, 300, 'default')).isBlocked).toBe(true);
    // Waits for the window to end in Redis (an event, not a guess at how long that takes).
    await waitFor(async () => (await client.exists(`${prefix}:{10.2.2.2:default}`)) === 0, 5_000);
    await waitFor(
      async () => !(await storage.increment('10.2.2.2', 300, 2, 300, 'default')).isBlocked,
      5_000,
    );
    expect(Number(await client.get(`${prefix}:{10.2.2.2:default}`))).toBeLessThanOrEqual(2);
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

import type { ThrottlerStorage } from '@nestjs/throttler';
import type { Redis } from 'ioredis';

/** What @nestjs/throttler expects back from its storage (seconds for the times). */
interface ThrottlerStorageRecord {
  totalHits: number;
  timeToExpire: number;
  isBlocked: boolean;
  timeToBlockExpire: number;
}

interface Window {
  /** Hits this replica has reserved in Redis and not used yet: it may allow that many without asking. */
  granted: number;
  /** Reserved hits, every replica's, as of this replica's last answer from Redis. */
  shared: number;
  /** Hits counted here only, while Redis cannot be reached (the replica then limits on its own). */
  local: number;
  /** Redis refused the last reservation: this window is limited with local counts. */
  offline: boolean;
  /** Hits that came since the last sync (a window with none gives its unused reservation back). */
  recent: number;
  /** Hits waiting for the reservation in flight. */
  waiting: number;
  reserving: Promise<void> | null;
  expiresAt: number;
  blockedUntil: number;
  ttl: number;
  limit: number;
  blockDuration: number;
}

/**
 * Reserves up to ARGV[1] hits of a window whose limit is ARGV[3]; answers how many it got, the count
 * afterwards and the time left. A window starts at its first reservation anywhere and lasts ARGV[2] ms.
 */
const RESERVE = `
local before = tonumber(redis.call('GET', KEYS[1]) or '0')
local want = tonumber(ARGV[1])
local limit = tonumber(ARGV[3])
local got = math.max(0, math.min(want, limit - before))
local total = before
if got > 0 then total = redis.call('INCRBY', KEYS[1], got) end
local left = redis.call('PTTL', KEYS[1])
if left < 0 then
  if got > 0 then
    redis.call('PEXPIRE', KEYS[1], ARGV[2])
    left = tonumber(ARGV[2])
  else
    left = 0
  end
end
return { got, total, left }`;

/** Gives back ARGV[1] reserved and unused hits, if the window still exists (never creates a key). */
const RELEASE = `
if redis.call('EXISTS', KEYS[1]) == 1 then
  return redis.call('DECRBY', KEYS[1], ARGV[1])
end
return 0`;

type RedisWithLeases = Redis & {
  parleyReserveHits(key: string, want: number, ttl: number, limit: number): Promise<[number, number, number]>;
  parleyReleaseHits(key: string, hits: number): Promise<number>;
};

/**
 * Rate-limit counts shared by every gateway replica through Redis, without a Redis round trip per
 * request (ADR 0021) and without letting a parallel burst through every replica at once (ADR 0031).
 *
 * A replica allows a hit only out of hits it has reserved in Redis: it reserves a small lease (a
 * hundredth of the limit, at least 1, shrinking to a quarter of what is left as the window fills), and
 * every hit waiting at that moment, in one atomic script that never reserves past the limit. So across
 * any number of replicas a client gets at most the limit while Redis answers: the slack is zero.
 * The price is the other way: hits one replica reserved and has not used are not available to the
 * others — at most (replicas − 1) × lease, and only until the next sync gives back the reservation of a
 * window idle since the one before (every `syncMs`, 100 ms).
 *
 * If Redis is unreachable, a window is limited by this replica's own counts (each replica allows the
 * limit), as before.
 */
export class SyncedThrottlerStorage implements ThrottlerStorage {
  private readonly windows = new Map<string, Window>();
  private readonly timer: NodeJS.Timeout;
  private syncing: Promise<void> | null = null;

  constructor(
    private readonly redis: Redis,
    private readonly options: { syncMs?: number; prefix?: string; now?: () => number } = {},
  ) {
    if (!('parleyReserveHits' in redis)) {
      redis.defineCommand('parleyReserveHits', { numberOfKeys: 1, lua: RESERVE });
      redis.defineCommand('parleyReleaseHits', { numberOfKeys: 1, lua: RELEASE });
    }
    this.timer = setInterval(() => void this.sync(), options.syncMs ?? 100);
    this.timer.unref();
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  /** How many hits one reservation asks for (besides the hits already waiting). */
  static leaseSize(limit: number, shared: number): number {
    const lease = Math.max(1, Math.ceil(limit / 100));
    return Math.max(1, Math.min(lease, Math.floor((limit - shared) / 4)));
  }

  async increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    throttlerName: string,
  ): Promise<ThrottlerStorageRecord> {
    const id = `${this.options.prefix ?? 'rate'}:{${key}:${throttlerName}}`;
    let window = this.windows.get(id);
    const start = this.now();
    if (!window || (start >= window.expiresAt && start >= window.blockedUntil)) {
      window = {
        granted: 0,
        shared: 0,
        local: 0,
        offline: false,
        recent: 0,
        waiting: 0,
        reserving: null,
        expiresAt: start + ttl,
        blockedUntil: 0,
        ttl,
        limit,
        blockDuration,
      };
      this.windows.set(id, window);
    }
    window.recent += 1;
    for (;;) {
      const now = this.now();
      if (window.blockedUntil > now) return this.record(window, now, true);
      if (window.granted > 0) {
        window.granted -= 1;
        return this.record(window, now, false);
      }
      if (window.offline) {
        window.local += 1;
        if (window.shared + window.local > limit) window.blockedUntil = now + blockDuration;
        return this.record(window, now, window.blockedUntil > now);
      }
      if (window.reserving) {
        window.waiting += 1;
        await window.reserving;
        window.waiting -= 1;
        continue;
      }
      const target = window;
      target.reserving = this.reserve(id, target, 1 + target.waiting).finally(
        () => (target.reserving = null),
      );
      await target.reserving;
    }
  }

  /** Reserves hits for this and the waiting requests plus a lease; over the limit, blocks the window. */
  private async reserve(id: string, window: Window, needed: number): Promise<void> {
    const want = needed - 1 + SyncedThrottlerStorage.leaseSize(window.limit, window.shared);
    const redis = this.redis as unknown as RedisWithLeases;
    try {
      const [got, total, left] = await redis.parleyReserveHits(id, want, window.ttl, window.limit);
      window.granted += got;
      window.shared = total;
      if (left > 0) window.expiresAt = this.now() + left;
      if (got < needed) {
        // The window is spent: those who got nothing are refused for the block duration.
        if (got === 0) window.blockedUntil = this.now() + window.blockDuration;
      }
    } catch {
      window.offline = true; // Redis away: keep limiting with what this replica sees
    }
  }

  private record(window: Window, now: number, blocked: boolean): ThrottlerStorageRecord {
    const used = window.offline ? window.shared + window.local : window.shared - window.granted;
    return {
      totalHits: blocked ? Math.max(used, window.limit + 1) : used,
      timeToExpire: Math.ceil(Math.max(0, window.expiresAt - now) / 1000),
      isBlocked: blocked,
      timeToBlockExpire: blocked ? Math.ceil((window.blockedUntil - now) / 1000) : 0,
    };
  }

  /** Gives back the unused reservations of windows idle since the last sync; drops windows that are over. */
  sync(): Promise<void> {
    this.syncing ??= this.flush().finally(() => (this.syncing = null));
    return this.syncing;
  }

  private async flush(): Promise<void> {
    const now = this.now();
    const idle: Array<[string, Window, number]> = [];
    for (const [id, window] of this.windows) {
      const over = now >= window.expiresAt && now >= window.blockedUntil;
      if (over && !window.reserving) this.windows.delete(id);
      else if (window.recent === 0 && window.granted > 0 && !window.reserving && !over)
        idle.push([id, window, window.granted]);
      window.recent = 0;
    }
    if (idle.length === 0) return;
    const redis = this.redis as unknown as RedisWithLeases;
    await Promise.all(
      idle.map(async ([id, window, hits]) => {
        window.granted -= hits;
        try {
          await redis.parleyReleaseHits(id, hits);
          window.shared -= hits;
        } catch {
          // Redis away: those hits stay counted until the window ends (fewer allowed, never more).
        }
      }),
    );
  }

  /** Stops the sync timer after a last sync (tests). */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.sync();
  }
}

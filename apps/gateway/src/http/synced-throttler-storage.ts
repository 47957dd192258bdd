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
  /** Hits counted here and not yet added to Redis. */
  pending: number;
  /** Hits being added to Redis right now. */
  sending: number;
  /** The count in Redis, every replica's hits, as of the last sync. */
  shared: number;
  expiresAt: number;
  blockedUntil: number;
  ttl: number;
  limit: number;
  blockDuration: number;
}

/** Adds a replica's hits to the shared count of a window and answers the total and the time left. */
const ADD_HITS = `
local total = redis.call('INCRBY', KEYS[1], ARGV[1])
local left = redis.call('PTTL', KEYS[1])
if left < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  left = tonumber(ARGV[2])
end
return { total, left }`;

type RedisWithAddHits = Redis & {
  parleyAddHits(key: string, hits: number, ttl: number): Promise<[number, number]>;
};

/**
 * Rate-limit counts kept in the gateway's memory and added to Redis every `syncMs` (100 ms), instead of
 * a Redis round trip per request. Each replica decides at once from the shared count of the last sync
 * plus its own hits since; each sync adds its hits and learns everyone's. A window is fixed (it starts
 * at its first hit anywhere and lasts its `ttl`), as with the Redis storage it replaces.
 *
 * The limit holds exactly on one replica. Across N replicas a client can get up to about N × (its
 * request rate × syncMs) more than the limit before every replica has seen the others' hits: for a
 * limit of 100 a minute that is a few requests, the price of not paying a round trip per request.
 * If Redis is unreachable, each replica keeps limiting with its own counts.
 */
export class SyncedThrottlerStorage implements ThrottlerStorage {
  private readonly windows = new Map<string, Window>();
  private readonly timer: NodeJS.Timeout;
  private syncing: Promise<void> | null = null;

  constructor(
    private readonly redis: Redis,
    private readonly options: { syncMs?: number; prefix?: string; now?: () => number } = {},
  ) {
    if (!('parleyAddHits' in redis)) redis.defineCommand('parleyAddHits', { numberOfKeys: 1, lua: ADD_HITS });
    this.timer = setInterval(() => void this.sync(), options.syncMs ?? 100);
    this.timer.unref();
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  async increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    throttlerName: string,
  ): Promise<ThrottlerStorageRecord> {
    const id = `${this.options.prefix ?? 'rate'}:{${key}:${throttlerName}}`;
    const now = this.now();
    let window = this.windows.get(id);
    if (!window || (now >= window.expiresAt && now >= window.blockedUntil)) {
      window = {
        pending: 0,
        sending: 0,
        shared: 0,
        expiresAt: now + ttl,
        blockedUntil: 0,
        ttl,
        limit,
        blockDuration,
      };
      this.windows.set(id, window);
    }
    window.pending += 1;
    const totalHits = window.shared + window.sending + window.pending;
    if (window.blockedUntil <= now && totalHits > limit) window.blockedUntil = now + blockDuration;
    const blocked = window.blockedUntil > now;
    return {
      totalHits,
      timeToExpire: Math.ceil(Math.max(0, window.expiresAt - now) / 1000),
      isBlocked: blocked,
      timeToBlockExpire: blocked ? Math.ceil((window.blockedUntil - now) / 1000) : 0,
    };
  }

  /** Adds every window's new hits to Redis and learns the shared counts; drops windows that are over. */
  sync(): Promise<void> {
    this.syncing ??= this.flush().finally(() => (this.syncing = null));
    return this.syncing;
  }

  private async flush(): Promise<void> {
    const now = this.now();
    const due: Array<[string, Window]> = [];
    for (const [id, window] of this.windows) {
      if (window.pending > 0) due.push([id, window]);
      else if (now >= window.expiresAt && now >= window.blockedUntil) this.windows.delete(id);
    }
    if (due.length === 0) return;
    const redis = this.redis as unknown as RedisWithAddHits;
    await Promise.all(
      due.map(async ([id, window]) => {
        const hits = window.pending;
        window.pending = 0;
        window.sending = hits;
        try {
          const [total, left] = await redis.parleyAddHits(id, hits, window.ttl);
          window.shared = total;
          window.expiresAt = this.now() + left;
          // Another replica's hits can put the client over the limit here too.
          if (window.blockedUntil <= this.now() && window.shared + window.pending > window.limit)
            window.blockedUntil = this.now() + window.blockDuration;
        } catch {
          window.shared += hits; // Redis away: keep limiting with what this replica saw
        } finally {
          window.sending = 0;
        }
      }),
    );
  }

  /** Stops the sync timer after a last sync (tests; the process ending drops unsent hits, which is harmless). */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.sync();
  }
}

import type { Redis } from 'ioredis';
import type { LeaderboardCategory } from '@parley/contracts';
import { CATEGORY_ORDER, ttlSeconds, type Bucket } from './leaderboard-buckets';
import type { Scores } from './leaderboard-scores.repository';

/**
 * The leaderboards in Redis: one sorted set per category and bucket, member = user id, score = the
 * category's value, under `<namespace>:leaderboard:<category>:<bucket>` (the namespace is the service's
 * schema, so test runs and deployments sharing a Redis stay apart). Every write sets the absolute value
 * computed from PostgreSQL, never an increment, so writing twice is harmless and a rebuild converges.
 * A set of every board key written lets erasure reach old weekly and monthly boards too.
 */
export class LeaderboardStore {
  constructor(
    private readonly redis: Redis,
    private readonly namespace: string,
  ) {}

  key(category: LeaderboardCategory, bucket: Pick<Bucket, 'key'>): string {
    return `${this.namespace}:leaderboard:${category}:${bucket.key}`;
  }

  private get indexKey(): string {
    return `${this.namespace}:leaderboard-keys`;
  }

  /**
   * Written when a rebuild finished: a Redis that restarted empty (or was flushed) has lost it. Not under
   * `leaderboard*`, which holds only the boards and their index.
   */
  private get builtKey(): string {
    return `${this.namespace}:boards-built`;
  }

  async isBuilt(): Promise<boolean> {
    return (await this.redis.exists(this.builtKey)) === 1;
  }

  async markBuilt(at: Date): Promise<void> {
    await this.redis.set(this.builtKey, at.toISOString());
  }

  /** Puts one user's scores on the boards of the given buckets; a score of 0 takes them off. */
  async write(userId: string, entries: Array<{ bucket: Bucket; scores: Scores }>): Promise<void> {
    if (entries.length === 0) return;
    const pipeline = this.redis.multi();
    for (const { bucket, scores } of entries) {
      for (const category of CATEGORY_ORDER) {
        const key = this.key(category, bucket);
        if (scores[category] > 0) {
          pipeline.zadd(key, scores[category], userId);
          pipeline.sadd(this.indexKey, key);
          const ttl = ttlSeconds(bucket);
          if (ttl) pipeline.expire(key, ttl);
        } else {
          pipeline.zrem(key, userId);
        }
      }
    }
    await pipeline.exec();
  }

  /** Fills the boards of one bucket with everyone's scores (a rebuild). */
  async fill(bucket: Bucket, rows: Array<{ userId: string } & Scores>): Promise<void> {
    for (let i = 0; i < rows.length; i += 1000) {
      const chunk = rows.slice(i, i + 1000);
      const pipeline = this.redis.multi();
      for (const category of CATEGORY_ORDER) {
        const key = this.key(category, bucket);
        const args = chunk.filter((r) => r[category] > 0).flatMap((r) => [r[category], r.userId]);
        if (args.length === 0) continue;
        pipeline.zadd(key, ...args);
        pipeline.sadd(this.indexKey, key);
        const ttl = ttlSeconds(bucket);
        if (ttl) pipeline.expire(key, ttl);
      }
      await pipeline.exec();
    }
  }

  /** Takes a user off every board this service has written, current or past. */
  async remove(userId: string): Promise<void> {
    const keys = await this.redis.smembers(this.indexKey);
    if (keys.length === 0) return;
    const pipeline = this.redis.pipeline();
    for (const key of keys) pipeline.zrem(key, userId);
    await pipeline.exec();
  }

  /** Deletes every board (before a rebuild); answers how many keys went. */
  async clear(): Promise<number> {
    const keys = [...(await this.boardKeys()), this.indexKey];
    let deleted = 0;
    for (let i = 0; i < keys.length; i += 500) deleted += await this.redis.del(...keys.slice(i, i + 500));
    return deleted;
  }

  /** The top `limit` of a board, highest first (ties: the higher user id first, as Redis orders them). */
  async top(
    category: LeaderboardCategory,
    bucket: Bucket,
    limit: number,
  ): Promise<Array<{ userId: string; value: number }>> {
    const flat = await this.redis.zrevrange(this.key(category, bucket), 0, limit - 1, 'WITHSCORES');
    const result: Array<{ userId: string; value: number }> = [];
    for (let i = 0; i < flat.length; i += 2) result.push({ userId: flat[i]!, value: Number(flat[i + 1]) });
    return result;
  }

  /** A user's 1-based rank and value on a board, or null when not on it. */
  async rankOf(
    category: LeaderboardCategory,
    bucket: Bucket,
    userId: string,
  ): Promise<{ rank: number; value: number } | null> {
    const key = this.key(category, bucket);
    const [rank, score] = await Promise.all([
      this.redis.zrevrank(key, userId),
      this.redis.zscore(key, userId),
    ]);
    return rank === null || score === null ? null : { rank: rank + 1, value: Number(score) };
  }

  private async boardKeys(): Promise<string[]> {
    const keys: string[] = [];
    let cursor = '0';
    do {
      const [next, batch] = await this.redis.scan(
        cursor,
        'MATCH',
        `${this.namespace}:leaderboard:*`,
        'COUNT',
        1000,
      );
      keys.push(...batch);
      cursor = next;
    } while (cursor !== '0');
    return keys;
  }
}

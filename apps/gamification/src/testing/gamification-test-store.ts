import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import type { DomainEvent } from '@parley/contracts';
import { createServiceDataSource } from '@parley/server-database';
import { createEvent } from '@parley/server-messaging';
import { createTestSchema, testEnv, type TestSchema } from '@parley/server-testing';
import { gamificationDatabase } from '../database/gamification.database';

/** A migrated gamification schema of its own and a Redis client, for one integration spec. */
export interface GamificationTestStore {
  schema: TestSchema;
  ds: DataSource;
  redis: Redis;
  /** Drops the schema and this schema's Redis keys. */
  close(): Promise<void>;
}

export async function openGamificationTestStore(label: string): Promise<GamificationTestStore> {
  const schema = await createTestSchema(label);
  const ds = await createServiceDataSource({
    url: testEnv.databaseUrl,
    schema: schema.name,
    poolSize: 4,
    ...gamificationDatabase,
  }).initialize();
  await ds.runMigrations();
  const redis = new Redis(testEnv.redisUrl);
  return {
    schema,
    ds,
    redis,
    async close() {
      const keys = await redis.keys(`${schema.name}:*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
      await ds.destroy();
      await schema.drop();
    },
  };
}

/** A practice session of a new scenario completed now (50 + 25 XP). */
export function sessionCompletedNow(userId: string): DomainEvent<'sessions.session-completed'> {
  return createEvent('sessions.session-completed', userId, {
    sessionId: randomUUID(),
    scenarioId: `scenario-${randomUUID().slice(0, 8)}`,
    category: 'sales',
    completedAt: new Date().toISOString(),
    messageCount: 6,
    scores: { clarity: 6, empathy: 6, persuasion: 6 },
    firstOfScenario: true,
  });
}

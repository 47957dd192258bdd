import 'reflect-metadata';
import { gamificationEnvSchema, loadEnvOrExit, migrationEnvSchema } from '@parley/server-config';
import { createRedis, createServiceDataSource } from '@parley/server-database';
import { gamificationDatabase } from './database/gamification.database';
import { leaderboardNamespace } from './modules/leaderboards/leaderboards';
import { LeaderboardStore } from './modules/leaderboards/leaderboard.store';
import {
  EXIT,
  LEADERBOARDS_USAGE,
  parseLeaderboardsCommand,
} from './modules/leaderboards/leaderboards.command';
import { RebuildLeaderboardsUseCase } from './modules/leaderboards/rebuild-leaderboards.use-case';

/**
 * Operator commands of the gamification service, run where migrate runs (same environment plus REDIS_URL):
 *   node dist/apps/gamification/src/cli.js leaderboards rebuild
 */
async function main(args: string[]): Promise<number> {
  const out = (line: string) => process.stdout.write(`${line}\n`);
  const err = (line: string) => process.stderr.write(`${line}\n`);
  const command = parseLeaderboardsCommand(args);
  if ('help' in command) {
    out(LEADERBOARDS_USAGE);
    return EXIT.ok;
  }
  if ('error' in command) {
    err(`${command.error}\n\n${LEADERBOARDS_USAGE}`);
    return EXIT.usage;
  }

  const env = loadEnvOrExit(
    'gamification cli',
    migrationEnvSchema('gamification').extend({ REDIS_URL: gamificationEnvSchema.shape.REDIS_URL }),
  );
  const dataSource = createServiceDataSource({
    url: env.DATABASE_URL,
    schema: env.DATABASE_SCHEMA,
    applicationName: 'gamification-cli',
    poolSize: 1,
    ...gamificationDatabase,
  });
  const redis = createRedis(env.REDIS_URL, 'gamification-cli');
  redis.on('error', () => undefined); // reported by the failing command below
  try {
    await dataSource.initialize();
    const store = new LeaderboardStore(redis, leaderboardNamespace(dataSource));
    const started = Date.now();
    const report = await new RebuildLeaderboardsUseCase(dataSource, store).execute();
    out(
      `leaderboards rebuilt: ${report.boards} boards for ${report.players} players ` +
        `(${report.deletedKeys} old keys removed) in ${Date.now() - started} ms`,
    );
    return EXIT.ok;
  } catch (error) {
    err(`leaderboards rebuild failed: ${(error as Error).message}`);
    return EXIT.unavailable;
  } finally {
    if (dataSource.isInitialized) await dataSource.destroy().catch(() => undefined);
    await redis.quit().catch(() => redis.disconnect());
  }
}

void main(process.argv.slice(2)).then((code) => process.exit(code));

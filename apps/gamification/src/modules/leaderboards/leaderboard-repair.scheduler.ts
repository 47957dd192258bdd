import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Leaderboards } from './leaderboards';
import { RebuildLeaderboardsUseCase } from './rebuild-leaderboards.use-case';

/** How often each replica looks for lost boards and queued repairs. */
export const LEADERBOARD_REPAIR_MS = 2000;

/**
 * Keeps the Redis boards equal to PostgreSQL without an operator: when Redis lost them (a restart without
 * persistence, a flush) they are rebuilt, by one replica at a time; a player whose board write Redis
 * refused gets their scores written again. Found by the chaos bench (bench/chaos.bench.ts): after a Redis
 * restart every learner without a later event stayed off the boards until someone ran
 * `leaderboards rebuild` by hand.
 */
@Injectable()
export class LeaderboardRepairScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Leaderboards');
  private readonly rebuild: RebuildLeaderboardsUseCase;
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;
  private failing = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly leaderboards: Leaderboards,
  ) {
    this.rebuild = new RebuildLeaderboardsUseCase(dataSource, leaderboards.store);
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.tick(), LEADERBOARD_REPAIR_MS);
    this.timer.unref();
    this.tick();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** One pass: rebuild lost boards, then pay queued repairs. For tests too. */
  async repair(): Promise<{ rebuilt: boolean; repaired: number }> {
    const report = await this.rebuild.execute(new Date(), { onlyIfLost: true });
    if (report) {
      this.logger.warn(
        `leaderboards were gone from Redis: rebuilt ${report.boards} boards for ${report.players} players`,
      );
    }
    const repaired = await this.leaderboards.repairQueued(this.dataSource);
    if (repaired > 0) this.logger.log(`leaderboards: ${repaired} players' scores written again`);
    return { rebuilt: report !== null, repaired };
  }

  private tick(): void {
    if (this.running) return;
    this.running = this.repair()
      .then(() => {
        if (this.failing) this.logger.log('leaderboard repair works again');
        this.failing = false;
      })
      .catch((error: unknown) => {
        // Redis or PostgreSQL away: the next tick tries again; say so once per outage.
        if (!this.failing)
          this.logger.warn(`leaderboard repair failed, retrying: ${(error as Error).message}`);
        this.failing = true;
      })
      .finally(() => (this.running = undefined));
  }
}

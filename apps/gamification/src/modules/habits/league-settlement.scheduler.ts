import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { SettleLeaguesUseCase } from './use-cases/settle-leagues.use-case';

/** How often each replica looks for a week to settle; settling is exactly once however many look. */
export const SETTLEMENT_CHECK_MS = 60_000;

/**
 * Settles the leagues once their week is due (Monday 12:00 UTC). Every replica checks every minute;
 * `SettleLeaguesUseCase` makes sure each league is settled by exactly one of them.
 */
@Injectable()
export class LeagueSettlementScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Leagues');
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;

  constructor(private readonly settle: SettleLeaguesUseCase) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.tick(), SETTLEMENT_CHECK_MS);
    this.timer.unref();
    this.tick();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  private tick(): void {
    if (this.running) return;
    this.running = this.settle
      .execute()
      .catch((error: unknown) => this.logger.warn(`league settlement failed: ${(error as Error).message}`))
      .finally(() => (this.running = undefined));
  }
}

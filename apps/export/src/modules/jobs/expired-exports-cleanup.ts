import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { ExportJobsRepository } from './export-jobs.repository';

export const EXPORT_CLEANUP_INTERVAL_MS = Symbol('EXPORT_CLEANUP_INTERVAL_MS');

/** Removes expired files and links now and then (every instance may; the deletes do not conflict). */
@Injectable()
export class ExpiredExportsCleanup implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ExportCleanup');
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly jobs: ExportJobsRepository,
    @Inject(EXPORT_CLEANUP_INTERVAL_MS) private readonly intervalMs: number,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.run(), this.intervalMs);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  async run(): Promise<void> {
    try {
      const removed = await this.jobs.removeExpired();
      if (removed.jobs || removed.links) {
        this.logger.log(`removed ${removed.jobs} expired export file(s) and ${removed.links} share link(s)`);
      }
    } catch (error) {
      this.logger.warn(`cleanup failed: ${(error as Error).message}`);
    }
  }
}

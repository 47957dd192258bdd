import { Inject, Injectable, Logger } from '@nestjs/common';
import { Redis } from 'ioredis';
import { exportJobChannel, type ExportJobEvent } from '@parley/contracts';
import { REDIS } from '@parley/server-database';

export const EXPORT_JOB_CHANNEL_PREFIX = Symbol('EXPORT_JOB_CHANNEL_PREFIX');

/**
 * Publishes every change of a job's row on its Redis channel, so the gateway's progress streams hear it at
 * once. Called after the row was written: a subscriber that reads the row later sees at least this state.
 * Fire and forget: a lost message costs a subscriber one safety poll, never the job.
 */
@Injectable()
export class ExportJobEvents {
  private readonly logger = new Logger('ExportJobEvents');

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(EXPORT_JOB_CHANNEL_PREFIX) readonly prefix: string,
  ) {}

  async publish(event: ExportJobEvent): Promise<void> {
    try {
      await this.redis.publish(exportJobChannel(this.prefix, event.id), JSON.stringify(event));
    } catch (error) {
      this.logger.warn(`progress of export ${event.id} not published: ${(error as Error).message}`);
    }
  }
}

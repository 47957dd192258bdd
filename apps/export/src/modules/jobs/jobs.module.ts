import { Module, type DynamicModule } from '@nestjs/common';
import type { ExportEnv } from '@parley/server-config';
import { ExpiredExportsCleanup, EXPORT_CLEANUP_INTERVAL_MS } from './expired-exports-cleanup';
import { EXPORT_JOB_CHANNEL_PREFIX, ExportJobEvents } from './export-job-events';
import { ExportJobsRepository } from './export-jobs.repository';
import { ExportJobsProcessor } from './jobs.processor';
import { EXPORT_TTLS, ExportJobsRpcController } from './jobs.rpc-controller';
import { RemoveExportsWhenUserDeletedListener } from './remove-exports-when-user-deleted.listener';
import { RevokeExportsWhenSessionDeletedListener } from './revoke-exports-when-session-deleted.listener';

/** Stored-session exports with progress, share links, expiry, session and account deletion. */
@Module({})
export class ExportJobsModule {
  static register(env: ExportEnv): DynamicModule {
    return {
      module: ExportJobsModule,
      controllers: [ExportJobsRpcController],
      providers: [
        ExportJobsRepository,
        // Per deployment, like the BullMQ prefix: the topic prefix keeps job channels apart.
        { provide: EXPORT_JOB_CHANNEL_PREFIX, useValue: env.KAFKA_TOPIC_PREFIX },
        ExportJobEvents,
        {
          provide: EXPORT_TTLS,
          useValue: { fileHours: env.EXPORT_FILE_TTL_HOURS, shareDays: env.EXPORT_SHARE_TTL_DAYS },
        },
        { provide: EXPORT_CLEANUP_INTERVAL_MS, useValue: env.EXPORT_CLEANUP_INTERVAL_SECONDS * 1000 },
        ExpiredExportsCleanup,
        RemoveExportsWhenUserDeletedListener,
        RevokeExportsWhenSessionDeletedListener,
        ...(env.RUN_WORKERS ? [ExportJobsProcessor] : []),
      ],
    };
  }
}

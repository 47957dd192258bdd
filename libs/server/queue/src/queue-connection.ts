import type { ConnectionOptions } from 'bullmq';

/** How a client or worker reaches Redis, and the BullMQ key prefix its queues live under. */
export interface QueueConnectionOptions {
  connection: ConnectionOptions;
  /** BullMQ `prefix` (default `bull`): every key is `<prefix>:<queue>:…`; tests use a fresh one per run. */
  prefix?: string;
}

export type QueueLog = (
  level: 'info' | 'warn' | 'error',
  message: string,
  extra?: Record<string, unknown>,
) => void;

export const silentLog: QueueLog = () => undefined;

/**
 * Connection options from a `redis://[user:pass@]host:port/db` URL. Each Queue, Worker and QueueEvents
 * opens its own connection from these (a Worker needs a blocking one), so nothing is shared by accident.
 */
export function queueConnection(redisUrl: string, prefix?: string): QueueConnectionOptions {
  return { connection: { url: redisUrl }, ...(prefix ? { prefix } : {}) };
}

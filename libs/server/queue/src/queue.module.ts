import {
  Global,
  Inject,
  Injectable,
  Logger,
  Module,
  Optional,
  type DynamicModule,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { Redis } from 'ioredis';
import { HealthRegistry, once, ShutdownCoordinator } from '@parley/server-observability';
import { QueueClient } from './queue-client';
import { queueConnection, type QueueConnectionOptions, type QueueLog } from './queue-connection';
import type { QueueDefinition } from './queue-definition';
import { QueueWorker, type JobHandlers, type QueueWorkerOptions } from './queue-worker';

export interface QueueModuleOptions {
  redisUrl: string;
  /** BullMQ key prefix (default BullMQ's `bull`). */
  prefix?: string;
  /** Register a `queue` readiness check (default true; needs ObservabilityModule's HealthRegistry). */
  readiness?: boolean;
}

export const QUEUE_CONNECTION = Symbol('QUEUE_CONNECTION');
const QUEUE_MODULE_OPTIONS = Symbol('QUEUE_MODULE_OPTIONS');

export type ProcessorOptions = Omit<QueueWorkerOptions, keyof QueueConnectionOptions | 'autorun' | 'log'>;

function nestLog(logger: Logger): QueueLog {
  return (level, message, extra) => {
    const line = extra ? `${message} ${JSON.stringify(extra)}` : message;
    if (level === 'info') logger.log(line);
    else logger[level](line);
  };
}

/**
 * Hands out queue clients and workers on the module's connection and owns their lifecycle: workers start
 * taking jobs once the application has bootstrapped, and on shutdown they finish their active jobs
 * before the clients close. A `<queue>.processor.ts` asks it for its worker in its constructor.
 */
@Injectable()
export class QueueFactory implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Queue');
  private readonly clients = new Map<string, QueueClient<QueueDefinition>>();
  private readonly workers: Array<QueueWorker<QueueDefinition>> = [];
  private readonly healthConnection?: Redis;
  private started = false;
  private closing = false;

  constructor(
    @Inject(QUEUE_CONNECTION) private readonly connection: QueueConnectionOptions,
    @Inject(QUEUE_MODULE_OPTIONS) options: QueueModuleOptions,
    @Optional() health?: HealthRegistry,
    @Optional() shutdown?: ShutdownCoordinator,
  ) {
    shutdown?.register({
      phase: 'work',
      name: 'queue workers',
      stop: this.closeWorkers,
      busy: () =>
        this.workers
          .filter((w) => w.active > 0)
          .map((w) => `${w.name}: ${w.active} active job(s)`)
          .join(', ') || undefined,
    });
    shutdown?.register({ phase: 'clients', name: 'queue clients', stop: this.closeClients });
    if (health && options.readiness !== false) {
      const redis = new Redis(options.redisUrl, {
        lazyConnect: true,
        maxRetriesPerRequest: 1,
        connectionName: 'queue-readiness',
      });
      redis.on('error', () => undefined); // surfaced through readiness, not as an unhandled event
      health.register('queue', async () => {
        const pong = await redis.ping();
        if (pong !== 'PONG') throw new Error(`unexpected PING reply ${pong}`);
      });
      this.healthConnection = redis;
    }
  }

  /** The producer for a queue; one per queue name, shared by everyone who asks. */
  client<D extends QueueDefinition>(definition: D): QueueClient<D> {
    const existing = this.clients.get(definition.name);
    if (existing) {
      if (existing.definition !== definition) throw new Error(`Queue "${definition.name}" is defined twice`);
      return existing as unknown as QueueClient<D>;
    }
    const client = new QueueClient(definition, { ...this.connection, log: nestLog(this.logger) });
    this.clients.set(definition.name, client as unknown as QueueClient<QueueDefinition>);
    return client;
  }

  /** A worker for a queue; it starts taking jobs when the application has bootstrapped. */
  worker<D extends QueueDefinition>(
    definition: D,
    handlers: JobHandlers<D>,
    options: ProcessorOptions = {},
  ): QueueWorker<D> {
    const worker = new QueueWorker(definition, handlers, {
      ...options,
      ...this.connection,
      autorun: false,
      log: nestLog(this.logger),
    });
    this.workers.push(worker as unknown as QueueWorker<QueueDefinition>);
    // The queue's depth is exported (parley_queue_jobs) by its client: a worker-only process has one too.
    this.client(definition);
    if (this.started && !this.closing) worker.run();
    return worker;
  }

  onApplicationBootstrap(): void {
    this.started = true;
    for (const worker of this.workers) worker.run();
    if (this.workers.length > 0)
      this.logger.log(`working queues ${this.workers.map((w) => w.name).join(', ')}`);
  }

  /**
   * Workers stop taking jobs and wait for their active ones to finish; never forced, so a job is not
   * abandoned while its process still has time. One still running at the hard exit loses its lock and
   * BullMQ's stalled check gives it to another worker (STALLED_JOB_SETTINGS).
   */
  private readonly closeWorkers = once(async () => {
    this.closing = true;
    await Promise.all(this.workers.map((w) => w.close()));
  });

  private readonly closeClients = once(async () => {
    await Promise.all([...this.clients.values()].map((c) => c.close()));
    this.clients.clear();
    const redis = this.healthConnection;
    if (redis?.status === 'ready') await redis.quit().catch(() => redis.disconnect());
    else redis?.disconnect();
  });

  /** Without a ShutdownCoordinator run (an app closed directly), the same steps in the same order. */
  async onApplicationShutdown(): Promise<void> {
    await this.closeWorkers();
    await this.closeClients();
  }
}

/** BullMQ for one app: `QueueFactory` gives typed clients and workers; readiness checks Redis. */
@Global()
@Module({})
export class QueueModule {
  static forRoot(options: QueueModuleOptions): DynamicModule {
    return {
      module: QueueModule,
      providers: [
        { provide: QUEUE_MODULE_OPTIONS, useValue: options },
        { provide: QUEUE_CONNECTION, useValue: queueConnection(options.redisUrl, options.prefix) },
        QueueFactory,
      ],
      exports: [QUEUE_CONNECTION, QueueFactory],
    };
  }
}

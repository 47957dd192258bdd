import {
  Global,
  Inject,
  Injectable,
  Logger,
  Module,
  Optional,
  SetMetadata,
  type DynamicModule,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { DiscoveryModule, DiscoveryService } from '@nestjs/core';
import { DataSource, type EntityManager } from 'typeorm';
import type { DomainEvent, EventType } from '@parley/contracts';
import type { ServiceEnv } from '@parley/server-config';
import { HealthRegistry, once, ShutdownCoordinator } from '@parley/server-observability';
import { EventConsumer, type EventHandler } from './event-consumer';
import { KafkaMessageBus } from './kafka-message-bus';
import { kafkaSecurityFromEnv, type KafkaSecurity } from './kafka-security';
import type { MessageBus } from './message-bus';
import { Outbox } from './outbox';
import { OutboxRelay } from './outbox-relay';

export const MESSAGE_BUS = Symbol('MESSAGE_BUS');
const LISTENS_TO = 'parley:listens-to';

/** Marks a provider whose `handle(event, manager)` applies one event type; see STYLE.md for naming. */
export const ListensTo = (type: EventType) => SetMetadata(LISTENS_TO, type);

export interface DomainEventListener<T extends EventType = EventType> {
  handle(event: DomainEvent<T>, manager: EntityManager): Promise<void>;
}

export interface MessagingOptions {
  service: string;
  schema: string;
  databaseUrl: string;
  brokers: string[];
  topicPrefix: string;
  createTopics: boolean;
  /** TLS and SASL towards the brokers (KAFKA_SSL*, KAFKA_SASL_*); none for a plain listener. */
  security?: KafkaSecurity;
}

const OPTIONS = Symbol('MESSAGING_OPTIONS');

@Injectable()
class MessagingLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Messaging');
  private consumer?: EventConsumer;

  constructor(
    @Inject(OPTIONS) private readonly options: MessagingOptions,
    @Inject(MESSAGE_BUS) private readonly bus: MessageBus,
    private readonly relay: OutboxRelay,
    private readonly dataSource: DataSource,
    private readonly discovery: DiscoveryService,
    @Optional() shutdown?: ShutdownCoordinator,
  ) {
    const group = `${options.topicPrefix}${options.service}`;
    shutdown?.register({
      phase: 'work',
      name: `kafka consumer ${group}`,
      stop: this.stopConsumer,
      busy: () => (this.consumer?.inFlight ? `handling ${this.consumer.inFlight} event(s)` : undefined),
    });
    shutdown?.register({ phase: 'outbox', name: `outbox relay ${options.schema}`, stop: this.stopRelay });
    shutdown?.register({ phase: 'clients', name: 'kafka', stop: this.closeBus });
  }

  /** Stops fetching, lets the event being handled finish, commits the offsets and leaves the group. */
  private readonly stopConsumer = once(async () => {
    const consumer = this.consumer;
    this.consumer = undefined; // also ends startConsumer's retries
    await consumer?.stop();
  });

  /** Finishes the batch being published, then publishes what the last requests and events committed. */
  private readonly stopRelay = once(async () => {
    await this.relay.stop();
    try {
      const published = await this.relay.flush();
      if (published > 0) this.logger.log(`published ${published} event(s) from the outbox before exit`);
    } catch (error) {
      // Nothing is lost: the rows stay in the outbox and the next instance's relay publishes them.
      this.logger.warn(`outbox left for the next instance: ${(error as Error).message}`);
    }
  });

  private readonly closeBus = once(() => this.bus.close());

  async onApplicationBootstrap(): Promise<void> {
    this.relay.start();
    const handlers: Partial<Record<EventType, EventHandler>> = {};
    for (const wrapper of this.discovery.getProviders()) {
      const instance = wrapper.instance as DomainEventListener | undefined;
      const type = wrapper.metatype
        ? (Reflect.getMetadata(LISTENS_TO, wrapper.metatype) as EventType | undefined)
        : undefined;
      if (!type || !instance) continue;
      if (handlers[type]) throw new Error(`Two listeners for ${type} in ${this.options.service}`);
      handlers[type] = (event, manager) => instance.handle(event, manager);
    }
    if (Object.keys(handlers).length === 0) return;
    this.consumer = new EventConsumer(this.dataSource, this.bus, {
      group: `${this.options.topicPrefix}${this.options.service}`,
      schema: this.options.schema,
      topicPrefix: this.options.topicPrefix,
      handlers,
      log: (level, message, extra) =>
        this.logger[level === 'info' ? 'log' : level](`${message} ${JSON.stringify(extra ?? {})}`),
    });
    // Joining the group retries in the background so a broker outage at boot does not stop the service.
    void this.startConsumer();
  }

  private async startConsumer(): Promise<void> {
    for (let attempt = 1; this.consumer; attempt++) {
      try {
        await this.consumer.start();
        this.logger.log(`consuming ${this.consumer.topics.join(', ')}`);
        return;
      } catch (error) {
        this.logger.warn(`consumer start failed (attempt ${attempt}): ${(error as Error).message}`);
        await new Promise((r) => setTimeout(r, Math.min(10_000, 500 * attempt)));
      }
    }
  }

  /** Without a ShutdownCoordinator run (an app closed directly), the same steps in the same order. */
  async onApplicationShutdown(): Promise<void> {
    await this.stopConsumer();
    await this.stopRelay();
    await this.closeBus();
  }
}

/** Kafka for one service: the bus, the transactional outbox and its relay, and the listeners' consumer. */
@Global()
@Module({})
export class MessagingModule {
  /** The usual wiring from a service's validated environment. */
  static forService(service: string, env: ServiceEnv): DynamicModule {
    return MessagingModule.forRoot({
      service,
      schema: env.DATABASE_SCHEMA,
      databaseUrl: env.DATABASE_URL,
      brokers: env.KAFKA_BROKERS,
      topicPrefix: env.KAFKA_TOPIC_PREFIX,
      createTopics: env.KAFKA_CREATE_TOPICS,
      security: kafkaSecurityFromEnv(env),
    });
  }

  static forRoot(options: MessagingOptions): DynamicModule {
    return {
      module: MessagingModule,
      imports: [DiscoveryModule],
      providers: [
        { provide: OPTIONS, useValue: options },
        {
          provide: MESSAGE_BUS,
          inject: [HealthRegistry],
          useFactory: (health: HealthRegistry) => {
            const logger = new Logger('Kafka');
            const bus = new KafkaMessageBus({
              clientId: options.service,
              brokers: options.brokers,
              createTopics: options.createTopics,
              ...options.security,
              log: (level, message) =>
                level === 'error'
                  ? logger.error(message)
                  : level === 'warn'
                    ? logger.warn(message)
                    : undefined,
            });
            health.register('kafka', () => bus.ping());
            return bus;
          },
        },
        { provide: Outbox, useFactory: () => new Outbox(options.schema, options.topicPrefix) },
        {
          provide: OutboxRelay,
          inject: [DataSource, MESSAGE_BUS],
          useFactory: (dataSource: DataSource, bus: MessageBus) => {
            const logger = new Logger('OutboxRelay');
            return new OutboxRelay(dataSource, bus, {
              schema: options.schema,
              databaseUrl: options.databaseUrl,
              log: (level, message, extra) =>
                logger[level === 'info' ? 'log' : level](`${message} ${JSON.stringify(extra ?? {})}`),
            });
          },
        },
        MessagingLifecycle,
      ],
      exports: [MESSAGE_BUS, Outbox, OutboxRelay],
    };
  }
}

import type { DataSource, EntityManager } from 'typeorm';
import { parseEvent, type DomainEvent, type EventType } from '@parley/contracts';
import { assertIdentifier } from '@parley/server-database';
import type { MessageBus, ReceivedMessage, Subscription } from './message-bus';
import { messagingMetrics } from './messaging.metrics';
import { deadLetterTopicFor, topicFor } from './topics';
import { isTransientError } from './transient-error';

export type EventHandler<T extends EventType = EventType> = (
  event: DomainEvent<T>,
  manager: EntityManager,
) => Promise<void>;

export interface EventConsumerOptions {
  /** Consumer group; also the inbox's `consumer` column. */
  group: string;
  schema: string;
  topicPrefix: string;
  handlers: Partial<{ [T in EventType]: EventHandler<T> }>;
  /**
   * Attempts before an event that keeps failing goes to the dead-letter topic. Failures that say nothing
   * about the event (the database restarting or unreachable: `isTransientError`) do not count: they are
   * retried until they pass, holding the partition, so an outage never sends good events to the DLT.
   */
  maxAttempts?: number;
  retryDelayMs?: number;
  /** The longest wait between retries of a transient failure. */
  maxRetryDelayMs?: number;
  log?: (level: 'error' | 'warn' | 'info', message: string, extra?: Record<string, unknown>) => void;
}

/**
 * Consumes events with exactly-once effect: each handler runs in a database transaction that also records
 * the event id in the inbox, so a redelivered event finds its id there and has no second effect. Events
 * that fail validation, and events whose handler keeps failing, go to the group's dead-letter topic with
 * the reason, and the partition moves on.
 */
export class EventConsumer {
  private subscription?: Subscription;
  private handling = 0;
  private stopping = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly bus: MessageBus,
    private readonly options: EventConsumerOptions,
  ) {
    assertIdentifier(options.schema);
  }

  get topics(): string[] {
    return Object.keys(this.options.handlers).map((type) => topicFor(this.options.topicPrefix, type));
  }

  async start(): Promise<void> {
    if (this.subscription) return;
    await this.bus.ensureTopics([deadLetterTopicFor(this.options.topicPrefix, this.options.group)]);
    this.subscription = await this.bus.subscribe({
      groupId: this.options.group,
      topics: this.topics,
      fromBeginning: true,
      onMessage: async (message) => {
        this.handling += 1;
        try {
          await this.handle(message);
        } finally {
          this.handling -= 1;
        }
      },
    });
  }

  /** Events being handled right now (at most one per partition being consumed). */
  get inFlight(): number {
    return this.handling;
  }

  async stop(): Promise<void> {
    // A handler waiting out an outage gives up; its offset is not committed, so the event comes again.
    this.stopping = true;
    await this.subscription?.stop();
    this.subscription = undefined;
    this.stopping = false;
  }

  /** Handles one delivered record. Public so tests can drive it without a broker round trip. */
  async handle(message: ReceivedMessage): Promise<void> {
    let event: DomainEvent;
    try {
      event = parseEvent(JSON.parse(message.value));
    } catch (error) {
      await this.deadLetter(message, 'invalid', error);
      return;
    }
    const handler = this.options.handlers[event.type] as EventHandler | undefined;
    if (!handler) {
      // A topic we subscribe to always has a handler; an event of another type on it is a producer bug.
      await this.deadLetter(message, 'unhandled-type', new Error(`No handler for ${event.type}`));
      return;
    }
    const maxAttempts = this.options.maxAttempts ?? 5;
    const delay = (n: number) =>
      Math.min(
        this.options.maxRetryDelayMs ?? 5000,
        (this.options.retryDelayMs ?? 200) * 2 ** Math.min(n - 1, 10),
      );
    let transient = 0;
    for (let attempt = 1; ;) {
      try {
        const applied = await this.applyOnce(event, handler);
        messagingMetrics.consumed.inc({
          group: this.options.group,
          type: event.type,
          outcome: applied ? 'applied' : 'duplicate',
        });
        return;
      } catch (error) {
        if (isTransientError(error)) {
          if (this.stopping) throw error;
          transient += 1;
          if (transient === 1 || transient % 20 === 0) {
            this.options.log?.('warn', 'event handler could not reach a server, retrying until it can', {
              group: this.options.group,
              eventId: event.id,
              type: event.type,
              retries: transient,
              err: (error as Error).message,
            });
          }
          await new Promise((r) => setTimeout(r, delay(transient)));
          await message.heartbeat?.().catch(() => undefined);
          continue;
        }
        if (attempt >= maxAttempts) {
          await this.deadLetter(message, 'handler-failed', error);
          return;
        }
        this.options.log?.('warn', 'event handler failed, retrying', {
          group: this.options.group,
          eventId: event.id,
          type: event.type,
          attempt,
          err: (error as Error).message,
        });
        await new Promise((r) => setTimeout(r, delay(attempt)));
        await message.heartbeat?.().catch(() => undefined);
        attempt += 1;
      }
    }
  }

  private async applyOnce(event: DomainEvent, handler: EventHandler): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const inserted: unknown[] = await manager.query(
        `INSERT INTO "${this.options.schema}".inbox (consumer, event_id, event_type) VALUES ($1, $2, $3)
         ON CONFLICT DO NOTHING RETURNING event_id`,
        [this.options.group, event.id, event.type],
      );
      if (inserted.length === 0) return false;
      await handler(event, manager);
      return true;
    });
  }

  private async deadLetter(message: ReceivedMessage, reason: string, error: unknown): Promise<void> {
    const topic = deadLetterTopicFor(this.options.topicPrefix, this.options.group);
    this.options.log?.('error', 'event sent to dead-letter topic', {
      group: this.options.group,
      reason,
      topic: message.topic,
      partition: message.partition,
      offset: message.offset,
      err: error instanceof Error ? error.message : String(error),
    });
    await this.bus.publish([
      {
        topic,
        key: message.key,
        value: message.value,
        headers: {
          ...message.headers,
          'dlq-reason': reason,
          'dlq-error': (error instanceof Error ? error.message : String(error)).slice(0, 1000),
          'dlq-original-topic': message.topic,
          'dlq-original-partition': String(message.partition),
          'dlq-original-offset': message.offset,
          'dlq-at': new Date().toISOString(),
        },
      },
    ]);
    messagingMetrics.deadLettered.inc({ group: this.options.group, reason });
  }
}

import {
  Kafka,
  logLevel,
  type Admin,
  type Consumer,
  type IHeaders,
  type LogEntry,
  type Producer,
  type SASLOptions,
} from 'kafkajs';
import type { ConnectionOptions } from 'node:tls';
import type { BusMessage, MessageBus, SubscribeOptions, Subscription } from './message-bus';

export interface KafkaBusOptions {
  clientId: string;
  brokers: string[];
  /** Partitions for topics this client creates. Per-user ordering holds with any count (key = user id). */
  partitions?: number;
  replicationFactor?: number;
  createTopics?: boolean;
  /** TLS to the brokers (CA, client certificate); `undefined` or `false` for a plain listener. */
  ssl?: ConnectionOptions | boolean;
  /** SASL on top (SCRAM-SHA-512/256 or PLAIN); see kafkaSecurityFromEnv. */
  sasl?: SASLOptions;
  log?: (level: 'error' | 'warn' | 'info' | 'debug', message: string, extra: Record<string, unknown>) => void;
}

const LEVELS: Record<number, 'error' | 'warn' | 'info' | 'debug'> = {
  [logLevel.ERROR]: 'error',
  [logLevel.WARN]: 'warn',
  [logLevel.INFO]: 'info',
  [logLevel.DEBUG]: 'debug',
};

export class KafkaMessageBus implements MessageBus {
  private readonly kafka: Kafka;
  private producer?: Producer;
  private producerConnecting?: Promise<Producer>;
  private admin?: Admin;
  private readonly consumers = new Set<Consumer>();
  private readonly knownTopics = new Set<string>();

  constructor(private readonly options: KafkaBusOptions) {
    const log = options.log;
    this.kafka = new Kafka({
      clientId: options.clientId,
      brokers: options.brokers,
      ...(options.ssl ? { ssl: options.ssl } : {}),
      ...(options.sasl ? { sasl: options.sasl } : {}),
      // A TLS handshake and a SASL exchange add round trips to every new connection.
      connectionTimeout: options.ssl || options.sasl ? 10_000 : 3000,
      authenticationTimeout: 10_000,
      requestTimeout: 10_000,
      retry: { retries: 3, initialRetryTime: 200, maxRetryTime: 2000 },
      logLevel: logLevel.WARN,
      logCreator: () => (entry: LogEntry) => {
        const { message, ...extra } = entry.log;
        log?.(LEVELS[entry.level] ?? 'info', `kafka: ${message}`, { namespace: entry.namespace, ...extra });
      },
    });
  }

  async publish(messages: BusMessage[]): Promise<void> {
    if (messages.length === 0) return;
    const producer = await this.connectedProducer();
    const byTopic = new Map<string, BusMessage[]>();
    for (const m of messages) byTopic.set(m.topic, [...(byTopic.get(m.topic) ?? []), m]);
    await this.ensureTopics([...byTopic.keys()]);
    try {
      await producer.sendBatch({
        acks: -1,
        topicMessages: [...byTopic].map(([topic, ms]) => ({
          topic,
          messages: ms.map((m) => ({ key: m.key, value: m.value, headers: m.headers })),
        })),
      });
    } catch (error) {
      // Start from a fresh connection next time; kafkajs producers do not always recover by themselves.
      this.producer = undefined;
      await producer.disconnect().catch(() => undefined);
      throw error;
    }
  }

  async ensureTopics(topics: string[]): Promise<void> {
    if (this.options.createTopics === false) return;
    const missing = topics.filter((t) => !this.knownTopics.has(t));
    if (missing.length === 0) return;
    const admin = await this.connectedAdmin();
    const existing = new Set(await admin.listTopics());
    const toCreate = missing.filter((t) => !existing.has(t));
    if (toCreate.length > 0) {
      await admin.createTopics({
        waitForLeaders: true,
        topics: toCreate.map((topic) => ({
          topic,
          numPartitions: this.options.partitions ?? 3,
          replicationFactor: this.options.replicationFactor ?? 1,
        })),
      });
    }
    for (const t of missing) this.knownTopics.add(t);
  }

  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    await this.ensureTopics(options.topics);
    // A member that crashed holds its partitions until its session times out: 10 s rather than kafkajs's
    // 30 s (bench:chaos measured consumption stopped ~31 s after a SIGKILL). Handlers are short, and one
    // that waits out an outage heartbeats (EventConsumer), so a live member is not evicted. After a broker
    // restart the consumer comes back within 3 s of it rather than after a backoff grown to 10 s.
    const consumer = this.kafka.consumer({
      groupId: options.groupId,
      sessionTimeout: 10_000,
      heartbeatInterval: 2000,
      rebalanceTimeout: 30_000,
      allowAutoTopicCreation: false,
      retry: { retries: 10, initialRetryTime: 300, maxRetryTime: 3000 },
    });
    this.consumers.add(consumer);
    await consumer.connect();
    await consumer.subscribe({ topics: options.topics, fromBeginning: options.fromBeginning ?? true });
    /** The next offset to read per partition, of messages handled since the last commit. */
    const handled = new Map<string, { topic: string; partition: number; offset: string }>();
    let inFlight = 0;
    let idle: (() => void) | undefined;
    const handleOne = async (
      topic: string,
      partition: number,
      message: { offset: string; key: Buffer | null; value: Buffer | null; headers?: IHeaders },
      heartbeat: () => Promise<void>,
    ) => {
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(message.headers ?? {})) {
        if (v !== undefined) headers[k] = Array.isArray(v) ? v.map(String).join(',') : v.toString();
      }
      await options.onMessage({
        topic,
        partition,
        offset: message.offset,
        key: message.key?.toString() ?? '',
        value: message.value?.toString() ?? '',
        headers,
        heartbeat,
      });
    };
    await consumer.run({
      autoCommit: true,
      partitionsConsumedConcurrently: 1,
      eachMessage: async ({ topic, partition, message, heartbeat }) => {
        inFlight += 1;
        try {
          await handleOne(topic, partition, message, heartbeat);
          handled.set(`${topic}:${partition}`, {
            topic,
            partition,
            offset: (BigInt(message.offset) + 1n).toString(),
          });
        } finally {
          inFlight -= 1;
          if (inFlight === 0) idle?.();
        }
      },
    });
    return {
      // Stop fetching, let the message being handled finish, commit what was handled, leave the group.
      stop: async () => {
        this.consumers.delete(consumer);
        consumer.pause(options.topics.map((topic) => ({ topic })));
        if (inFlight > 0) await new Promise<void>((resolve) => (idle = resolve));
        if (handled.size > 0) {
          await consumer.commitOffsets([...handled.values()]).catch((error: unknown) =>
            this.options.log?.(
              'warn',
              'kafka: committing offsets at stop failed (the inbox absorbs the redelivery)',
              {
                err: (error as Error).message,
              },
            ),
          );
        }
        await consumer.disconnect();
      },
    };
  }

  async ping(): Promise<void> {
    const admin = await this.connectedAdmin();
    await admin.describeCluster();
  }

  async close(): Promise<void> {
    await Promise.allSettled([...this.consumers].map((c) => c.disconnect()));
    this.consumers.clear();
    await this.producer?.disconnect().catch(() => undefined);
    await this.admin?.disconnect().catch(() => undefined);
    this.producer = undefined;
    this.admin = undefined;
  }

  private async connectedProducer(): Promise<Producer> {
    if (this.producer) return this.producer;
    this.producerConnecting ??= (async () => {
      const producer = this.kafka.producer({
        idempotent: true,
        maxInFlightRequests: 1,
        allowAutoTopicCreation: false,
        retry: { retries: 2, initialRetryTime: 200, maxRetryTime: 1000 },
      });
      try {
        await producer.connect();
      } catch (error) {
        await producer.disconnect().catch(() => undefined);
        throw error;
      }
      this.producer = producer;
      return producer;
    })().finally(() => {
      this.producerConnecting = undefined;
    });
    return this.producerConnecting;
  }

  private async connectedAdmin(): Promise<Admin> {
    if (this.admin) return this.admin;
    const admin = this.kafka.admin({ retry: { retries: 1, initialRetryTime: 200 } });
    await admin.connect();
    this.admin = admin;
    return admin;
  }
}

/**
 * The port every service talks to the broker through. kafkajs sits behind `KafkaMessageBus`; another
 * client (for example @platformatic/kafka) can replace it without touching a service.
 */
export interface BusMessage {
  topic: string;
  key: string;
  value: string;
  headers?: Record<string, string>;
}

export interface ReceivedMessage extends BusMessage {
  partition: number;
  offset: string;
  /** Tells the broker the consumer is alive while one message takes long (a handler waiting out an outage). */
  heartbeat?: () => Promise<void>;
}

export interface SubscribeOptions {
  groupId: string;
  topics: string[];
  /** Where a group with no committed offset starts: the beginning, so nothing published before it joined is missed. */
  fromBeginning?: boolean;
  /** Resolves once the message has been handled; only then is its offset committed. */
  onMessage(message: ReceivedMessage): Promise<void>;
}

export interface Subscription {
  stop(): Promise<void>;
}

export interface MessageBus {
  publish(messages: BusMessage[]): Promise<void>;
  ensureTopics(topics: string[]): Promise<void>;
  subscribe(options: SubscribeOptions): Promise<Subscription>;
  /** Throws when the cluster cannot be reached; used by readiness checks. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

import type { DataSource } from 'typeorm';
import { createServiceDataSource } from '@parley/server-database';
import {
  createTestSchema,
  freePorts,
  TcpProxy,
  testEnv,
  uniqueTopicPrefix,
  waitFor,
  type TestSchema,
} from '@parley/server-testing';
import type { DomainEvent } from '@parley/contracts';
import { createEvent } from './create-event';
import { EventConsumer } from './event-consumer';
import { KafkaMessageBus } from './kafka-message-bus';
import type { ReceivedMessage } from './message-bus';
import { Outbox } from './outbox';
import { outboxInboxDdl } from './outbox-inbox.ddl';
import { OutboxRelay } from './outbox-relay';
import { deadLetterTopicFor, topicFor } from './topics';

const USER = '5b0c1c4e-8a39-4f5e-9d52-3f1a2b3c4d5e';

describe('event backbone against the real Kafka broker and PostgreSQL', () => {
  let schema: TestSchema;
  let ds: DataSource;
  let bus: KafkaMessageBus;
  let prefix: string;
  const cleanups: Array<() => Promise<unknown>> = [];

  beforeAll(async () => {
    schema = await createTestSchema('messaging');
    ds = createServiceDataSource({ url: testEnv.databaseUrl, schema: schema.name });
    await ds.initialize();
    for (const sql of outboxInboxDdl(schema.name)) await ds.query(sql);
    await ds.query(
      `CREATE TABLE "${schema.name}".effects (event_id uuid NOT NULL, handled_by text NOT NULL)`,
    );
    bus = new KafkaMessageBus({ clientId: 'messaging-test', brokers: testEnv.kafkaBrokers, partitions: 1 });
  });

  beforeEach(() => {
    // Each test has its own topics, so no test reads another's events.
    prefix = uniqueTopicPrefix('messaging');
  });

  afterEach(async () => {
    while (cleanups.length)
      await cleanups
        .pop()?.()
        .catch(() => undefined);
  });

  afterAll(async () => {
    await bus?.close();
    await ds?.destroy();
    await schema?.drop();
  });

  /** A consumer whose handler records each event it applies, tagged with the consumer's name. */
  function recordingConsumer(name: string, group: string): EventConsumer {
    const consumer = new EventConsumer(ds, bus, {
      group,
      schema: schema.name,
      topicPrefix: prefix,
      retryDelayMs: 10,
      handlers: {
        'identity.user-deleted': async (event, manager) => {
          await manager.query(`INSERT INTO "${schema.name}".effects (event_id, handled_by) VALUES ($1, $2)`, [
            event.id,
            name,
          ]);
        },
      },
    });
    cleanups.push(() => consumer.stop());
    return consumer;
  }

  async function effects(): Promise<Array<{ event_id: string; handled_by: string }>> {
    return ds.query(
      `SELECT event_id, handled_by FROM "${schema.name}".effects ORDER BY handled_by, event_id`,
    );
  }

  function userDeleted(): DomainEvent<'identity.user-deleted'> {
    return createEvent('identity.user-deleted', USER, { deletedAt: new Date().toISOString() });
  }

  async function writeThroughOutbox(...events: DomainEvent[]): Promise<void> {
    const outbox = new Outbox(schema.name, prefix);
    await ds.transaction((manager) => outbox.add(manager, ...events));
  }

  async function publishDirectly(event: DomainEvent): Promise<void> {
    await bus.publish([
      { topic: topicFor(prefix, event.type), key: event.userId, value: JSON.stringify(event) },
    ]);
  }

  it('delivers an event written while Kafka is unreachable once it is back', async () => {
    const { brokerPort, advertisedPort } = testEnv.kafkaProxiedListener;
    const proxy = new TcpProxy(advertisedPort, { host: '127.0.0.1', port: brokerPort });
    const cutOffBus = new KafkaMessageBus({
      clientId: 'relay-test',
      brokers: [`127.0.0.1:${advertisedPort}`],
      partitions: 1,
    });
    const relay = new OutboxRelay(ds, cutOffBus, {
      schema: schema.name,
      databaseUrl: testEnv.databaseUrl,
      pollIntervalMs: 100,
      maxBackoffMs: 300,
    });
    cleanups.push(
      () => cutOffBus.close(),
      () => proxy.down(),
      () => relay.stop(),
    );

    const event = userDeleted();
    await writeThroughOutbox(event);
    relay.start();

    // The broker is unreachable: the relay keeps trying and the event stays in the outbox.
    await waitFor(async () => {
      const rows: Array<{ attempts: number }> = await ds.query(
        `SELECT attempts FROM "${schema.name}".outbox WHERE id = $1`,
        [event.id],
      );
      return (rows[0]?.attempts ?? 0) >= 2;
    }, 30_000);
    expect(await relay.pending()).toBe(1);

    await proxy.up();
    await waitFor(async () => (await relay.pending()) === 0, 60_000);

    const consumer = recordingConsumer('after-outage', `${prefix}outage`);
    await consumer.start();
    await waitFor(async () => (await effects()).some((e) => e.event_id === event.id), 60_000);
  });

  it('gives an event delivered twice exactly one effect', async () => {
    const event = userDeleted();
    const consumer = recordingConsumer('dedup', `${prefix}dedup`);
    await consumer.start();
    await publishDirectly(event);
    await publishDirectly(event);
    const marker = userDeleted();
    await publishDirectly(marker); // processed after both copies on the same partition
    await waitFor(async () => (await effects()).some((e) => e.event_id === marker.id), 60_000);

    const ofEvent = (await effects()).filter((e) => e.event_id === event.id);
    expect(ofEvent).toHaveLength(1);
    const inbox: unknown[] = await ds.query(`SELECT 1 FROM "${schema.name}".inbox WHERE event_id = $1`, [
      event.id,
    ]);
    expect(inbox).toHaveLength(1);
  });

  it('resumes a restarted consumer from its committed offset with nothing lost', async () => {
    const group = `${prefix}restart`;
    const before = [userDeleted(), userDeleted(), userDeleted()];
    const after = [userDeleted(), userDeleted(), userDeleted()];

    const first = recordingConsumer('first', group);
    await first.start();
    for (const e of before) await publishDirectly(e);
    await waitFor(async () => (await effects()).filter((e) => e.handled_by === 'first').length === 3, 60_000);
    await first.stop();

    for (const e of after) await publishDirectly(e);

    const second = recordingConsumer('second', group);
    await second.start();
    await waitFor(
      async () => (await effects()).filter((e) => e.handled_by === 'second').length === 3,
      60_000,
    );
    await new Promise((r) => setTimeout(r, 1500)); // anything re-read from the start would show up here

    const rows = await effects();
    expect(
      rows
        .filter((e) => e.handled_by === 'first')
        .map((e) => e.event_id)
        .sort(),
    ).toEqual(before.map((e) => e.id).sort());
    // The second consumer saw only what was published while the group was down: no re-reads from offset 0.
    expect(
      rows
        .filter((e) => e.handled_by === 'second')
        .map((e) => e.event_id)
        .sort(),
    ).toEqual(after.map((e) => e.id).sort());
  });

  it('sends events that fail validation to the dead-letter topic with the reason', async () => {
    const group = `${prefix}dlq`;
    const consumer = recordingConsumer('dlq', group);
    await consumer.start();

    const dead = await watchDeadLetters(group);

    const topic = topicFor(prefix, 'identity.user-deleted');
    const badPayload = { ...userDeleted(), payload: { deletedAt: 'yesterday' } };
    await bus.publish([
      { topic, key: USER, value: '{not json' },
      { topic, key: USER, value: JSON.stringify(badPayload) },
    ]);
    const good = userDeleted();
    await publishDirectly(good);

    await waitFor(() => dead.length >= 2, 60_000);
    expect(dead.map((m) => m.headers?.['dlq-reason'])).toEqual(['invalid', 'invalid']);
    expect(dead[1]?.headers?.['dlq-original-topic']).toBe(topic);
    // The partition moved on: the valid event after the bad ones was applied.
    await waitFor(async () => (await effects()).some((e) => e.event_id === good.id), 60_000);
    expect((await effects()).some((e) => e.event_id === badPayload.id)).toBe(false);
  });

  it('moves an event whose handler keeps failing to the dead-letter topic after bounded retries', async () => {
    const group = `${prefix}failing`;
    let calls = 0;
    const consumer = new EventConsumer(ds, bus, {
      group,
      schema: schema.name,
      topicPrefix: prefix,
      maxAttempts: 3,
      retryDelayMs: 5,
      handlers: {
        'identity.user-deleted': async (event, manager) => {
          calls += 1;
          await manager.query(
            `INSERT INTO "${schema.name}".effects (event_id, handled_by) VALUES ($1, 'failing')`,
            [event.id],
          );
          throw new Error('boom');
        },
      },
    });
    cleanups.push(() => consumer.stop());
    const dead = await watchDeadLetters(group);
    await consumer.start();

    const event = userDeleted();
    await publishDirectly(event);
    await waitFor(() => dead.length >= 1, 60_000);
    expect(calls).toBe(3);
    expect(dead[0]?.headers?.['dlq-reason']).toBe('handler-failed');
    expect(dead[0]?.headers?.['dlq-error']).toBe('boom');
    // Each failed attempt rolled back with its inbox row and its partial effect.
    const inbox: unknown[] = await ds.query(`SELECT 1 FROM "${schema.name}".inbox WHERE event_id = $1`, [
      event.id,
    ]);
    expect(inbox).toHaveLength(0);
    expect((await effects()).some((e) => e.event_id === event.id)).toBe(false);
  });

  // Found by the chaos bench (bench/chaos.bench.ts): a PostgreSQL restart outlasted the bounded retries and
  // sent good events to the dead-letter topic, where their XP was lost.
  it('holds an event while the database is unreachable, however long, and applies it once it is back', async () => {
    const pgPort = Number(new URL(testEnv.databaseUrl).port || 5432);
    const [proxyPort] = await freePorts(1);
    const proxy = new TcpProxy(proxyPort!, { host: '127.0.0.1', port: pgPort });
    await proxy.up();
    const url = new URL(testEnv.databaseUrl);
    url.port = String(proxyPort);
    const cutOff = createServiceDataSource({ url: url.toString(), schema: schema.name });
    await cutOff.initialize();
    const group = `${prefix}outage`;
    let calls = 0;
    const consumer = new EventConsumer(cutOff, bus, {
      group,
      schema: schema.name,
      topicPrefix: prefix,
      maxAttempts: 3,
      retryDelayMs: 5,
      maxRetryDelayMs: 100,
      handlers: {
        'identity.user-deleted': async (event, manager) => {
          calls += 1;
          await manager.query(
            `INSERT INTO "${schema.name}".effects (event_id, handled_by) VALUES ($1, 'outage')`,
            [event.id],
          );
        },
      },
    });
    cleanups.push(
      () => cutOff.destroy(),
      () => proxy.down(),
      () => consumer.stop(),
    );
    const dead = await watchDeadLetters(group);
    await consumer.start();

    await proxy.down();
    const event = userDeleted();
    await publishDirectly(event);
    // Far more than 3 attempts' worth of time with the database away.
    await new Promise((r) => setTimeout(r, 3000));
    expect((await effects()).some((e) => e.event_id === event.id)).toBe(false);
    await proxy.up();

    await waitFor(async () => (await effects()).some((e) => e.event_id === event.id), 60_000);
    expect(calls).toBe(1);
    expect(dead).toHaveLength(0);
  });

  async function watchDeadLetters(group: string): Promise<ReceivedMessage[]> {
    const dead: ReceivedMessage[] = [];
    const watcher = await bus.subscribe({
      groupId: `${group}-dlq-watcher`,
      topics: [deadLetterTopicFor(prefix, group)],
      onMessage: async (m) => {
        dead.push(m);
      },
    });
    cleanups.push(() => watcher.stop());
    return dead;
  }
});

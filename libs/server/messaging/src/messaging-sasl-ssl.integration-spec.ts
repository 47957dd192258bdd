import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { loadEnv, sessionsEnvSchema } from '@parley/server-config';
import { createServiceDataSource } from '@parley/server-database';
import {
  createTestSchema,
  testEnv,
  uniqueTopicPrefix,
  waitFor,
  type TestSchema,
} from '@parley/server-testing';
import type { DomainEvent } from '@parley/contracts';
import { createEvent } from './create-event';
import { EventConsumer } from './event-consumer';
import { KafkaMessageBus } from './kafka-message-bus';
import { kafkaSecurityFromEnv } from './kafka-security';
import { Outbox } from './outbox';
import { outboxInboxDdl } from './outbox-inbox.ddl';
import { OutboxRelay } from './outbox-relay';
import { topicFor } from './topics';

/*
 * The event path over a SASL_SSL listener, as Strimzi's TLS listener with SCRAM users (or a managed Kafka
 * with PLAIN over TLS) serves it: the second local broker of infra/local/kafka-secure.sh, started here when
 * it is not running. The client is configured the way a service is, from environment variables validated by
 * the service's own schema.
 */
const repoRoot = join(__dirname, '..', '..', '..', '..');
const secure = {
  brokers: process.env.TEST_KAFKA_SECURE_BROKERS ?? '127.0.0.1:9194',
  tlsDir: process.env.TEST_KAFKA_SECURE_TLS_DIR ?? join(repoRoot, '.data', 'kafka-secure', 'tls'),
  username: process.env.TEST_KAFKA_SECURE_USERNAME ?? 'parley',
  password: process.env.TEST_KAFKA_SECURE_PASSWORD ?? 'parley-dev-secret',
};
const USER = '0f7c4d2e-1a2b-4c3d-8e9f-a0b1c2d3e4f5';

/** kafkajs options for the secure broker, through sessions' env schema and kafkaSecurityFromEnv. */
function busOptions(vars: Record<string, string>) {
  const env = loadEnv('sessions', sessionsEnvSchema, {
    DATABASE_URL: testEnv.databaseUrl,
    REDIS_URL: testEnv.redisUrl,
    KAFKA_BROKERS: secure.brokers,
    ...vars,
  });
  return { brokers: env.KAFKA_BROKERS, ...kafkaSecurityFromEnv(env) };
}

const scram = () => ({
  KAFKA_SSL: 'true',
  KAFKA_SSL_CA: join(secure.tlsDir, 'ca.crt'), // a path: read at boot
  KAFKA_SSL_CERT: readFileSync(join(secure.tlsDir, 'client.crt'), 'utf8'), // inline PEM, as a secretKeyRef gives it
  KAFKA_SSL_KEY: readFileSync(join(secure.tlsDir, 'client.key'), 'utf8'),
  KAFKA_SASL_MECHANISM: 'scram-sha-512',
  KAFKA_SASL_USERNAME: secure.username,
  KAFKA_SASL_PASSWORD: secure.password,
});

describe('event backbone over SASL_SSL (TLS + SCRAM-SHA-512 / PLAIN)', () => {
  let schema: TestSchema;
  let ds: DataSource;
  let prefix: string;
  const cleanups: Array<() => Promise<unknown>> = [];

  beforeAll(async () => {
    if (!process.env.TEST_KAFKA_SECURE_BROKERS) {
      // Idempotent and serialized: reuses a running secure broker, else starts it (about 10 s).
      execFileSync('bash', [join(repoRoot, 'infra/local/kafka-secure.sh'), 'start'], {
        stdio: ['ignore', 'pipe', 'pipe'],
        timeout: 170_000,
      });
    }
    schema = await createTestSchema('messaging_sasl');
    ds = createServiceDataSource({ url: testEnv.databaseUrl, schema: schema.name });
    await ds.initialize();
    for (const sql of outboxInboxDdl(schema.name)) await ds.query(sql);
    await ds.query(`CREATE TABLE "${schema.name}".effects (event_id uuid NOT NULL)`);
  }, 180_000);

  beforeEach(() => {
    prefix = uniqueTopicPrefix('sasl');
  });

  afterEach(async () => {
    while (cleanups.length)
      await cleanups
        .pop()?.()
        .catch(() => undefined);
  });

  afterAll(async () => {
    await ds?.destroy();
    await schema?.drop();
  });

  function bus(vars: Record<string, string>, clientId = 'sasl-test'): KafkaMessageBus {
    const b = new KafkaMessageBus({ clientId, partitions: 1, ...busOptions(vars) });
    cleanups.push(() => b.close());
    return b;
  }

  const userDeleted = (): DomainEvent<'identity.user-deleted'> =>
    createEvent('identity.user-deleted', USER, { deletedAt: new Date().toISOString() });

  it('carries an event from the outbox through the topic to a consumer, authenticated with SCRAM-SHA-512 over mutual TLS', async () => {
    const producerBus = bus(scram(), 'sasl-producer');
    const consumerBus = bus(scram(), 'sasl-consumer');
    const relay = new OutboxRelay(ds, producerBus, {
      schema: schema.name,
      databaseUrl: testEnv.databaseUrl,
      pollIntervalMs: 100,
    });
    cleanups.push(() => relay.stop());
    const consumer = new EventConsumer(ds, consumerBus, {
      group: `${prefix}scram`,
      schema: schema.name,
      topicPrefix: prefix,
      retryDelayMs: 10,
      handlers: {
        'identity.user-deleted': async (event, manager) => {
          await manager.query(`INSERT INTO "${schema.name}".effects (event_id) VALUES ($1)`, [event.id]);
        },
      },
    });
    cleanups.push(() => consumer.stop());

    const event = userDeleted();
    await ds.transaction((manager) => new Outbox(schema.name, prefix).add(manager, event));
    relay.start();
    await waitFor(async () => (await relay.pending()) === 0, 60_000);
    await consumer.start();
    await waitFor(async () => {
      const rows: unknown[] = await ds.query(`SELECT 1 FROM "${schema.name}".effects WHERE event_id = $1`, [
        event.id,
      ]);
      return rows.length === 1;
    }, 60_000);
    const inbox: unknown[] = await ds.query(`SELECT 1 FROM "${schema.name}".inbox WHERE event_id = $1`, [
      event.id,
    ]);
    expect(inbox).toHaveLength(1);
  });

  it('publishes and consumes with PLAIN over TLS (server authentication only, no client certificate)', async () => {
    const plain = bus({
      KAFKA_SSL: 'true',
      KAFKA_SSL_CA: readFileSync(join(secure.tlsDir, 'ca.crt'), 'utf8'),
      KAFKA_SASL_MECHANISM: 'plain',
      KAFKA_SASL_USERNAME: secure.username,
      KAFKA_SASL_PASSWORD: secure.password,
    });
    const topic = topicFor(prefix, 'identity.user-deleted');
    const received: string[] = [];
    const subscription = await plain.subscribe({
      groupId: `${prefix}plain`,
      topics: [topic],
      onMessage: async (m) => {
        received.push(m.value);
      },
    });
    cleanups.push(() => subscription.stop());
    await plain.publish([{ topic, key: USER, value: 'over PLAIN' }]);
    await waitFor(() => received.includes('over PLAIN'), 60_000);
  });

  it('is refused with a wrong password, without TLS, and against a CA that did not sign the broker', async () => {
    const wrongPassword = bus({ ...scram(), KAFKA_SASL_PASSWORD: 'not-the-password' });
    await expect(wrongPassword.ping()).rejects.toThrow(
      /SASL SCRAM SHA512 authentication failed|Authentication failed/i,
    );

    // SASL without TLS: the listener expects a TLS handshake, so the client never gets an answer it can read.
    const {
      KAFKA_SSL: _ssl,
      KAFKA_SSL_CA: _ca,
      KAFKA_SSL_CERT: _cert,
      KAFKA_SSL_KEY: _key,
      ...saslOnly
    } = scram();
    await expect(bus(saslOnly).ping()).rejects.toThrow();

    // A CA of our own that never signed the broker's certificate: the TLS handshake fails on our side.
    const otherCa = execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:P-256',
        '-nodes',
        '-keyout',
        '/dev/null',
      ].concat(['-subj', '/CN=Some other CA', '-days', '1']),
      { stdio: ['ignore', 'pipe', 'ignore'] },
    ).toString();
    await expect(bus({ ...scram(), KAFKA_SSL_CA: otherCa }).ping()).rejects.toThrow(
      /self[- ]signed|unable to (verify|get)|certificate/i,
    );
  }, 90_000);
});

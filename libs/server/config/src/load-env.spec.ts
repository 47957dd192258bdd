import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadEnv } from './load-env';
import { identityEnvSchema, requiredVariables, sessionsEnvSchema } from './env.schemas';

const good = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/parley',
  REDIS_URL: 'redis://127.0.0.1:6379',
  KAFKA_BROKERS: '127.0.0.1:9092',
};

describe('loadEnv', () => {
  it('fills defaults and parses lists and ports', () => {
    const env = loadEnv('sessions', sessionsEnvSchema, { ...good, RPC_PORT: '4102' });
    expect(env.RPC_PORT).toBe(4102);
    expect(env.HTTP_PORT).toBe(3002);
    expect(env.KAFKA_BROKERS).toEqual(['127.0.0.1:9092']);
  });

  it('names a missing variable', () => {
    const { DATABASE_URL: _omit, ...rest } = good;
    expect(() => loadEnv('sessions', sessionsEnvSchema, rest)).toThrow(/DATABASE_URL is missing/);
  });

  it('names every malformed variable at once', () => {
    try {
      loadEnv('sessions', sessionsEnvSchema, { ...good, REDIS_URL: 'http://nope', RPC_PORT: 'abc' });
      throw new Error('expected a ConfigError');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as ConfigError).message;
      expect(message).toMatch(/REDIS_URL is malformed/);
      expect(message).toMatch(/RPC_PORT is malformed/);
    }
  });

  it('knows which variables have no default', () => {
    expect(requiredVariables(identityEnvSchema).sort()).toEqual(
      ['DATABASE_URL', 'JWT_PRIVATE_KEY', 'KAFKA_BROKERS', 'PUBLIC_URL', 'REDIS_URL', 'SMTP_URL'].sort(),
    );
  });
});

describe('Kafka TLS and SASL', () => {
  const ca = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
  const key = '-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----\n';

  it('is off unless asked for', () => {
    const env = loadEnv('sessions', sessionsEnvSchema, good);
    expect(env.KAFKA_SSL).toBe(false);
    expect(env.KAFKA_SASL_MECHANISM).toBeUndefined();
  });

  it('takes PEM inline or from a file, and SCRAM credentials (Strimzi: the cluster CA and a KafkaUser)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kafka-ca-'));
    writeFileSync(join(dir, 'ca.crt'), ca);
    const fromFile = loadEnv('sessions', sessionsEnvSchema, {
      ...good,
      KAFKA_SSL: 'true',
      KAFKA_SSL_CA: join(dir, 'ca.crt'),
      KAFKA_SASL_MECHANISM: 'scram-sha-512',
      KAFKA_SASL_USERNAME: 'sessions',
      KAFKA_SASL_PASSWORD: 's3cret',
    });
    expect([fromFile.KAFKA_SSL, fromFile.KAFKA_SSL_CA, fromFile.KAFKA_SASL_MECHANISM]).toEqual([
      true,
      ca,
      'scram-sha-512',
    ]);
    const inline = loadEnv('sessions', sessionsEnvSchema, {
      ...good,
      KAFKA_SSL: 'true',
      KAFKA_SSL_CA: ca,
      KAFKA_SSL_CERT: ca,
      KAFKA_SSL_KEY: key,
    });
    expect(inline.KAFKA_SSL_KEY).toBe(key);
  });

  it('names every half-configured setting at boot', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadEnv('identity', identityEnvSchema, {
          ...good,
          JWT_PRIVATE_KEY: key,
          PUBLIC_URL: 'http://localhost:3000',
          SMTP_URL: 'smtp://127.0.0.1:1025',
          ...env,
        });
        return [];
      } catch (error) {
        return (error as ConfigError).problems;
      }
    };
    expect(problems({ KAFKA_SASL_MECHANISM: 'scram-sha-512' })).toEqual([
      expect.stringMatching(/^KAFKA_SASL_USERNAME is missing: required with KAFKA_SASL_MECHANISM/),
      expect.stringMatching(/^KAFKA_SASL_PASSWORD is missing/),
    ]);
    expect(problems({ KAFKA_SASL_MECHANISM: 'gssapi' })).toEqual([
      expect.stringMatching(/^KAFKA_SASL_MECHANISM is malformed: expected scram-sha-512/),
    ]);
    expect(
      problems({ KAFKA_SASL_MECHANISM: 'plain', KAFKA_SASL_USERNAME: 'u', KAFKA_SASL_PASSWORD: 'p' }),
    ).toEqual([
      expect.stringMatching(/^KAFKA_SSL is missing: required to be true with KAFKA_SASL_MECHANISM=plain/),
    ]);
    expect(problems({ KAFKA_SSL: 'true', KAFKA_SSL_CERT: ca })).toEqual([
      expect.stringMatching(/^KAFKA_SSL_KEY is missing: required with KAFKA_SSL_CERT/),
    ]);
    expect(problems({ KAFKA_SASL_PASSWORD: 'p' })).toEqual([
      expect.stringMatching(/^KAFKA_SASL_MECHANISM is missing: required when KAFKA_SASL_PASSWORD is set/),
    ]);
    expect(problems({ KAFKA_SSL: 'true', KAFKA_SSL_CA: '/nonexistent/ca.crt' })).toEqual([
      expect.stringMatching(/^KAFKA_SSL_CA is malformed: .*cannot read \/nonexistent\/ca.crt: ENOENT/),
    ]);
    expect(problems({ KAFKA_SSL_CA: ca })).toEqual([
      expect.stringMatching(/^KAFKA_SSL is missing: required to be true when KAFKA_SSL_CA is set/),
    ]);
  });
});

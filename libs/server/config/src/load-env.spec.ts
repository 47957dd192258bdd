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

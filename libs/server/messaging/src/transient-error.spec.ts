import { isTransientError } from './transient-error';

describe('isTransientError', () => {
  it.each([
    [
      'a restart of the database',
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
    ],
    [
      'a database still recovering',
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
    ],
    [
      'a refused connection',
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    ],
    ['a connection exception (class 08)', Object.assign(new Error('connection failure'), { code: '08006' })],
    ['a dropped connection (pg)', new Error('Connection terminated unexpectedly')],
    ['a deadlock', Object.assign(new Error('deadlock detected'), { code: '40P01' })],
    [
      'a TypeORM QueryFailedError around a driver error',
      Object.assign(new Error('query failed'), {
        driverError: Object.assign(new Error('x'), { code: '57P01' }),
      }),
    ],
    [
      'an error caused by one',
      new Error('handler failed', { cause: Object.assign(new Error('reset'), { code: 'ECONNRESET' }) }),
    ],
  ])('%s is transient', (_, error) => {
    expect(isTransientError(error)).toBe(true);
  });

  it.each([
    ['a constraint violation', Object.assign(new Error('duplicate key value'), { code: '23505' })],
    ['a bad value', Object.assign(new Error('invalid input syntax for type uuid'), { code: '22P02' })],
    ['a handler bug', new TypeError("Cannot read properties of undefined (reading 'scores')")],
    ['no error at all', undefined],
    ['a string', 'Connection terminated'],
  ])('%s is not', (_, error) => {
    expect(isTransientError(error)).toBe(false);
  });
});

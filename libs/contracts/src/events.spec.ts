import { parseEvent } from './events';

const valid = {
  id: '0192f8a4-3a8b-7c2d-9e4f-0a1b2c3d4e5f',
  type: 'identity.user-deleted',
  version: 1,
  occurredAt: '2026-11-22T10:00:00.000Z',
  userId: '5b0c1c4e-8a39-4f5e-9d52-3f1a2b3c4d5e',
  payload: { deletedAt: '2026-11-22T10:00:00.000Z' },
};

describe('parseEvent', () => {
  it('accepts a well-formed envelope whose payload matches its type', () => {
    expect(parseEvent(valid).type).toBe('identity.user-deleted');
  });

  it('refuses an unknown event type', () => {
    expect(() => parseEvent({ ...valid, type: 'identity.no-such-thing' })).toThrow(/Unknown event type/);
  });

  it('refuses a payload that does not match the schema of its type', () => {
    expect(() => parseEvent({ ...valid, payload: { deletedAt: 42 } })).toThrow();
  });

  it('refuses an id that is not a v7 uuid', () => {
    expect(() => parseEvent({ ...valid, id: '5b0c1c4e-8a39-4f5e-9d52-3f1a2b3c4d5e' })).toThrow();
  });
});

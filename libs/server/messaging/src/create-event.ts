import { v7 as uuidv7 } from 'uuid';
import {
  EVENT_VERSION,
  eventPayloadSchemas,
  type DomainEvent,
  type EventPayload,
  type EventType,
} from '@parley/contracts';

/** Builds a validated event envelope; an invalid payload throws here, at the producer, not downstream. */
export function createEvent<T extends EventType>(
  type: T,
  userId: string,
  payload: EventPayload<T>,
  occurredAt: Date = new Date(),
): DomainEvent<T> {
  const parsed = eventPayloadSchemas[type].parse(payload);
  return {
    id: uuidv7(),
    type,
    version: EVENT_VERSION,
    occurredAt: occurredAt.toISOString(),
    userId,
    payload: parsed,
  } as DomainEvent<T>;
}

import { z } from 'zod';

/**
 * Every domain event travels in this envelope. `type` is `<producer>.<event>`, which is also the Kafka
 * topic name (after an optional deployment prefix); the record key is `userId` so one user's events
 * stay in order.
 */
export const eventEnvelopeSchema = z.object({
  id: z.uuid({ version: 'v7' }),
  type: z.string().regex(/^[a-z]+\.[a-z-]+$/),
  version: z.number().int().positive(),
  occurredAt: z.iso.datetime({ offset: true }),
  userId: z.uuid(),
  payload: z.unknown(),
});
export type EventEnvelope<P = unknown> = Omit<z.infer<typeof eventEnvelopeSchema>, 'payload'> & {
  payload: P;
};

const timestamp = z.iso.datetime({ offset: true });

export const eventPayloadSchemas = {
  'identity.user-registered': z.object({ email: z.email(), fullName: z.string().max(200).nullable() }),
  'identity.user-confirmed': z.object({ email: z.email() }),
  'identity.user-signed-in': z.object({ at: timestamp, timezone: z.string().max(64).nullable() }),
  'identity.profile-updated': z.object({
    fullName: z.string().max(200).nullable(),
    timezone: z.string().max(64).nullable(),
    plan: z.enum(['free', 'premium']),
    /**
     * The display name the learner chose in Settings (null: none), the only name boards show (issue 30).
     * Absent from announcements of an older publisher, where `fullName` is the name settings wrote.
     */
    displayName: z.string().max(200).nullable().optional(),
    /** Settings' show_leaderboard: false takes the learner off every board and league others see. */
    showLeaderboard: z.boolean().optional(),
  }),
  'identity.user-deleted': z.object({ deletedAt: timestamp }),
  'sessions.session-started': z.object({ sessionId: z.uuid(), scenarioId: z.string().max(100) }),
  'sessions.session-completed': z.object({
    sessionId: z.uuid(),
    scenarioId: z.string().max(100),
    category: z.string().max(100),
    completedAt: timestamp,
    messageCount: z.number().int().nonnegative(),
    scores: z.object({
      clarity: z.number().min(0).max(10),
      empathy: z.number().min(0).max(10),
      persuasion: z.number().min(0).max(10),
    }),
    firstOfScenario: z.boolean(),
    /**
     * What the feedback rests on, for practice aimed at the weakest skill: the learner's lines it cited
     * (each once, verbatim) and the scenario's objectives checked. Optional: older events lack it.
     */
    evidence: z
      .object({
        lines: z.array(z.string().max(8000)).max(100),
        objectives: z.array(z.object({ objective: z.string().max(300), met: z.boolean() })).max(10),
      })
      .optional(),
  }),
  /** A learner deleted one of their sessions: its share links and export files go too (issue 30). */
  'sessions.session-deleted': z.object({ sessionId: z.uuid(), deletedAt: timestamp }),
  'gamification.xp-awarded': z.object({
    amount: z.number().int(),
    reason: z.string().max(100),
    totalXp: z.number().int(),
  }),
  'gamification.badge-earned': z.object({ badgeId: z.string().max(100), earnedAt: timestamp }),
  'gamification.level-reached': z.object({ level: z.number().int().positive(), name: z.string().max(50) }),
} as const;

export type EventType = keyof typeof eventPayloadSchemas;
export type EventPayload<T extends EventType> = z.infer<(typeof eventPayloadSchemas)[T]>;
export const EVENT_TYPES = Object.keys(eventPayloadSchemas) as EventType[];

/** Events currently at version 1; bump here and keep the old schema readable when a payload changes. */
export const EVENT_VERSION = 1;

export function isEventType(type: string): type is EventType {
  return Object.prototype.hasOwnProperty.call(eventPayloadSchemas, type);
}

export type DomainEvent<T extends EventType = EventType> = {
  [K in T]: Omit<EventEnvelope<EventPayload<K>>, 'type'> & { type: K };
}[T];

/** Validates an envelope and its payload against the schema registered for its type. */
export function parseEvent(raw: unknown): DomainEvent {
  const envelope = eventEnvelopeSchema.parse(raw);
  if (!isEventType(envelope.type)) {
    throw new Error(`Unknown event type "${envelope.type}"`);
  }
  const payload = eventPayloadSchemas[envelope.type].parse(envelope.payload);
  return { ...envelope, payload } as DomainEvent;
}

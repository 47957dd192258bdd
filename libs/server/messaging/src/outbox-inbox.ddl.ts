import { assertIdentifier } from '@parley/server-database';

/**
 * Tables of the transactional outbox and the idempotent inbox, the same in every service schema.
 * Each service's first migration runs `outboxInboxDdl(schema)`; drop with `dropOutboxInboxDdl`.
 */
export function outboxInboxDdl(schema: string): string[] {
  assertIdentifier(schema);
  return [
    `CREATE TABLE "${schema}".outbox (
      id uuid PRIMARY KEY,
      seq bigserial NOT NULL UNIQUE,
      topic text NOT NULL,
      key text NOT NULL,
      type text NOT NULL,
      event jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      published_at timestamptz,
      attempts integer NOT NULL DEFAULT 0,
      last_error text
    )`,
    `CREATE INDEX outbox_unpublished_idx ON "${schema}".outbox (seq) WHERE published_at IS NULL`,
    `CREATE INDEX outbox_published_at_idx ON "${schema}".outbox (published_at) WHERE published_at IS NOT NULL`,
    `CREATE TABLE "${schema}".inbox (
      consumer text NOT NULL,
      event_id uuid NOT NULL,
      event_type text NOT NULL,
      received_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (consumer, event_id)
    )`,
  ];
}

export function dropOutboxInboxDdl(schema: string): string[] {
  assertIdentifier(schema);
  return [`DROP TABLE IF EXISTS "${schema}".inbox`, `DROP TABLE IF EXISTS "${schema}".outbox`];
}

/** The NOTIFY channel a commit with new outbox rows signals on, so the relay wakes at once. */
export function outboxChannel(schema: string): string {
  return `outbox_${schema}`;
}

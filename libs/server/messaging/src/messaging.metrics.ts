import { Counter } from 'prom-client';

function counter(name: string, help: string, labelNames: string[]): Counter {
  return new Counter({ name, help, labelNames });
}

/** Registered once per process in the default registry that /metrics exposes. */
export const messagingMetrics = {
  published: counter('parley_events_published_total', 'Events published from the outbox', ['schema']),
  publishFailures: counter('parley_outbox_publish_failures_total', 'Failed outbox publish attempts', [
    'schema',
  ]),
  consumed: counter('parley_events_consumed_total', 'Events handled by a consumer', [
    'group',
    'type',
    'outcome',
  ]),
  deadLettered: counter('parley_events_dead_lettered_total', 'Events sent to a dead-letter topic', [
    'group',
    'reason',
  ]),
};

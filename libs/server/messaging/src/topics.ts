import type { EventType } from '@parley/contracts';

/** One topic per event type, optionally prefixed per deployment or test run. */
export function topicFor(prefix: string, type: EventType | string): string {
  return `${prefix}${type}`;
}

/** Where a consumer group parks events it cannot or could not process. */
export function deadLetterTopicFor(prefix: string, group: string): string {
  return `${prefix}${group}.dead-letter`;
}

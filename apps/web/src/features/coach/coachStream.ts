import type { CoachChatBody } from '@parley/contracts';
import { errorMessage } from '../../lib/http';
import type { AuthorizedFetch } from '../chat/authorizedFetch';
import { readServerSentEvents } from '../chat/sse';

export const COACH_URL = '/api/chat/coach';
export const COACH_DROPPED = 'The connection was lost before the coach finished. Ask again.';

/**
 * POST /api/chat/coach and read its `data:` lines as they come: content pieces, the suggested retry
 * (`retry_from`), then `done`. Resolves with the whole answer; rejects with the server's message.
 */
export async function streamCoachAnswer(options: {
  fetch: AuthorizedFetch;
  body: CoachChatBody;
  signal: AbortSignal;
  onContent(piece: string): void;
  onRetry(index: number): void;
}): Promise<string> {
  const response = await options.fetch(COACH_URL, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
    body: JSON.stringify(options.body),
    signal: options.signal,
  });
  if (!response.ok) throw new Error(await errorMessage(response));
  if (!response.body) throw new Error(COACH_DROPPED);
  let answer = '';
  let finished = false;
  await readServerSentEvents(response.body, (data) => {
    let event: { content?: unknown; retry_from?: unknown; error?: unknown; done?: unknown };
    try {
      event = JSON.parse(data) as typeof event;
    } catch {
      return;
    }
    if (typeof event.error === 'string') throw new Error(event.error || COACH_DROPPED);
    if (typeof event.content === 'string') {
      answer += event.content;
      options.onContent(event.content);
    }
    if (typeof event.retry_from === 'number') options.onRetry(event.retry_from);
    if (event.done === true) finished = true;
  });
  if (!finished) throw new Error(COACH_DROPPED);
  return answer;
}

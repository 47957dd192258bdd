import type { ChatCompletionBody } from '@parley/contracts';
import { httpError } from '../../lib/http';
import type { AuthorizedFetch } from './authorizedFetch';
import { CHAT_TEXTS } from './chatTexts';
import { readServerSentEvents } from './sse';

export const CHAT_COMPLETION_URL = '/api/chat/chat-completion';

/** Not in the spec's catalogue: what the learner sees when the network fails. */
export const STREAM_TEXTS = {
  unreachable: 'The message could not be sent: the server did not answer. Check your connection and retry.',
  dropped: 'The connection was lost before the reply finished.',
  empty: 'The AI partner sent an empty reply.',
} as const;

/** A reply that could not be streamed. `reachedServer`: the gateway accepted the request (and saved the learner's turn). */
export class ChatStreamError extends Error {
  constructor(
    message: string,
    readonly reachedServer: boolean,
  ) {
    super(message);
    this.name = 'ChatStreamError';
  }
}

export const isAbortError = (error: unknown): boolean =>
  error instanceof DOMException
    ? error.name === 'AbortError'
    : (error as Error | null)?.name === 'AbortError';

/** The error an aborted stream rejects with, whatever the reader happened to throw. */
const abortReason = (signal: AbortSignal, error: unknown): unknown =>
  isAbortError(signal.reason)
    ? signal.reason
    : isAbortError(error)
      ? error
      : new DOMException('Aborted', 'AbortError');

export interface StreamChatOptions {
  fetch: AuthorizedFetch;
  body: ChatCompletionBody;
  signal: AbortSignal;
  /** Each piece of the reply, as soon as it arrives. */
  onContent(piece: string): void;
  /** The gateway accepted the request: with a session id it has saved the learner's turn. */
  onAccepted?(): void;
  /** A word for the learner about the reply, not part of it (the offline partner took the turn). */
  onNotice?(notice: string): void;
}

/**
 * POST /api/chat/chat-completion and read its `data: {"content": "..."}` lines as they come (spec
 * section 7) until `data: {"done": true}`; a `data: {"notice": "..."}` goes to `onNotice`. Resolves with the whole reply; rejects with a ChatStreamError (the spec's 'HTTP error!
 * status: {status}' and 'No reader available', the server's `data: {"error": "..."}`, or a dropped
 * connection), or with an AbortError when `signal` stops it.
 */
export async function streamChatCompletion({
  fetch,
  body,
  signal,
  onContent,
  onAccepted,
  onNotice,
}: StreamChatOptions): Promise<string> {
  let response: Response;
  try {
    response = await fetch(CHAT_COMPLETION_URL, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
      body: JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal.aborted || isAbortError(error)) throw abortReason(signal, error);
    throw new ChatStreamError(
      error instanceof Error && error.message && !(error instanceof TypeError)
        ? error.message
        : STREAM_TEXTS.unreachable,
      false,
    );
  }
  if (!response.ok) throw new ChatStreamError(httpError(response.status), false);
  onAccepted?.();
  if (!response.body || typeof response.body.getReader !== 'function')
    throw new ChatStreamError(CHAT_TEXTS.noReader, true);

  let reply = '';
  let finished = false;
  try {
    await readServerSentEvents(response.body, (data) => {
      let event: unknown;
      try {
        event = JSON.parse(data);
      } catch {
        return; // not JSON (a keep-alive or a marker): nothing to show
      }
      if (!event || typeof event !== 'object') return;
      const { content, error, done, notice } = event as Partial<Record<string, unknown>>;
      if (typeof error === 'string') throw new ChatStreamError(error || STREAM_TEXTS.dropped, true);
      if (typeof notice === 'string' && notice.trim()) onNotice?.(notice.trim());
      if (done === true) finished = true;
      if (typeof content === 'string' && content.length > 0) {
        reply += content;
        onContent(content);
      }
    });
  } catch (error) {
    if (signal.aborted || isAbortError(error)) throw abortReason(signal, error);
    if (error instanceof ChatStreamError) throw error;
    throw new ChatStreamError(STREAM_TEXTS.dropped, true);
  }
  if (signal.aborted) throw abortReason(signal, null);
  // The gateway ends every whole reply with `{"done": true}`: without it the stream was cut off.
  if (!finished) throw new ChatStreamError(STREAM_TEXTS.dropped, true);
  return reply;
}

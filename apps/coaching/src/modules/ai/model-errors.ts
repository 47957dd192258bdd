import { AI_ERRORS, ERRORS } from '@parley/contracts';
import { RpcError } from '@parley/server-observability';

/**
 * What can go wrong between coaching and a model server, each as the message a learner may read. The
 * upstream wording (status, server's error text) stays in `detail`, for the logs only. They are RpcErrors,
 * so the RPC controller answers them as they are (never a stack trace, never "Internal server error").
 */
export class ModelCallError extends RpcError {
  constructor(
    status: number,
    message: string,
    readonly detail: string,
  ) {
    super(status, message);
    this.message = message;
  }
}

/** 429 after the bounded retries (or a Retry-After longer than we are willing to wait). */
export class ModelBusyError extends ModelCallError {
  override readonly name = 'ModelBusyError';
  constructor(detail: string) {
    super(429, AI_ERRORS.tooManyCalls, detail);
  }
}

/** 5xx, a connection refused or reset, or a timeout, after the bounded retries. */
export class ModelUnavailableError extends ModelCallError {
  override readonly name = 'ModelUnavailableError';
  constructor(detail: string) {
    super(503, ERRORS.serviceUnavailable, detail);
  }
}

export const CONTEXT_TOO_LONG = 'This conversation is too long for the AI model. Please start a new session.';

/** The prompt does not fit the model's context, even after trimming the oldest turns. */
export class ContextTooLongError extends ModelCallError {
  /** BullMQ does not retry a job that fails with an error of this name: the same prompt would fail again. */
  override readonly name = 'UnrecoverableError';
  constructor(
    detail: string,
    /** The context size the server named in its error, when it did ("maximum context length is 4096"). */
    readonly serverLimit?: number,
  ) {
    super(413, CONTEXT_TOO_LONG, detail);
  }
}

export const REPLY_INTERRUPTED = 'The reply was cut off before it finished. Please try again.';

/**
 * A streamed reply that did not finish: the stream ended without `[DONE]` and without a finish reason,
 * stopped at the token limit (`finish_reason: length`), or stalled. Thrown after the pieces that did
 * arrive, so the gateway ends the stream with an error event and the web client keeps the part as
 * "Reply interrupted".
 */
export class ReplyInterruptedError extends ModelCallError {
  override readonly name = 'ReplyInterruptedError';
  constructor(
    readonly reason: 'no-done' | 'length' | 'stalled' | 'stream-error' | 'empty' | 'reasoning',
    detail: string,
  ) {
    super(502, REPLY_INTERRUPTED, detail);
  }
}

export const MODEL_FAILED = 'The AI model could not answer. Please try again later.';

/** Any other refusal from the model server (401 bad key, 404 unknown model...): retrying will not help. */
export class ModelRequestError extends ModelCallError {
  override readonly name = 'UnrecoverableError';
  constructor(
    readonly upstreamStatus: number,
    detail: string,
  ) {
    super(502, MODEL_FAILED, detail);
  }
}

/** A 400/422 on a request that carried `response_format`: the server or model does not do that format. */
export class FormatRefusedError extends Error {
  override readonly name = 'FormatRefusedError';
}

/**
 * The model's structured answer could not be read as the contract asks, even after the one repair
 * attempt. For feedback the learner then sees the spec's 'Failed to get post-session feedback', never a
 * made-up score.
 */
export class StructuredOutputError extends ModelCallError {
  override readonly name = 'UnrecoverableError';
  constructor(what: 'feedback' | 'coaching', detail: string) {
    super(
      502,
      what === 'feedback' ? AI_ERRORS.feedbackFailed : 'The coaching tip could not be generated.',
      detail,
    );
  }
}

/** Wording servers use when a prompt is longer than the model's context, across OpenAI, vLLM, llama.cpp, Ollama. */
const CONTEXT_WORDING =
  /context[_ ]length[_ ]exceeded|maximum context length|exceeds? the (?:available )?context (?:size|length)|input length exceeds the context length|exceed_context_size|context window|too many tokens|prompt is too long|reduce the length of the messages|context length of only|when context the overflows/i;

export function isContextLengthError(text: string): boolean {
  return CONTEXT_WORDING.test(text);
}

/** The context size a server names in its error, e.g. "maximum context length is 4096 tokens", "n_ctx": 4096. */
export function contextLimitIn(text: string): number | undefined {
  const match =
    /maximum context length is (\d+)/i.exec(text) ??
    /"n_ctx"\s*:\s*(\d+)/.exec(text) ??
    /available context size \((\d+) tokens\)/i.exec(text) ??
    /context length of only (\d+)/i.exec(text) ??
    /context (?:length|size|window)(?: of| is)? (\d{3,7})\b/i.exec(text);
  const n = match ? Number(match[1]) : NaN;
  return Number.isFinite(n) && n > 0 ? n : undefined;
}

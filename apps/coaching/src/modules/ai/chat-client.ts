import type { ChatMessage } from './context-window';
import {
  ContextTooLongError,
  contextLimitIn,
  FormatRefusedError,
  isContextLengthError,
  ModelBusyError,
  ModelRequestError,
  ModelUnavailableError,
  ReplyInterruptedError,
} from './model-errors';
import { isRetryableStatus, nextDelay, retryAfterMs, sleep, type RetryPolicy } from './retry-policy';

/**
 * The wire to an OpenAI-compatible server (OpenAI, Azure OpenAI's v1 API, Ollama, vLLM, llama.cpp server,
 * LM Studio), spoken with fetch rather than the openai SDK so that what real servers do differently is
 * ours to handle: whether a stream ended with `[DONE]`, a stream that stalls, an error inside a stream,
 * `Retry-After`, each server's own error shape and context-length wording.
 */

export type ResponseFormat =
  | { type: 'json_schema'; json_schema: { name: string; strict: boolean; schema: object } }
  | { type: 'json_object' };

export interface ChatRequest {
  messages: ChatMessage[];
  temperature: number;
  maxTokens: number;
  responseFormat?: ResponseFormat;
}

export interface Usage {
  promptTokens: number;
  completionTokens: number;
}

export interface Completion {
  content: string;
  finishReason: string | null;
  usage?: Usage;
}

export interface ChatClientOptions {
  baseURL: string;
  apiKey?: string;
  model: string;
  /** A whole answer, or a stream's response head, must arrive within this. */
  timeoutMs: number;
  /** A stream that sends nothing (content, reasoning or keep-alive) for this long is taken as stalled. */
  idleMs: number;
  retry: RetryPolicy;
  /** Told about each retry and each failure, with the server's own wording (for the logs). */
  onEvent?: (message: string) => void;
  /** Waits between tries: a timer by default; tests pass one that records each wait. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

interface ErrorBody {
  error?: { message?: string; code?: unknown; type?: string } | string;
  message?: string;
  detail?: string;
}

/** The server's error message, from any of the shapes in use ({error:{message}}, {error:"..."}, {message}). */
function errorText(status: number, raw: string): string {
  let message = raw.slice(0, 500);
  try {
    const body = JSON.parse(raw) as ErrorBody;
    const e = body.error;
    message = (typeof e === 'string' ? e : e?.message) ?? body.message ?? body.detail ?? message;
  } catch {
    // not JSON: keep the text
  }
  return `${status} ${message}`.trim();
}

const abortError = (signal: AbortSignal): boolean => signal.aborted;

export class ChatClient {
  /** The model's real context size, once a server has told us in a context-length error. */
  learnedContextTokens?: number;
  /** The server wants `max_completion_tokens` (OpenAI's reasoning models refuse `max_tokens`). */
  private useMaxCompletionTokens = false;
  /** The server refused `stream_options` (usage in streams): sent without it from then on. */
  private streamUsage = true;

  constructor(private readonly options: ChatClientOptions) {}

  get model(): string {
    return this.options.model;
  }

  private url(path: string): string {
    return `${this.options.baseURL.replace(/\/+$/, '')}${path}`;
  }

  private headers(json: boolean): Record<string, string> {
    return {
      ...(json ? { 'content-type': 'application/json' } : {}),
      accept: json ? 'application/json, text/event-stream' : 'application/json',
      ...(this.options.apiKey
        ? { authorization: `Bearer ${this.options.apiKey}`, 'api-key': this.options.apiKey }
        : {}),
    };
  }

  private body(request: ChatRequest, stream: boolean): string {
    return JSON.stringify({
      model: this.options.model,
      messages: request.messages,
      ...(this.useMaxCompletionTokens
        ? { max_completion_tokens: request.maxTokens }
        : { max_tokens: request.maxTokens, temperature: request.temperature }),
      ...(request.responseFormat ? { response_format: request.responseFormat } : {}),
      ...(stream ? { stream: true } : {}),
      ...(stream && this.streamUsage ? { stream_options: { include_usage: true } } : {}),
    });
  }

  /**
   * POSTs with the retry policy: 429, 5xx and refused connections are tried again (honouring Retry-After,
   * within the bound); a context-length error, a refused response_format and other 4xx are not.
   * Resolves with a 2xx response whose body is still to be read, and `settled`, which ends the time limit:
   * a whole answer calls it once read, a stream once its head is in (from then on, the idle limit counts).
   */
  private async post(
    path: string,
    makeBody: () => string | FormData,
    json: boolean,
    signal: AbortSignal | undefined,
    hasFormat: boolean,
  ): Promise<{ response: Response; settled: () => void }> {
    let waited = 0;
    for (let attempt = 1; ; attempt += 1) {
      const limit = new AbortController();
      const timeout = limit.signal;
      const timer = setTimeout(
        () => limit.abort(new DOMException(`no answer within ${this.options.timeoutMs} ms`, 'TimeoutError')),
        this.options.timeoutMs,
      );
      const settled = () => clearTimeout(timer);
      const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
      let response: Response;
      try {
        response = await fetch(this.url(path), {
          method: 'POST',
          headers: this.headers(json),
          body: makeBody(),
          signal: combined,
        });
      } catch (error) {
        settled();
        if (signal?.aborted) throw error;
        const detail = timeout.aborted
          ? `no answer within ${this.options.timeoutMs} ms`
          : `${(error as Error).message}${(error as { cause?: Error }).cause ? `: ${(error as { cause: Error }).cause.message}` : ''}`;
        // A timed-out call already took the whole budget: not tried again.
        const delay = timeout.aborted ? undefined : nextDelay(this.options.retry, attempt, waited, undefined);
        if (delay === undefined) throw new ModelUnavailableError(detail);
        this.options.onEvent?.(`retrying in ${delay} ms after ${detail}`);
        waited += delay;
        await (this.options.sleep ?? sleep)(delay, signal);
        continue;
      }
      if (response.ok) return { response, settled };
      const raw = await response.text().catch(() => '');
      settled();
      const detail = errorText(response.status, raw);
      if (isContextLengthError(detail)) {
        const limit = contextLimitIn(raw);
        if (limit) this.learnedContextTokens = limit;
        throw new ContextTooLongError(detail, limit);
      }
      if (
        response.status === 400 &&
        !this.useMaxCompletionTokens &&
        /max_completion_tokens/.test(detail) &&
        /max_tokens/.test(detail)
      ) {
        this.useMaxCompletionTokens = true;
        this.options.onEvent?.(`switching to max_completion_tokens after ${detail}`);
        continue;
      }
      if (response.status === 400 && this.streamUsage && /stream_options/.test(detail)) {
        this.streamUsage = false;
        continue;
      }
      if (hasFormat && (response.status === 400 || response.status === 422 || response.status === 501))
        throw new FormatRefusedError(detail);
      if (!isRetryableStatus(response.status)) throw new ModelRequestError(response.status, detail);
      const asked = retryAfterMs(response.headers);
      const delay = nextDelay(this.options.retry, attempt, waited, asked);
      if (delay === undefined) {
        throw response.status === 429 ? new ModelBusyError(detail) : new ModelUnavailableError(detail);
      }
      this.options.onEvent?.(`retrying in ${delay} ms after ${detail}`);
      waited += delay;
      await (this.options.sleep ?? sleep)(delay, signal);
    }
  }

  /** One whole answer (no stream). */
  async complete(request: ChatRequest, signal?: AbortSignal): Promise<Completion> {
    const { response, settled } = await this.post(
      '/chat/completions',
      () => this.body(request, false),
      true,
      signal,
      request.responseFormat !== undefined,
    );
    let raw: string;
    try {
      raw = await response.text();
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new ModelUnavailableError(`the answer did not arrive whole: ${(error as Error).message}`);
    } finally {
      settled();
    }
    let body: {
      choices?: Array<{ message?: { content?: string | null }; finish_reason?: string | null }>;
      usage?: { prompt_tokens?: number; completion_tokens?: number };
    };
    try {
      body = JSON.parse(raw) as typeof body;
    } catch {
      throw new ModelUnavailableError(`${response.status} an answer that is not JSON: ${raw.slice(0, 200)}`);
    }
    const choice = body.choices?.[0];
    return {
      content: choice?.message?.content ?? '',
      finishReason: choice?.finish_reason ?? null,
      usage: body.usage
        ? { promptTokens: body.usage.prompt_tokens ?? 0, completionTokens: body.usage.completion_tokens ?? 0 }
        : undefined,
    };
  }

  /**
   * A streamed answer, one content piece at a time (reasoning fields are read only to know the stream is
   * alive). Ends normally after `[DONE]`, or after a finish reason other than `length` when a server
   * closes without `[DONE]`; otherwise throws ReplyInterruptedError after what did arrive. Stops quietly
   * when `signal` aborts, closing the connection so the server stops generating.
   */
  async *stream(
    request: ChatRequest,
    signal: AbortSignal,
    usage?: (u: Usage) => void,
  ): AsyncGenerator<string> {
    const local = new AbortController();
    const onAbort = () => local.abort(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      const { response, settled } = await this.post(
        '/chat/completions',
        () => this.body(request, true),
        true,
        AbortSignal.any([signal, local.signal]),
        request.responseFormat !== undefined,
      );
      settled();
      const type = response.headers.get('content-type') ?? '';
      if (!type.includes('text/event-stream')) {
        // Some servers answer a whole JSON completion even when asked to stream.
        const whole = JSON.parse(await response.text()) as {
          choices?: Array<{ message?: { content?: string }; finish_reason?: string }>;
        };
        const choice = whole.choices?.[0];
        if (choice?.message?.content) yield choice.message.content;
        if (choice?.finish_reason === 'length')
          throw new ReplyInterruptedError('length', 'finish_reason length');
        return;
      }
      yield* this.readEvents(response, signal, local, usage);
    } finally {
      signal.removeEventListener('abort', onAbort);
      local.abort();
    }
  }

  private async *readEvents(
    response: Response,
    signal: AbortSignal,
    local: AbortController,
    usage?: (u: Usage) => void,
  ): AsyncGenerator<string> {
    const body = response.body;
    if (!body) throw new ReplyInterruptedError('stream-error', 'a stream without a body');
    const reader = body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    let data: string[] = [];
    let done = false;
    let finish: string | null = null;
    const idleMs = this.options.idleMs;
    try {
      for (;;) {
        let timer: NodeJS.Timeout | undefined;
        const stalled = new Promise<'stalled'>((resolve) => {
          timer = setTimeout(() => resolve('stalled'), idleMs);
        });
        const next = await Promise.race([reader.read(), stalled]).finally(() => clearTimeout(timer));
        if (abortError(signal)) return;
        if (next === 'stalled')
          throw new ReplyInterruptedError('stalled', `nothing arrived for ${idleMs} ms`);
        if (next.done) break;
        buffer += decoder.decode(next.value, { stream: true });
        let newline: number;
        while ((newline = buffer.indexOf('\n')) >= 0) {
          const line = buffer.slice(0, newline).replace(/\r$/, '');
          buffer = buffer.slice(newline + 1);
          if (line === '') {
            if (data.length > 0) {
              const event = data.join('\n');
              data = [];
              if (event.trim() === '[DONE]') {
                done = true;
                continue;
              }
              const piece = this.readChunk(event, usage);
              if (piece.finish) finish = piece.finish;
              if (piece.content) yield piece.content;
            }
            continue;
          }
          if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
          else if (line.startsWith('error:'))
            throw new ReplyInterruptedError('stream-error', line.slice(6).trim().slice(0, 300));
          // comments (": keep-alive"), event:, id:, retry: lines carry nothing for us
        }
        if (done) break;
      }
    } catch (error) {
      if (abortError(signal)) return;
      if (error instanceof ReplyInterruptedError) throw error;
      throw new ReplyInterruptedError('stream-error', (error as Error).message);
    } finally {
      local.abort();
      await reader.cancel().catch(() => undefined);
    }
    if (abortError(signal)) return;
    if (finish === 'length') throw new ReplyInterruptedError('length', 'finish_reason length');
    if (!done && finish === null)
      throw new ReplyInterruptedError('no-done', 'the stream ended without [DONE] or a finish reason');
  }

  private readChunk(event: string, usage?: (u: Usage) => void): { content?: string; finish?: string } {
    let chunk: {
      error?: unknown;
      choices?: Array<{ delta?: { content?: string | null }; finish_reason?: string | null }>;
      usage?: { prompt_tokens?: number; completion_tokens?: number } | null;
    };
    try {
      chunk = JSON.parse(event) as typeof chunk;
    } catch {
      return {}; // not JSON: nothing to read
    }
    if (chunk.error !== undefined)
      throw new ReplyInterruptedError('stream-error', errorText(0, JSON.stringify(chunk)));
    if (chunk.usage && usage)
      usage({
        promptTokens: chunk.usage.prompt_tokens ?? 0,
        completionTokens: chunk.usage.completion_tokens ?? 0,
      });
    const choice = chunk.choices?.[0];
    return {
      content: choice?.delta?.content ?? undefined,
      finish: choice?.finish_reason ?? undefined,
    };
  }

  /** POST /audio/transcriptions (multipart). A server without it (404, 405, 501) has no speech-to-text. */
  async transcribe(audio: Buffer, mimeType: string, model: string, signal?: AbortSignal): Promise<string> {
    const extension = /ogg/.test(mimeType)
      ? 'ogg'
      : /wav/.test(mimeType)
        ? 'wav'
        : /mp4|m4a/.test(mimeType)
          ? 'm4a'
          : /mpeg|mp3/.test(mimeType)
            ? 'mp3'
            : 'webm';
    const { response, settled } = await this.post(
      '/audio/transcriptions',
      () => {
        const form = new FormData();
        form.append('model', model);
        form.append('file', new Blob([new Uint8Array(audio)], { type: mimeType }), `speech.${extension}`);
        return form;
      },
      false,
      signal,
      false,
    );
    try {
      const body = (await response.json()) as { text?: string };
      return body.text ?? '';
    } finally {
      settled();
    }
  }
}

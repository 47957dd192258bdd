/**
 * The two audio endpoints of an OpenAI-compatible server: `POST /audio/transcriptions` (OpenAI, Azure
 * OpenAI, vLLM, speaches/faster-whisper-server, LocalAI) and `POST /audio/speech` (OpenAI, Kokoro-FastAPI,
 * openedai-speech with Piper, LocalAI, speaches). Spoken with fetch: the speech answer is streamed on to
 * the browser as it arrives, and a server without the endpoint must read as "not configured".
 */

import { isRetryableStatus, nextDelay, retryAfterMs, sleep, type RetryPolicy } from '../ai/retry-policy';

/**
 * The transcription prompt. Whisper-family models write clean prose and drop "um", "uh" and "like" unless
 * the prompt itself shows them (OpenAI's speech-to-text guide: prompting keeps filler words). The
 * speech analysis counts fillers in the transcript, so it must be verbatim.
 */
export const FILLER_PROMPT =
  'Um, uh, so, like, you know, I mean… Hmm, I was, er, thinking, um, that we could, uh, like, talk about it.';

/** What a speech server answered that is not audio or a transcript. */
export class SpeechRequestError extends Error {
  override readonly name = 'SpeechRequestError';
  constructor(
    readonly upstreamStatus: number,
    readonly detail: string,
  ) {
    super(`${upstreamStatus} ${detail}`.trim());
  }

  /** The server has no such endpoint: Ollama, llama.cpp's server and LM Studio answer 404/405/501. */
  get missingEndpoint(): boolean {
    return [404, 405, 501].includes(this.upstreamStatus);
  }
}

export interface SpeechEndpoint {
  baseURL: string;
  apiKey?: string;
  model: string;
}

export interface SpeechClientOptions {
  /** Where transcriptions go; none: speech-to-text is not configured. */
  transcribe?: SpeechEndpoint;
  /** Where speech is made; none: the browser speaks with its own voice. */
  speak?: SpeechEndpoint;
  /** The response head (speech) or whole answer (transcription) must arrive within this, per try. */
  timeoutMs: number;
  /**
   * Another try after a refused connection, a 429 or a 5xx (a speech server restarting or loading its
   * model). Voice mode is a conversation: keep the waits short.
   */
  retry?: RetryPolicy;
  /** Logs each retry. */
  onRetry?: (message: string) => void;
}

/** Voice mode's default: two more tries, 200 ms then 400 ms, never more than 1.5 s of waiting in all. */
export const SPEECH_RETRY_POLICY: RetryPolicy = { maxRetries: 2, baseDelayMs: 200, maxWaitMs: 1500 };

/** The audio file name a server reads the format from. */
function fileNameFor(mimeType: string): string {
  const extension = /wav/.test(mimeType)
    ? 'wav'
    : /ogg/.test(mimeType)
      ? 'ogg'
      : /mp4|m4a/.test(mimeType)
        ? 'm4a'
        : /mpeg|mp3/.test(mimeType)
          ? 'mp3'
          : 'webm';
  return `speech.${extension}`;
}

async function failure(response: Response): Promise<SpeechRequestError> {
  const raw = await response.text().catch(() => '');
  let detail = raw.slice(0, 300);
  try {
    const body = JSON.parse(raw) as {
      error?: { message?: string } | string;
      message?: string;
      detail?: unknown;
    };
    const e = body.error;
    detail =
      (typeof e === 'string' ? e : e?.message) ??
      body.message ??
      (typeof body.detail === 'string' ? body.detail : detail);
  } catch {
    // not JSON: keep the text
  }
  return new SpeechRequestError(response.status, detail);
}

const headersOf = (endpoint: SpeechEndpoint): Record<string, string> =>
  endpoint.apiKey ? { authorization: `Bearer ${endpoint.apiKey}` } : {};

export class SpeechClient {
  constructor(private readonly options: SpeechClientOptions) {}

  get canTranscribe(): boolean {
    return this.options.transcribe !== undefined;
  }

  get canSpeak(): boolean {
    return this.options.speak !== undefined;
  }

  /** A verbatim transcript of `audio`, fillers kept (FILLER_PROMPT), in English. */
  async transcribe(audio: Buffer, mimeType: string, signal?: AbortSignal): Promise<string> {
    const endpoint = this.options.transcribe;
    if (!endpoint) throw new SpeechRequestError(501, 'no transcription endpoint is configured');
    const form = new FormData();
    form.append('model', endpoint.model);
    form.append('file', new Blob([new Uint8Array(audio)], { type: mimeType }), fileNameFor(mimeType));
    form.append('prompt', FILLER_PROMPT);
    form.append('language', 'en');
    form.append('response_format', 'json');
    form.append('temperature', '0');
    const response = await this.post(
      `${endpoint.baseURL}/audio/transcriptions`,
      { method: 'POST', headers: headersOf(endpoint), body: form },
      signal,
    );
    const body = (await response.json()) as { text?: unknown };
    return typeof body.text === 'string' ? body.text : '';
  }

  /**
   * `text` spoken in `voice`, as WAV, piece by piece as the server sends it. Resolves once the response
   * head is in: with its content type and the body still to read.
   */
  async speak(
    text: string,
    voice: string,
    signal?: AbortSignal,
  ): Promise<{ contentType: string; body: AsyncIterable<Uint8Array> }> {
    const endpoint = this.options.speak;
    if (!endpoint) throw new SpeechRequestError(501, 'no speech endpoint is configured');
    const response = await this.post(
      `${endpoint.baseURL}/audio/speech`,
      {
        method: 'POST',
        headers: { ...headersOf(endpoint), 'content-type': 'application/json' },
        body: JSON.stringify({ model: endpoint.model, input: text, voice, response_format: 'wav' }),
      },
      signal,
    );
    if (!response.body) throw new SpeechRequestError(502, 'the speech answer has no body');
    const contentType = (response.headers.get('content-type') ?? 'audio/wav').split(';')[0]!.trim();
    return { contentType: /^audio\//.test(contentType) ? contentType : 'audio/wav', body: response.body };
  }

  /**
   * One request, tried again after a refused connection or a 429/5xx as the retry policy allows; a
   * timed-out try or the caller's abort is not retried. Resolves with an OK response.
   */
  private async post(url: string, init: RequestInit, signal: AbortSignal | undefined): Promise<Response> {
    const policy = this.options.retry ?? SPEECH_RETRY_POLICY;
    let waited = 0;
    for (let attempt = 1; ; attempt += 1) {
      const bounded = this.bounded(signal);
      let response: Response;
      try {
        response = await fetch(url, { ...init, signal: bounded });
      } catch (error) {
        const delay = bounded.aborted ? undefined : nextDelay(policy, attempt, waited, undefined);
        if (delay === undefined) throw error;
        this.options.onRetry?.(`retrying ${url} in ${delay} ms after ${(error as Error).message}`);
        waited += delay;
        await sleep(delay, signal);
        continue;
      }
      if (response.ok) return response;
      const delay = isRetryableStatus(response.status)
        ? nextDelay(policy, attempt, waited, retryAfterMs(response.headers))
        : undefined;
      if (delay === undefined) throw await failure(response);
      await response.body?.cancel().catch(() => undefined);
      this.options.onRetry?.(`retrying ${url} in ${delay} ms after ${response.status}`);
      waited += delay;
      await sleep(delay, signal);
    }
  }

  private bounded(signal: AbortSignal | undefined): AbortSignal {
    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    return signal ? AbortSignal.any([signal, timeout]) : timeout;
  }
}

import type { ExportJob, ExportJobStatus, ExportPdfInput } from '@parley/contracts';
import { EXPORT_PDF_FILE_NAME } from '@parley/contracts/constants';
import { httpError, INVALID_JSON } from '../../lib/http';
import type { AuthorizedFetch } from '../chat/authorizedFetch';
import { readServerSentEvents } from '../chat/sse';

/** The name the downloaded transcript is saved under (spec section 7). */
export const TRANSCRIPT_FILE_NAME = EXPORT_PDF_FILE_NAME;

export const EXPORT_TEXTS = {
  failed: 'The transcript could not be exported.',
  unfinished: 'The export did not finish. Please try again.',
} as const;

export interface ExportProgress {
  status: ExportJobStatus;
  /** Percent, 0 to 100. */
  progress: number;
}

async function ensureOk(response: Response): Promise<Response> {
  if (!response.ok) throw new Error(httpError(response.status));
  return response;
}

/** POST /api/export/jobs: a PDF of a stored session, rendered by a worker. */
export async function createExportJob(fetch: AuthorizedFetch, sessionId: string): Promise<ExportJob> {
  const response = await ensureOk(
    await fetch('/api/export/jobs', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ session_id: sessionId }),
    }),
  );
  try {
    return (await response.json()) as ExportJob;
  } catch {
    throw new Error(INVALID_JSON);
  }
}

const clampPercent = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? Math.min(100, Math.max(0, Math.round(value))) : 0;

/**
 * How long to wait before following a job again when its stream ended without a verdict: the gateway
 * restarting or giving up after 5 minutes (`"retry": true`), or the connection dropping. The spec's
 * reconnect backoff (section 9: 1 s, 2 s, 5 s, then 10 s), bounded so an export cannot hang forever.
 */
export const FOLLOW_RETRY_DELAYS_MS: readonly number[] = [1000, 2000, 5000, 10_000, 10_000, 10_000];

export interface FollowOptions {
  signal?: AbortSignal;
  retryDelaysMs?: readonly number[];
}

const isAbort = (error: unknown) => (error as Error | null)?.name === 'AbortError';

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason as Error);
      },
      { once: true },
    );
  });
}

/**
 * GET /api/export/jobs/{id}/events once: `data: {"id", "status", "progress", "error"}` lines until the job
 * is done or failed, or `data: {"error": "...", "retry": true}` when the gateway stops following it while
 * it goes on. A fetch stream rather than an EventSource, which cannot send the bearer header.
 */
async function followOnce(
  fetch: AuthorizedFetch,
  jobId: string,
  onProgress: (progress: ExportProgress) => void,
  signal?: AbortSignal,
): Promise<'done' | 'again'> {
  let response: Response;
  try {
    response = await fetch(`/api/export/jobs/${encodeURIComponent(jobId)}/events`, {
      headers: { Accept: 'text/event-stream' },
      signal,
    });
  } catch (error) {
    if (isAbort(error) || signal?.aborted) throw error;
    return 'again'; // the server did not answer (restarting): try again
  }
  await ensureOk(response);
  if (!response.body) throw new Error(httpError(response.status));
  let finished = false;
  let failure: string | null = null;
  try {
    await readServerSentEvents(response.body, (data) => {
      let event: { status?: unknown; progress?: unknown; error?: unknown; retry?: unknown };
      try {
        event = JSON.parse(data) as typeof event;
      } catch {
        return;
      }
      const status = event.status;
      if (status === 'queued' || status === 'running' || status === 'done' || status === 'failed') {
        onProgress({ status, progress: status === 'done' ? 100 : clampPercent(event.progress) });
        if (status === 'done') finished = true;
        if (status === 'failed')
          failure = typeof event.error === 'string' && event.error ? event.error : EXPORT_TEXTS.failed;
      } else if (typeof event.error === 'string' && event.retry !== true) {
        failure = event.error || EXPORT_TEXTS.failed;
      }
    });
  } catch (error) {
    if (isAbort(error) || signal?.aborted) throw error;
    return 'again'; // the connection dropped mid-stream
  }
  if (failure) throw new Error(failure);
  return finished ? 'done' : 'again';
}

/**
 * Follows a job's progress until it is done (resolves) or failed (rejects with its error), following it
 * again after a pause when a stream ends without either; rejects with 'The export did not finish. Please
 * try again.' once the pauses are used up.
 */
export async function followExportJob(
  fetch: AuthorizedFetch,
  jobId: string,
  onProgress: (progress: ExportProgress) => void,
  { signal, retryDelaysMs = FOLLOW_RETRY_DELAYS_MS }: FollowOptions = {},
): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    if ((await followOnce(fetch, jobId, onProgress, signal)) === 'done') return;
    const delay = retryDelaysMs[attempt];
    if (delay === undefined) throw new Error(EXPORT_TEXTS.unfinished);
    await pause(delay, signal);
  }
}

/** GET /api/export/jobs/{id}/file: the finished PDF. */
export async function downloadExportFile(fetch: AuthorizedFetch, jobId: string): Promise<Blob> {
  const response = await ensureOk(
    await fetch(`/api/export/jobs/${encodeURIComponent(jobId)}/file`, {
      headers: { Accept: 'application/pdf' },
    }),
  );
  return response.blob();
}

/** POST /api/export/pdf: the conversation on screen, when there is no stored session to export. */
export async function exportTranscriptPdf(fetch: AuthorizedFetch, body: ExportPdfInput): Promise<Blob> {
  const response = await ensureOk(
    await fetch('/api/export/pdf', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/pdf' },
      body: JSON.stringify(body),
    }),
  );
  return response.blob();
}

/** Saves `blob` through a temporary object URL and a download link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task, once the browser has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

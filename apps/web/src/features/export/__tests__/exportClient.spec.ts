import { EXPORT_PDF_FILE_NAME } from '@parley/contracts';
import { describe, expect, it, vi } from 'vitest';
import { sseLine, sseResponse } from '../../chat/__tests__/chatFixtures';
import {
  exportTranscriptPdf,
  followExportJob,
  TRANSCRIPT_FILE_NAME,
  type ExportProgress,
} from '../exportClient';

const JOB = '22222222-2222-4222-8222-222222222222';

describe('export client', () => {
  it('names the file as the contracts do', () => {
    expect(TRANSCRIPT_FILE_NAME).toBe(EXPORT_PDF_FILE_NAME);
  });

  it('reports each progress event and resolves when the job is done', async () => {
    const seen: ExportProgress[] = [];
    const fetch = vi.fn(async () =>
      sseResponse([
        sseLine({ id: JOB, status: 'queued', progress: 0, error: null }),
        sseLine({ id: JOB, status: 'running', progress: 55.4, error: null }).slice(0, 12),
        sseLine({ id: JOB, status: 'running', progress: 55.4, error: null }).slice(12),
        sseLine({ id: JOB, status: 'done', progress: 100, error: null }),
      ]),
    );
    await followExportJob(fetch, JOB, (p) => seen.push(p));
    expect(seen).toEqual([
      { status: 'queued', progress: 0 },
      { status: 'running', progress: 55 },
      { status: 'done', progress: 100 },
    ]);
    expect(fetch).toHaveBeenCalledWith(`/api/export/jobs/${JOB}/events`, expect.any(Object));
  });

  it('rejects with the job’s error when it fails, and when the stream ends before it is done', async () => {
    const failing = vi.fn(async () =>
      sseResponse([sseLine({ id: JOB, status: 'failed', progress: 30, error: 'Renderer crashed' })]),
    );
    await expect(followExportJob(failing, JOB, () => undefined)).rejects.toThrow('Renderer crashed');
    const cut = vi.fn(async () =>
      sseResponse([sseLine({ id: JOB, status: 'running', progress: 30, error: null })]),
    );
    await expect(followExportJob(cut, JOB, () => undefined, { retryDelaysMs: [0] })).rejects.toThrow(
      'The export did not finish.',
    );
    expect(cut).toHaveBeenCalledTimes(2); // followed again once, then given up
    const refused = vi.fn(async () => new Response('{"error":"Not found"}', { status: 404 }));
    await expect(followExportJob(refused, JOB, () => undefined)).rejects.toThrow('HTTP error! status: 404');
  });

  it('follows the job again when the gateway restarts or the connection drops, until it is done', async () => {
    const seen: ExportProgress[] = [];
    const streams = [
      () =>
        sseResponse([
          sseLine({ id: JOB, status: 'running', progress: 20, error: null }),
          sseLine({ error: 'The server is restarting; the export goes on', retry: true }),
        ]),
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => sseResponse([sseLine({ id: JOB, status: 'done', progress: 100, error: null })]),
    ];
    const fetch = vi.fn(async () => streams.shift()!());
    await followExportJob(fetch, JOB, (p) => seen.push(p), { retryDelaysMs: [0, 0, 0] });
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(seen).toEqual([
      { status: 'running', progress: 20 },
      { status: 'done', progress: 100 },
    ]);
  });

  it('stops following when aborted, also during a pause', async () => {
    const controller = new AbortController();
    const fetch = vi.fn(async () =>
      sseResponse([sseLine({ error: 'Still running; read the progress again later', retry: true })]),
    );
    const following = followExportJob(fetch, JOB, () => undefined, {
      signal: controller.signal,
      retryDelaysMs: [60_000],
    });
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    controller.abort();
    await expect(following).rejects.toMatchObject({ name: 'AbortError' });
  });

  it("answers the PDF of POST /api/export/pdf, or 'HTTP error! status: {status}'", async () => {
    const ok = vi.fn(async () => new Response('%PDF', { headers: { 'Content-Type': 'application/pdf' } }));
    const blob = await exportTranscriptPdf(ok, { messages: [{ sender: 'ai', content: 'Hi' }] });
    expect(await blob.text()).toBe('%PDF');
    const failed = vi.fn(async () => new Response('nope', { status: 500 }));
    await expect(exportTranscriptPdf(failed, { messages: [] })).rejects.toThrow('HTTP error! status: 500');
  });
});

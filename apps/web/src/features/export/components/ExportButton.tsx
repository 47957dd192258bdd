import type { ExportPdfInput } from '@parley/contracts';
import { Button } from '@parley/web-ui';
import { useEffect, useRef, useState } from 'react';
import type { AuthorizedFetch } from '../../chat/authorizedFetch';
import {
  createExportJob,
  downloadExportFile,
  exportTranscriptPdf,
  followExportJob,
  saveBlob,
  TRANSCRIPT_FILE_NAME,
  type ExportProgress,
} from '../exportClient';
import './ExportButton.css';

export const EXPORT_BUTTON_TEXT = 'Export Transcript';

export interface ExportButtonProps {
  fetch: AuthorizedFetch;
  /** The stored session to export through an export job; without one the transcript on screen is sent. */
  sessionId: string | null;
  /** The transcript on screen (and its feedback), for POST /api/export/pdf. */
  transcript: () => ExportPdfInput;
  disabled?: boolean;
  /** Ids of what names the session the button exports, where several are on one screen (History). */
  describedBy?: string;
}

type ExportState =
  | { kind: 'idle' }
  | { kind: 'working'; progress: ExportProgress | null }
  | { kind: 'done' }
  | { kind: 'failed'; message: string };

const STATUS_LABEL: Record<ExportProgress['status'], string> = {
  queued: 'Waiting for the export worker',
  running: 'Rendering the PDF',
  done: 'Downloading',
  failed: 'Export failed',
};

/**
 * Export Transcript (spec sections 2 and 7): a stored session is exported by a job whose progress
 * streams in; the finished PDF downloads as conversation-transcript.pdf.
 */
export function ExportButton({ fetch, sessionId, transcript, disabled, describedBy }: ExportButtonProps) {
  const [state, setState] = useState<ExportState>({ kind: 'idle' });
  const abortRef = useRef<AbortController | null>(null);
  useEffect(() => () => abortRef.current?.abort(), []);

  async function run() {
    abortRef.current?.abort();
    const controller = new AbortController();
    abortRef.current = controller;
    setState({ kind: 'working', progress: null });
    try {
      let pdf: Blob;
      if (sessionId) {
        const job = await createExportJob(fetch, sessionId);
        setState({ kind: 'working', progress: { status: job.status, progress: job.progress } });
        if (job.status === 'failed') throw new Error(job.error ?? 'Export failed');
        if (job.status !== 'done')
          await followExportJob(fetch, job.id, (progress) => setState({ kind: 'working', progress }), {
            signal: controller.signal,
          });
        pdf = await downloadExportFile(fetch, job.id);
      } else {
        pdf = await exportTranscriptPdf(fetch, transcript());
      }
      if (controller.signal.aborted) return;
      saveBlob(pdf, TRANSCRIPT_FILE_NAME);
      setState({ kind: 'done' });
    } catch (error) {
      if (controller.signal.aborted) return;
      setState({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  }

  const working = state.kind === 'working';
  const percent = working ? (state.progress?.progress ?? 0) : 0;
  return (
    <div className="export-button">
      <Button
        variant="secondary"
        onClick={() => void run()}
        disabled={disabled || working}
        aria-busy={working}
        aria-describedby={describedBy}
      >
        {EXPORT_BUTTON_TEXT}
      </Button>
      {working ? (
        <div className="export-button__progress">
          <div
            className="export-button__bar"
            role="progressbar"
            aria-label="Export progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={`${percent}%${state.progress ? ` — ${STATUS_LABEL[state.progress.status]}` : ''}`}
          >
            <span className="export-button__fill" style={{ width: `${percent}%` }} />
          </div>
          <span className="export-button__percent" aria-hidden="true">
            {percent}%
          </span>
        </div>
      ) : null}
      <p className="export-button__status" aria-live="polite">
        {state.kind === 'done' ? 'Transcript downloaded.' : ''}
      </p>
      {state.kind === 'failed' ? (
        <p className="pw-error export-button__error" role="alert">
          {state.message}
        </p>
      ) : null}
    </div>
  );
}

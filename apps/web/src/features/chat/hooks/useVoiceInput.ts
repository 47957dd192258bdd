import { AI_ERRORS } from '@parley/contracts/constants';
import { useCallback, useEffect, useRef, useState } from 'react';
import { alertUser } from '../../../lib/browser';
import type { AuthorizedFetch } from '../authorizedFetch';
import { CHAT_TEXTS, RECORDING_MIME_TYPE } from '../chatTexts';

export type VoiceState = 'idle' | 'recording' | 'transcribing';

export interface Recording {
  text: string;
  /** When recording started (ms since the epoch) and how long it lasted. */
  startedAt: number;
  durationMs: number;
}

/** A transcription that failed, with the server's status (null: no answer came). */
export class TranscriptionError extends Error {
  override readonly name = 'TranscriptionError';
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }

  /** The server has no speech-to-text: no turn will ever be transcribed, so asking again is pointless. */
  get notConfigured(): boolean {
    return this.status === 503 && this.message === AI_ERRORS.speechNotConfigured;
  }
}

/**
 * POST /api/speech-to-text, multipart field `audio`: the transcript, or a TranscriptionError with the
 * server's error text.
 */
export async function transcribe(
  fetch: AuthorizedFetch,
  audio: Blob,
  fileName = 'recording.webm',
): Promise<string> {
  const form = new FormData();
  form.append('audio', audio, fileName);
  let response: Response;
  try {
    response = await fetch('/api/speech-to-text', { method: 'POST', body: form });
  } catch (error) {
    throw new TranscriptionError(
      error instanceof Error && error.message ? error.message : CHAT_TEXTS.transcriptionFailed,
      null,
    );
  }
  type Answer = { error?: unknown; transcript?: unknown; text?: unknown };
  let body: Answer | null;
  try {
    body = (await response.json()) as Answer | null;
  } catch {
    body = null;
  }
  if (!response.ok) {
    const error = body?.error;
    throw new TranscriptionError(
      typeof error === 'string' && error ? error : CHAT_TEXTS.transcriptionFailed,
      response.status,
    );
  }
  const text = typeof body?.transcript === 'string' ? body.transcript : body?.text;
  if (typeof text !== 'string' || !text.trim())
    throw new TranscriptionError(CHAT_TEXTS.transcriptionFailed, response.status);
  return text.trim();
}

/**
 * Voice input (spec section 4): idle → recording (getUserMedia + MediaRecorder, audio/webm) →
 * transcribing → idle, handing the transcript to `onTranscript`. Denied or missing microphones and
 * failed transcriptions are reported with the spec's alerts; a server without speech-to-text is also
 * reported to `onUnavailable`, so the screen says so before the learner tries again.
 */
export function useVoiceInput(
  fetch: AuthorizedFetch,
  onTranscript: (recording: Recording) => void,
  onUnavailable?: () => void,
) {
  const [state, setState] = useState<VoiceState>('idle');
  const recorderRef = useRef<MediaRecorder | null>(null);
  const discardRef = useRef(false);
  const onTranscriptRef = useRef(onTranscript);
  const onUnavailableRef = useRef(onUnavailable);
  useEffect(() => {
    onTranscriptRef.current = onTranscript;
    onUnavailableRef.current = onUnavailable;
  });

  // Leaving the page stops the microphone and drops the recording.
  useEffect(
    () => () => {
      discardRef.current = true;
      const recorder = recorderRef.current;
      if (recorder && recorder.state !== 'inactive') recorder.stop();
    },
    [],
  );

  const start = useCallback(async () => {
    const media = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
    if (!media?.getUserMedia || typeof MediaRecorder === 'undefined') {
      alertUser(CHAT_TEXTS.microphoneDenied);
      return;
    }
    let stream: MediaStream;
    try {
      stream = await media.getUserMedia({ audio: true });
    } catch {
      alertUser(CHAT_TEXTS.microphoneDenied);
      return;
    }
    const supportsWebm =
      typeof MediaRecorder.isTypeSupported !== 'function' ||
      MediaRecorder.isTypeSupported(RECORDING_MIME_TYPE);
    let recorder: MediaRecorder;
    try {
      recorder = new MediaRecorder(stream, supportsWebm ? { mimeType: RECORDING_MIME_TYPE } : undefined);
    } catch {
      stream.getTracks().forEach((track) => track.stop());
      alertUser(CHAT_TEXTS.microphoneDenied);
      return;
    }
    const chunks: Blob[] = [];
    const startedAt = Date.now();
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    recorder.onstop = () => {
      stream.getTracks().forEach((track) => track.stop());
      recorderRef.current = null;
      if (discardRef.current) return;
      const durationMs = Date.now() - startedAt;
      setState('transcribing');
      transcribe(fetch, new Blob(chunks, { type: RECORDING_MIME_TYPE }))
        .then((text) => {
          setState('idle');
          onTranscriptRef.current({ text, startedAt, durationMs });
        })
        .catch((error: unknown) => {
          setState('idle');
          alertUser(error instanceof Error && error.message ? error.message : CHAT_TEXTS.transcriptionFailed);
          if (error instanceof TranscriptionError && error.notConfigured) onUnavailableRef.current?.();
        });
    };
    recorderRef.current = recorder;
    discardRef.current = false;
    recorder.start();
    setState('recording');
  }, [fetch]);

  const stop = useCallback(() => {
    const recorder = recorderRef.current;
    if (recorder && recorder.state !== 'inactive') recorder.stop();
  }, []);

  /** Stops a recording without transcribing it (ending or replaying the session). */
  const cancel = useCallback(() => {
    discardRef.current = true;
    stop();
    setState('idle');
  }, [stop]);

  const toggle = useCallback(() => {
    if (state === 'recording') stop();
    else if (state === 'idle') void start();
  }, [start, state, stop]);

  return { state, toggle, cancel };
}

import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { alertUser } from '../../../lib/browser';
import { reloadingForNewBuild } from '../../../lib/staleBuild';
import type { AuthorizedFetch } from '../authorizedFetch';
import { CHAT_TEXTS } from '../chatTexts';
import { browserHasVoice } from './useReadAloud';
import type { ReplyListener, SendTiming } from './useChatSession';
import { transcribe, TranscriptionError } from './useVoiceInput';
import type { SentenceSplitter } from '../voice/sentences';
import type { SpeechOutput } from '../voice/speechOutput';
import { SPEECH_TEXTS } from '../voice/speechTexts';
import type { Turn, TurnDetector } from '../voice/turnDetector';
import type { VoiceCapture } from '../voice/voiceCapture';
import type { TurnClock } from '../voice/voiceLatency';
import { readVoiceSilenceMs } from '../voice/voiceSettings';

type Engine = typeof import('../voice/engine');

/** What voice mode is doing, as the screen says it. */
export type VoiceModeState = 'off' | 'starting' | 'listening' | 'thinking' | 'speaking' | 'paused';

/** Audio kept from before speech was detected, so the first syllable is not cut off. */
const PRE_ROLL_MS = 300;
/** Audio kept after the last voiced frame. */
const TAIL_MS = 200;
/** While the partner speaks, this much steady voice is the learner interrupting (not a cough). */
const BARGE_IN_MS = 200;

interface Captured {
  samples: Float32Array;
  at: number;
}

export interface VoiceModeOptions {
  fetch: AuthorizedFetch;
  scenarioId: string | undefined;
  replyListenerRef: RefObject<ReplyListener | null>;
  /** Sends the learner's turn; false when the send rules refuse it now. */
  send(text: string, timing: SendTiming): boolean;
  /** Whether a reply is still arriving (a turn waits for it). */
  responding: boolean;
  /**
   * The partner's line the learner is to answer (the opening, or the last reply), when the conversation
   * waits for the learner: voice mode starts by saying it.
   */
  partnerLine?: string | undefined;
  /**
   * Whether the server can transcribe (undefined: not known). Without, voice mode does not start: nothing
   * would ever hear the learner.
   */
  speechToText?: boolean | undefined;
  /** Whether the server can speak (undefined: not known). Without, the browser's voice speaks, if any. */
  textToSpeech?: boolean | undefined;
  /** A turn was refused because the server has no speech-to-text: voice mode has closed. */
  onSpeechToTextUnavailable?(): void;
}

const toEpoch = (at: number) => Date.now() - (performance.now() - at);

/**
 * Voice mode (issue 22): a hands-free conversation. Listening → the learner speaks → `silenceMs` of
 * silence ends the turn (voice-activity detection on the microphone) → thinking: the turn's audio goes
 * to /api/speech-to-text and the transcript is sent as the learner's message → the reply streams in
 * and is spoken sentence by sentence → speaking → listening again. Speaking while the partner speaks
 * interrupts it; Pause and Leave stop at any moment. Each turn's timing goes with the message (speech
 * analysis), and its latency is recorded with performance.measure (voiceLatency.ts).
 *
 * What goes wrong is said on screen (`problem`), never left behind 'Listening': a turn that could not be
 * transcribed pauses voice mode; a server without speech-to-text closes it (and the screen says so up
 * front, before voice mode starts). `notice` says when the partner's replies can only be read.
 */
export function useVoiceMode({
  fetch,
  scenarioId,
  replyListenerRef,
  send,
  responding,
  partnerLine,
  speechToText,
  textToSpeech,
  onSpeechToTextUnavailable,
}: VoiceModeOptions) {
  const [state, setStateValue] = useState<VoiceModeState>('off');
  /** What went wrong, in words (a turn not transcribed, a reply not spoken); cleared by the next turn. */
  const [problem, setProblem] = useState<string | null>(null);
  /** A lasting condition of this voice mode: the partner's replies are shown, not spoken. */
  const [notice, setNotice] = useState<string | null>(null);
  const stateRef = useRef<VoiceModeState>('off');
  const setState = useCallback((next: VoiceModeState) => {
    stateRef.current = next;
    setStateValue(next);
  }, []);

  /** The voice-mode code, loaded when voice mode is first turned on. */
  const engineRef = useRef<Engine | null>(null);
  const captureRef = useRef<VoiceCapture | null>(null);
  const detectorRef = useRef<TurnDetector | null>(null);
  const frames = useRef<Captured[]>([]);
  const outputRef = useRef<SpeechOutput | null>(null);
  const splitterRef = useRef<SentenceSplitter | null>(null);
  const clockRef = useRef<TurnClock | null>(null);
  /** When the partner's voice last went quiet (performance.now()), for the pause before the next turn. */
  const partnerDoneAtRef = useRef<number | null>(null);
  const bargeRef = useRef(0);
  const pendingRef = useRef<{ text: string; timing: SendTiming } | null>(null);
  const optionsRef = useRef({
    fetch,
    scenarioId,
    send,
    responding,
    partnerLine,
    speechToText,
    textToSpeech,
    onSpeechToTextUnavailable,
  });
  useEffect(() => {
    optionsRef.current = {
      fetch,
      scenarioId,
      send,
      responding,
      partnerLine,
      speechToText,
      textToSpeech,
      onSpeechToTextUnavailable,
    };
  });

  const stopSpeaking = useCallback(() => {
    outputRef.current?.stop();
    outputRef.current = null;
    splitterRef.current = engineRef.current ? new engineRef.current.SentenceSplitter() : null;
  }, []);

  const listen = useCallback(() => {
    detectorRef.current?.reset();
    frames.current = [];
    bargeRef.current = 0;
    setState('listening');
  }, [setState]);

  /** The partner's reply to this turn, spoken as it streams in. */
  const newOutput = useCallback(() => {
    const capture = captureRef.current;
    const engine = engineRef.current;
    if (!capture || !engine) return null;
    const output = new engine.SpeechOutput(
      capture.context,
      optionsRef.current.fetch,
      optionsRef.current.scenarioId,
      {
        onFirstBytes: (at) => {
          const clock = clockRef.current;
          if (clock && clock.firstBytesAt === undefined) clock.firstBytesAt = at;
        },
        onFirstAudio: (at) => {
          const clock = clockRef.current;
          if (clock && clock.firstAudioAt === undefined) {
            clock.firstAudioAt = at;
            engine.markVoiceLatency(clock);
          }
          if (stateRef.current === 'thinking') setState('speaking');
        },
        onIdle: () => {
          if (outputRef.current !== output) return;
          outputRef.current = null;
          partnerDoneAtRef.current = performance.now();
          if (stateRef.current === 'speaking' || stateRef.current === 'thinking') listen();
        },
        onProblem: (kind) => {
          if (stateRef.current === 'off') return;
          if (kind === 'no-voice') setNotice(SPEECH_TEXTS.repliesNotSpoken);
          else setProblem(SPEECH_TEXTS.replyNotSpoken);
        },
      },
    );
    outputRef.current = output;
    return output;
  }, [listen, setState]);

  const leave = useCallback(() => {
    stopSpeaking();
    captureRef.current?.close();
    captureRef.current = null;
    pendingRef.current = null;
    clockRef.current = null;
    frames.current = [];
    setProblem(null);
    setNotice(null);
    setState('off');
  }, [setState, stopSpeaking]);

  /** The transcript goes as the learner's message; if a reply is still arriving, once it is done. */
  const deliver = useCallback((text: string, timing: SendTiming) => {
    if (optionsRef.current.send(text, timing)) return;
    pendingRef.current = { text, timing };
  }, []);

  const finishTurn = useCallback(
    async (turn: Turn, turnEndAt: number) => {
      const capture = captureRef.current;
      const engine = engineRef.current;
      if (!capture || !engine) return;
      const from = turn.startedAt - PRE_ROLL_MS;
      const to = turn.endedAt + TAIL_MS;
      const kept = frames.current.filter(
        (f) => f.at >= from && f.at - (f.samples.length / capture.sampleRate) * 1000 <= to,
      );
      frames.current = [];
      const total = kept.reduce((n, f) => n + f.samples.length, 0);
      const joined = new Float32Array(total);
      let at = 0;
      for (const f of kept) {
        joined.set(f.samples, at);
        at += f.samples.length;
      }
      const { encodeWav, resample, UPLOAD_RATE } = engine;
      const wav = encodeWav(resample(joined, capture.sampleRate, UPLOAD_RATE), UPLOAD_RATE);
      const clock: TurnClock = { endOfSpeechAt: turn.endedAt, turnEndAt };
      clockRef.current = clock;
      setState('thinking');
      let text: string;
      try {
        text = await transcribe(optionsRef.current.fetch, new Blob([wav], { type: 'audio/wav' }), 'turn.wav');
      } catch (error) {
        if (stateRef.current === 'off' || stateRef.current === 'paused') return;
        if (error instanceof TranscriptionError && error.notConfigured) {
          // Nothing can transcribe: listening on would hear the learner for nothing. The screen says why.
          leave();
          optionsRef.current.onSpeechToTextUnavailable?.();
          return;
        }
        // Not 'Listening' as if it had been heard: paused, saying what failed, until the learner resumes.
        stopSpeaking();
        pendingRef.current = null;
        setProblem(
          SPEECH_TEXTS.turnNotTranscribed(
            error instanceof Error && error.message ? error.message : CHAT_TEXTS.transcriptionFailed,
          ),
        );
        setState('paused');
        return;
      }
      if (stateRef.current === 'off' || stateRef.current === 'paused') return; // left or paused meanwhile
      setProblem(null);
      clock.transcriptAt = performance.now();
      const partnerDone = partnerDoneAtRef.current;
      const timing: SendTiming = {
        startedAt: toEpoch(turn.startedAt),
        durationMs: turn.endedAt - turn.startedAt,
        speakingMs: turn.speakingMs,
        pausesMs: turn.pausesMs,
        ...(partnerDone !== null ? { pauseBeforeMs: Math.max(0, turn.startedAt - partnerDone) } : {}),
      };
      // Still waiting: the reply will be spoken. Already speaking again (the learner went on): it is
      // only shown, and this turn goes before the next.
      if (stateRef.current === 'thinking') newOutput();
      deliver(text, timing);
    },
    [deliver, leave, newOutput, setState, stopSpeaking],
  );

  const onFrame = useCallback(
    (samples: Float32Array, at: number) => {
      const capture = captureRef.current;
      const engine = engineRef.current;
      const detector = detectorRef.current;
      const current = stateRef.current;
      if (
        !capture ||
        !engine ||
        !detector ||
        current === 'off' ||
        current === 'paused' ||
        current === 'starting'
      )
        return;
      frames.current.push({ samples, at });
      if (!detector.inTurn) {
        // Only the pre-roll is needed before speech starts.
        const keepFrom = at - PRE_ROLL_MS - 40;
        while (frames.current.length > 0 && frames.current[0]!.at < keepFrom) frames.current.shift();
      }
      const ms = (samples.length / capture.sampleRate) * 1000;
      const db = engine.levelOf(samples);
      if (current === 'thinking' || current === 'speaking') {
        // The learner interrupts: steady voice while the partner thinks or speaks stops the partner's
        // voice (a reply still to come is shown, not spoken) and starts the learner's next turn.
        bargeRef.current = detector.isVoiced(db) ? bargeRef.current + ms : 0;
        if (bargeRef.current < BARGE_IN_MS) return;
        const startedAt = at - bargeRef.current;
        stopSpeaking();
        engine.markBargeIn(startedAt, at);
        partnerDoneAtRef.current = startedAt;
        detector.begin(startedAt);
        setState('listening');
      }
      const event = detector.push({ db, at, ms });
      if (event?.type === 'turn-end') void finishTurn(event.turn, at);
    },
    [finishTurn, setState, stopSpeaking],
  );

  const start = useCallback(async () => {
    if (stateRef.current !== 'off') return;
    // The screen says up front that voice mode is not available; it never listens for nothing.
    if (optionsRef.current.speechToText === false) return;
    setProblem(null);
    setNotice(null);
    setState('starting');
    let engine: Engine | undefined;
    try {
      engine = engineRef.current ??= await import('../voice/engine');
    } catch {
      engine = undefined;
    }
    if (!engine) {
      // Its code did not load (a deploy replaced the build this page came from): not a microphone matter.
      // The page reloads for the new build, or the learner is told what failed.
      setState('off');
      if (!reloadingForNewBuild()) alertUser(CHAT_TEXTS.voiceModeNotLoaded);
      return;
    }
    try {
      detectorRef.current = new engine.TurnDetector(readVoiceSilenceMs());
      splitterRef.current = new engine.SentenceSplitter();
      try {
        captureRef.current = await engine.VoiceCapture.open(onFrame);
      } catch (error) {
        if (!(error instanceof engine.MicrophoneDeniedError))
          console.error('Voice mode is not available:', error);
        throw error;
      }
    } catch {
      setState('off');
      alertUser(CHAT_TEXTS.microphoneDenied);
      return;
    }
    if ((stateRef.current as VoiceModeState) !== 'starting') {
      captureRef.current.close();
      captureRef.current = null;
      return;
    }
    partnerDoneAtRef.current = null;
    // No voice anywhere: said at once, not after the partner's first line goes unheard.
    if (optionsRef.current.textToSpeech === false || engine.SpeechOutput.browserVoice)
      void browserHasVoice().then((found) => {
        if (!found && stateRef.current !== 'off') setNotice(SPEECH_TEXTS.repliesNotSpoken);
      });
    // The partner says the line the learner is to answer, then listens (speaking over it interrupts).
    const line = optionsRef.current.partnerLine?.trim();
    const output = line && !optionsRef.current.responding ? newOutput() : null;
    if (!output || !line || !splitterRef.current) {
      listen();
      return;
    }
    clockRef.current = null;
    detectorRef.current.reset();
    frames.current = [];
    bargeRef.current = 0;
    setState('speaking');
    for (const sentence of [...splitterRef.current.push(line), ...splitterRef.current.flush()])
      output.say(sentence);
  }, [listen, newOutput, onFrame, setState]);

  const pause = useCallback(() => {
    if (stateRef.current === 'off' || stateRef.current === 'paused') return;
    stopSpeaking();
    pendingRef.current = null;
    setState('paused');
  }, [setState, stopSpeaking]);

  const resume = useCallback(() => {
    if (stateRef.current !== 'paused') return;
    partnerDoneAtRef.current = null;
    setProblem(null);
    listen();
  }, [listen]);

  // The reply, as it streams in: each complete sentence is spoken at once.
  useEffect(() => {
    replyListenerRef.current = {
      chunk: (content) => {
        const output = outputRef.current;
        const clock = clockRef.current;
        if (!output || stateRef.current === 'off' || stateRef.current === 'paused') return;
        if (clock && clock.firstTokenAt === undefined) clock.firstTokenAt = performance.now();
        for (const sentence of splitterRef.current?.push(content) ?? []) {
          if (clock && clock.firstSentenceAt === undefined) clock.firstSentenceAt = performance.now();
          output.say(sentence);
        }
      },
      end: (ok) => {
        const output = outputRef.current;
        if (!output) return;
        const clock = clockRef.current;
        if (ok)
          for (const sentence of splitterRef.current?.flush() ?? []) {
            if (clock && clock.firstSentenceAt === undefined) clock.firstSentenceAt = performance.now();
            output.say(sentence);
          }
        if (engineRef.current) splitterRef.current = new engineRef.current.SentenceSplitter();
        if (!ok && !output.busy && stateRef.current === 'thinking') {
          outputRef.current = null;
          listen();
        }
      },
    };
    return () => {
      replyListenerRef.current = null;
    };
  }, [listen, replyListenerRef]);

  // A turn that ended while a reply was still arriving goes once that reply is done.
  useEffect(() => {
    const pending = pendingRef.current;
    if (responding || !pending) return;
    pendingRef.current = null;
    if (!send(pending.text, pending.timing)) listen();
  }, [listen, responding, send]);

  // Leaving the page releases the microphone.
  useEffect(() => () => leave(), [leave]);

  return { state, problem, notice, start, pause, resume, leave };
}

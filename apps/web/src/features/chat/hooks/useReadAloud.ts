import { useCallback, useEffect, useRef, useState } from 'react';
import type { AuthorizedFetch } from '../authorizedFetch';
import { SPEECH_TEXTS } from '../voice/speechTexts';
import type { SpeechOutput } from '../voice/speechOutput';

/** Markdown marks read aloud as noise: `**bold**` should sound like "bold". */
export function plainText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/[*_`~#>]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The browser's speech synthesis, where it has one. */
export const synthesis = (): SpeechSynthesis | null =>
  typeof window !== 'undefined' &&
  'speechSynthesis' in window &&
  typeof SpeechSynthesisUtterance !== 'undefined'
    ? window.speechSynthesis
    : null;

/** How long the browser gets to list its voices (Chrome lists none until its first 'voiceschanged'). */
export const VOICES_WAIT_MS = 1000;

/** The browser lists a voice now (or cannot list them at all, and is trusted to have one). */
function voiceListed(synth: SpeechSynthesis): boolean {
  return typeof synth.getVoices !== 'function' || synth.getVoices().length > 0;
}

/**
 * Whether the browser can speak: speech synthesis with at least one voice. A list still empty waits up to
 * `waitMs` for the browser to load its voices; a browser that lists none (Linux without a speech engine)
 * has none.
 */
export function browserHasVoice(waitMs = VOICES_WAIT_MS): Promise<boolean> {
  const synth = synthesis();
  if (!synth) return Promise.resolve(false);
  if (voiceListed(synth)) return Promise.resolve(true);
  if (typeof synth.addEventListener !== 'function') return Promise.resolve(false);
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      synth.removeEventListener('voiceschanged', done);
      resolve(voiceListed(synth));
    };
    const timer = setTimeout(done, waitMs);
    synth.addEventListener('voiceschanged', done);
  });
}

export interface ReadAloudOptions {
  fetch: AuthorizedFetch;
  scenarioId?: string | undefined;
  /** Whether the server has text-to-speech (undefined: not known yet, or not said). */
  serverVoice: boolean | undefined;
}

/**
 * Read-aloud of AI messages, one message at a time, toggled: with the browser's speech synthesis; where
 * the browser has no voice, with the server's text-to-speech; where neither has one, `problem` says so.
 */
export function useReadAloud({ fetch, scenarioId, serverVoice }: ReadAloudOptions) {
  const [speakingId, setSpeakingId] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  /** The server's voice reading now, and the audio it plays through. */
  const serverRef = useRef<{ output: SpeechOutput; context: AudioContext } | null>(null);
  /** The latest toggle: a read that was stopped or replaced while it looked for a voice does not start. */
  const requestRef = useRef(0);
  const optionsRef = useRef({ fetch, scenarioId, serverVoice });
  useEffect(() => {
    optionsRef.current = { fetch, scenarioId, serverVoice };
  });

  const silence = useCallback(() => {
    synthesis()?.cancel();
    const server = serverRef.current;
    serverRef.current = null;
    if (server) {
      server.output.stop();
      void server.context.close().catch(() => undefined);
    }
  }, []);

  useEffect(
    () => () => {
      requestRef.current += 1;
      silence();
    },
    [silence],
  );

  const toggle = useCallback(
    (id: string, text: string) => {
      const request = ++requestRef.current;
      silence();
      if (speakingId === id) {
        setSpeakingId(null);
        return;
      }
      setProblem(null);
      setSpeakingId(id);
      const done = () => setSpeakingId((current) => (current === id ? null : current));
      const spoken = plainText(text);

      const inBrowser = (synth: SpeechSynthesis) => {
        const utterance = new SpeechSynthesisUtterance(spoken);
        utterance.onend = done;
        utterance.onerror = done;
        synth.speak(utterance);
      };
      const synth = synthesis();
      if (synth && voiceListed(synth)) {
        inBrowser(synth);
        return;
      }

      const current = () => request === requestRef.current;
      const unavailable = () => {
        done();
        setProblem(SPEECH_TEXTS.readAloudUnavailable);
      };
      void (async () => {
        if (await browserHasVoice()) {
          const found = synthesis();
          if (current() && found) inBrowser(found);
          return;
        }
        const { fetch, scenarioId, serverVoice } = optionsRef.current;
        if (!current()) return;
        if (serverVoice === false || typeof AudioContext === 'undefined') {
          unavailable();
          return;
        }
        let engine: typeof import('../voice/engine');
        try {
          engine = await import('../voice/engine');
        } catch {
          if (current()) setProblem(SPEECH_TEXTS.readAloudFailed);
          done();
          return;
        }
        if (!current()) return;
        const context = new AudioContext();
        const output = new engine.SpeechOutput(context, fetch, scenarioId, {
          onFirstAudio: () => undefined,
          onProblem: (kind) => {
            if (current())
              setProblem(
                kind === 'no-voice' ? SPEECH_TEXTS.readAloudUnavailable : SPEECH_TEXTS.readAloudFailed,
              );
          },
          onIdle: () => {
            if (serverRef.current?.output !== output) return;
            serverRef.current = null;
            void context.close().catch(() => undefined);
            done();
          },
        });
        serverRef.current = { output, context };
        const splitter = new engine.SentenceSplitter();
        const sentences = [...splitter.push(spoken), ...splitter.flush()];
        if (sentences.length === 0) {
          silence();
          done();
        }
        for (const sentence of sentences) output.say(sentence);
      })();
    },
    [silence, speakingId],
  );

  const stop = useCallback(() => {
    requestRef.current += 1;
    silence();
    setSpeakingId(null);
  }, [silence]);

  const dismissProblem = useCallback(() => setProblem(null), []);

  return { speakingId, problem, toggle, stop, dismissProblem };
}

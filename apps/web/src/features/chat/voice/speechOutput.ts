import type { AuthorizedFetch } from '../authorizedFetch';
import { browserHasVoice, synthesis } from '../hooks/useReadAloud';
import { WavStreamReader } from './wav';

export const TEXT_TO_SPEECH_URL = '/api/text-to-speech';

/** Sentences fetched at once: the one playing and the next, so the first is not slowed by the rest. */
const FETCH_AHEAD = 2;

interface Item {
  text: string;
  started: boolean;
  controller: AbortController;
  /** Samples as they arrive; `done` once the whole sentence is in. */
  pieces: Array<{ samples: Float32Array; rate: number }>;
  done: boolean;
  failed: 'not-configured' | 'error' | null;
  wake: (() => void) | null;
}

export interface SpeechOutputEvents {
  /** The first audio of this reply has arrived (performance.now()). */
  onFirstBytes?(at: number): void;
  /** The first sound of this reply reaches the speakers (performance.now()). */
  onFirstAudio(at: number): void;
  /** Everything queued has been spoken (or stopped). */
  onIdle(): void;
  /**
   * A sentence was not heard: the server failed to speak it (`failed`), or neither the server nor the
   * browser has a voice (`no-voice`). The screen says so, in words.
   */
  onProblem?(problem: 'failed' | 'no-voice'): void;
}

/**
 * The partner's voice: sentences queued as the reply streams in, each fetched from POST
 * /api/text-to-speech as soon as it is queued and played, in order, as its audio streams in (WAV
 * samples scheduled back to back on the AudioContext). Where the server has no voice (503) the
 * browser's own speech synthesis speaks instead, from then on. What cannot be spoken is reported to
 * `onProblem`, never skipped in silence.
 */
export class SpeechOutput {
  private queue: Item[] = [];
  private sources = new Set<AudioBufferSourceNode>();
  private nextTime = 0;
  private playing = false;
  private firstAudioSent = false;
  private firstBytesSent = false;
  private stopped = false;
  private idleTimer: ReturnType<typeof setTimeout> | null = null;
  /** Whether the browser has a voice, looked up once for this reply (its voices may take a moment). */
  private browserVoiceFound: Promise<boolean> | null = null;
  /** Set once the server has said it has no voice: the browser speaks from then on. */
  static browserVoice = false;

  constructor(
    private readonly context: AudioContext,
    private readonly fetch: AuthorizedFetch,
    private readonly scenarioId: string | undefined,
    private readonly events: SpeechOutputEvents,
  ) {}

  get busy(): boolean {
    return this.queue.length > 0 || this.playing || this.context.currentTime < this.nextTime;
  }

  /** Speaks `text` after what is already queued. */
  say(text: string): void {
    if (this.stopped) return;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    const item: Item = {
      text,
      controller: new AbortController(),
      started: false,
      pieces: [],
      done: false,
      failed: null,
      wake: null,
    };
    this.queue.push(item);
    this.loadMore();
    if (!this.playing) void this.play();
  }

  /** Starts fetching queued sentences, at most FETCH_AHEAD at a time. */
  private loadMore(): void {
    if (SpeechOutput.browserVoice || this.stopped) return;
    let inFlight = this.queue.filter((i) => i.started && !i.done).length;
    for (const item of this.queue) {
      if (inFlight >= FETCH_AHEAD) break;
      if (item.started) continue;
      item.started = true;
      inFlight += 1;
      void this.load(item);
    }
  }

  /** Silence at once: the learner interrupted, paused or left. Nothing queued is spoken after this. */
  stop(): void {
    this.stopped = true;
    for (const item of this.queue) item.controller.abort();
    this.queue = [];
    for (const source of this.sources) {
      try {
        source.stop();
      } catch {
        // already stopped
      }
    }
    this.sources.clear();
    synthesis()?.cancel();
    if (this.idleTimer) clearTimeout(this.idleTimer);
  }

  private async load(item: Item): Promise<void> {
    const wake = () => item.wake?.();
    try {
      const response = await this.fetch(TEXT_TO_SPEECH_URL, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          text: item.text,
          ...(this.scenarioId ? { scenario_id: this.scenarioId } : {}),
        }),
        signal: item.controller.signal,
      });
      if (!response.ok || !response.body) {
        item.failed = response.status === 503 ? 'not-configured' : 'error';
        return;
      }
      const reader = response.body.getReader();
      const wav = new WavStreamReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        const samples = wav.push(value);
        if (samples.length > 0) {
          if (!this.firstBytesSent) {
            this.firstBytesSent = true;
            this.events.onFirstBytes?.(performance.now());
          }
          item.pieces.push({ samples, rate: wav.sampleRate ?? 24_000 });
          wake();
        }
      }
    } catch {
      if (!item.controller.signal.aborted) item.failed = 'error';
    } finally {
      item.done = true;
      wake();
      this.loadMore();
    }
  }

  private async play(): Promise<void> {
    this.playing = true;
    while (this.queue.length > 0 && !this.stopped) {
      const item = this.queue[0]!;
      if (SpeechOutput.browserVoice) await this.speakInBrowser(item.text);
      else {
        let played = 0;
        for (;;) {
          while (played < item.pieces.length) this.schedule(item.pieces[played++]!);
          if (item.done || this.stopped) break;
          await new Promise<void>((resolve) => (item.wake = resolve));
          item.wake = null;
        }
        if (item.failed === 'not-configured' && played === 0 && !this.stopped) {
          SpeechOutput.browserVoice = true;
          await this.speakInBrowser(item.text);
        } else if (item.failed === 'error' && !this.stopped) this.events.onProblem?.('failed');
      }
      this.queue.shift();
    }
    this.playing = false;
    if (this.stopped) return;
    // Idle once the last scheduled sound has played.
    const left = Math.max(0, (this.nextTime - this.context.currentTime) * 1000);
    this.idleTimer = setTimeout(() => {
      if (!this.busy && !this.stopped) this.events.onIdle();
    }, left + 50);
  }

  private schedule({ samples, rate }: { samples: Float32Array; rate: number }): void {
    if (this.stopped) return;
    const buffer = this.context.createBuffer(1, samples.length, rate);
    buffer.copyToChannel(samples as Float32Array<ArrayBuffer>, 0);
    const source = this.context.createBufferSource();
    source.buffer = buffer;
    source.connect(this.context.destination);
    const startAt = Math.max(this.context.currentTime + 0.005, this.nextTime);
    source.start(startAt);
    this.nextTime = startAt + buffer.duration;
    this.sources.add(source);
    source.onended = () => this.sources.delete(source);
    if (!this.firstAudioSent) {
      this.firstAudioSent = true;
      const latency = (this.context.outputLatency || this.context.baseLatency || 0) * 1000;
      this.events.onFirstAudio(performance.now() + (startAt - this.context.currentTime) * 1000 + latency);
    }
  }

  private async speakInBrowser(text: string): Promise<void> {
    this.browserVoiceFound ??= browserHasVoice();
    const synth = (await this.browserVoiceFound) ? synthesis() : null;
    if (this.stopped) return;
    if (!synth) {
      this.events.onProblem?.('no-voice');
      return;
    }
    return new Promise((resolve) => {
      const utterance = new SpeechSynthesisUtterance(text);
      utterance.onstart = () => {
        if (!this.firstAudioSent) {
          this.firstAudioSent = true;
          this.events.onFirstAudio(performance.now());
        }
      };
      utterance.onend = () => resolve();
      utterance.onerror = () => resolve();
      synth.speak(utterance);
    });
  }
}

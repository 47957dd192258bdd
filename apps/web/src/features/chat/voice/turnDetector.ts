/*
 * Voice-activity detection for voice mode, on loudness alone: frames of about 20 ms, each with its level
 * in dBFS and its time. The noise floor follows the quiet frames; a frame is voiced when it stands
 * VOICE_ABOVE_FLOOR_DB above it (and above an absolute minimum). Speech starts after ONSET_MS of voiced
 * frames; the turn ends after `silenceMs` without any (the setting). Silences inside the turn of
 * PAUSE_MIN_MS or more are kept, so pace can leave them out and long ones count as pauses.
 */

export const VOICE_ABOVE_FLOOR_DB = 12;
export const MIN_VOICE_DB = -50;
export const ONSET_MS = 60;
/** A silence inside a turn shorter than this is the gap between words, not a pause. */
export const PAUSE_MIN_MS = 250;

export interface Frame {
  /** Level in dBFS. */
  db: number;
  /** When the frame ended (ms, performance.now's clock). */
  at: number;
  /** How long the frame is (ms). */
  ms: number;
}

export interface Turn {
  /** When the first voiced frame began and the last one ended. */
  startedAt: number;
  endedAt: number;
  /** Time with speech: the turn less the pauses (ms). */
  speakingMs: number;
  /** Silences inside the turn of PAUSE_MIN_MS or more (ms). */
  pausesMs: number[];
}

export type DetectorEvent = { type: 'speech-start'; at: number } | { type: 'turn-end'; turn: Turn } | null;

export class TurnDetector {
  private floor = -70;
  private voicedRun = 0;
  private speaking = false;
  private startedAt = 0;
  private lastVoiceEnd = 0;
  private silence = 0;
  private pauses: number[] = [];

  constructor(private silenceMs: number) {}

  setSilence(ms: number): void {
    this.silenceMs = ms;
  }

  /** Whether a turn is under way (speech has started and not yet ended). */
  get inTurn(): boolean {
    return this.speaking;
  }

  /** Forgets any turn under way (voice mode paused, or the partner is taking its turn). */
  reset(): void {
    this.speaking = false;
    this.voicedRun = 0;
    this.silence = 0;
    this.pauses = [];
  }

  /** A turn starts at `at` without waiting for the onset (the learner interrupted the partner). */
  begin(at: number): void {
    this.speaking = true;
    this.startedAt = at;
    this.lastVoiceEnd = at;
    this.silence = 0;
    this.pauses = [];
  }

  isVoiced(db: number): boolean {
    return db >= MIN_VOICE_DB && db >= this.floor + VOICE_ABOVE_FLOOR_DB;
  }

  push(frame: Frame): DetectorEvent {
    const voiced = this.isVoiced(frame.db);
    // The floor falls fast to quiet frames and rises slowly, so speech does not lift it much.
    if (!voiced) this.floor = frame.db < this.floor ? frame.db : this.floor * 0.98 + frame.db * 0.02;
    if (!this.speaking) {
      this.voicedRun = voiced ? this.voicedRun + frame.ms : 0;
      if (this.voicedRun >= ONSET_MS) {
        this.speaking = true;
        this.startedAt = frame.at - this.voicedRun;
        this.lastVoiceEnd = frame.at;
        this.silence = 0;
        this.pauses = [];
        return { type: 'speech-start', at: this.startedAt };
      }
      return null;
    }
    if (voiced) {
      if (this.silence >= PAUSE_MIN_MS) this.pauses.push(Math.round(this.silence));
      this.silence = 0;
      this.lastVoiceEnd = frame.at;
      return null;
    }
    this.silence += frame.ms;
    if (this.silence < this.silenceMs) return null;
    const duration = this.lastVoiceEnd - this.startedAt;
    const turn: Turn = {
      startedAt: this.startedAt,
      endedAt: this.lastVoiceEnd,
      speakingMs: Math.max(0, Math.round(duration - this.pauses.reduce((a, b) => a + b, 0))),
      pausesMs: this.pauses,
    };
    this.reset();
    return { type: 'turn-end', turn };
  }
}

/** dBFS of a block of samples. */
export function levelOf(samples: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < samples.length; i++) sum += samples[i]! * samples[i]!;
  return 10 * Math.log10(sum / Math.max(1, samples.length) + 1e-10);
}

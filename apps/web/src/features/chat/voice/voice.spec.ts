import { describe, expect, it } from 'vitest';
import { SentenceSplitter } from './sentences';
import { PAUSE_MIN_MS, TurnDetector, type DetectorEvent } from './turnDetector';
import { clampSilence } from './voiceSettings';
import { encodeWav, resample, WavStreamReader } from './wav';

/** Feeds 20 ms frames: `script` is [level in dBFS, how many ms] pairs. */
function feed(detector: TurnDetector, script: Array<[number, number]>): DetectorEvent[] {
  const events: DetectorEvent[] = [];
  let at = 0;
  for (const [db, ms] of script) {
    for (let t = 0; t < ms; t += 20) {
      at += 20;
      const event = detector.push({ db, at, ms: 20 });
      if (event) events.push(event);
    }
  }
  return events;
}

describe('TurnDetector', () => {
  it('starts a turn on steady voice and ends it after the set silence, with the time spoken and the pauses', () => {
    const detector = new TurnDetector(1200);
    const events = feed(detector, [
      [-90, 1000], // room
      [-20, 1500], // speech
      [-90, 300], // gap between words: a pause of 300 ms
      [-22, 1000],
      [-90, 1100], // a long pause inside the turn (under the 1.2 s end of turn)
      [-25, 500],
      [-90, 1300], // the end of the turn
    ]);
    expect(events.map((e) => e?.type)).toEqual(['speech-start', 'turn-end']);
    const end = events[1] as Extract<DetectorEvent, { type: 'turn-end' }>;
    expect(end.turn.startedAt).toBe(1000);
    expect(end.turn.endedAt).toBe(5400);
    expect(end.turn.pausesMs).toEqual([300, 1100]);
    expect(end.turn.speakingMs).toBe(3000);
  });

  it('does not count the gaps between words as pauses', () => {
    const detector = new TurnDetector(800);
    const events = feed(detector, [
      [-90, 400],
      [-20, 400],
      [-90, PAUSE_MIN_MS - 20],
      [-20, 400],
      [-90, 900],
    ]);
    const end = events.at(-1) as Extract<DetectorEvent, { type: 'turn-end' }>;
    expect(end.turn.pausesMs).toEqual([]);
  });

  it('ignores a click shorter than the onset, and hears voice against a noisy room', () => {
    const detector = new TurnDetector(800);
    expect(
      feed(detector, [
        [-60, 2000],
        [-20, 40],
        [-60, 1000],
      ]),
    ).toEqual([]);
    expect(feed(detector, [[-35, 300]]).map((e) => e?.type)).toEqual(['speech-start']);
  });

  it('starts a turn at once when the learner interrupts', () => {
    const detector = new TurnDetector(500);
    detector.begin(100);
    expect(detector.inTurn).toBe(true);
    const events = feed(detector, [[-90, 600]]);
    expect(events[0]).toMatchObject({ type: 'turn-end', turn: { startedAt: 100 } });
  });
});

describe('SentenceSplitter', () => {
  it('hands on each sentence as soon as it is complete, and the rest at the end', () => {
    const splitter = new SentenceSplitter();
    expect(splitter.push('I hear')).toEqual([]);
    expect(splitter.push(' you. What would')).toEqual(['I hear you.']);
    expect(splitter.push(' help? Tell me')).toEqual(['What would help?']);
    expect(splitter.flush()).toEqual(['Tell me']);
  });

  it('does not end a sentence at "e.g." or "Dr.", nor inside $5.50, and reads no markdown marks', () => {
    const splitter = new SentenceSplitter();
    expect(splitter.push('Ask Dr. Lee, e.g. about the **$5.50** fee. Then')).toEqual([
      'Ask Dr. Lee, e.g. about the $5.50 fee.',
    ]);
    expect(splitter.push(' decide.\nNext line')).toEqual(['Then decide.']);
    expect(splitter.flush()).toEqual(['Next line']);
  });
});

describe('WAV', () => {
  it('encodes 16-bit mono and reads it back as it streams in, in pieces of any size', () => {
    const samples = new Float32Array(1000).map((_, i) => Math.sin(i / 10) * 0.5);
    const wav = encodeWav(samples, 16_000);
    const reader = new WavStreamReader();
    const out: number[] = [];
    for (let at = 0; at < wav.length; at += 37) out.push(...reader.push(wav.subarray(at, at + 37)));
    expect(reader.sampleRate).toBe(16_000);
    expect(out).toHaveLength(1000);
    out.forEach((v, i) => expect(v).toBeCloseTo(samples[i]!, 3));
  });

  it('refuses a stream that is not WAV', () => {
    expect(() => new WavStreamReader().push(new TextEncoder().encode('ID3 not a wave file'))).toThrow(
      /not a WAV/,
    );
  });

  it('resamples to the upload rate', () => {
    expect(resample(new Float32Array(48_000), 48_000, 16_000)).toHaveLength(16_000);
  });
});

describe('voice settings', () => {
  it('keeps the end-of-turn silence within its range, in steps of 100 ms', () => {
    expect(clampSilence(100)).toBe(500);
    expect(clampSilence(1234)).toBe(1200);
    expect(clampSilence(99_999)).toBe(4000);
  });
});

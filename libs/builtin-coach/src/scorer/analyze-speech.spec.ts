import { type TimedMessage, speechAnalysisSchema } from '@parley/contracts';
import { analyzeSpeech } from './analyze-speech';

const me = (
  content: string,
  timing: Partial<Pick<TimedMessage, 'durationMs' | 'pauseBeforeMs' | 'speakingMs' | 'pausesMs'>> = {},
): TimedMessage => ({
  sender: 'user',
  content,
  ...timing,
});
const ai = (content: string): TimedMessage => ({ sender: 'ai', content });

describe('analyzeSpeech', () => {
  it("counts only the learner's fillers, by word, with a rate per 100 words", () => {
    const report = analyzeSpeech([
      ai('Um, so, like, what do you think?'),
      me('Um, I think, like, we should, um, ship it.'),
      me('I like the plan.'),
    ]);
    expect(report.totalWords).toBe(13);
    expect(report.fillerWords).toEqual([
      { word: 'um', count: 2 },
      { word: 'like', count: 1 },
    ]);
    expect(report.totalFillers).toBe(3);
    expect(report.fillerRatePer100Words).toBe(23.1);
    expect(speechAnalysisSchema.parse(report)).toEqual(report);
  });

  it('computes words per minute from the timed messages only', () => {
    const report = analyzeSpeech([
      me('We can ship the release on Friday at noon.', { durationMs: 4000 }), // 9 words in 4 s
      me('I will send the plan to the whole team today.', { durationMs: 5000 }), // 10 words in 5 s
      me('This one was typed, so it has no timing at all.'),
    ]);
    // 19 words over 9 s = 126.7 wpm
    expect(report.wordsPerMinute).toBe(126.7);
  });

  it('reports no pace when no message has a duration', () => {
    expect(analyzeSpeech([me('Hello there, nice to meet you.')]).wordsPerMinute).toBeNull();
  });

  it('lists pauses of 3 seconds or more before a message, by index in the transcript', () => {
    const report = analyzeSpeech([
      ai('What number did you have in mind?'),
      me('Fifty-seven thousand.', { pauseBeforeMs: 4200, durationMs: 1500 }),
      ai('That is above our band.'),
      me('I understand.', { pauseBeforeMs: 2999, durationMs: 800 }),
      me('What if we met at fifty-six?', { pauseBeforeMs: 3000, durationMs: 2000 }),
    ]);
    expect(report.longPauses).toEqual([
      { messageIndex: 1, seconds: 4.2 },
      { messageIndex: 4, seconds: 3 },
    ]);
  });

  it('reads an ellipsis as a pause when a message has no timing, but not when it has', () => {
    const untimed = analyzeSpeech([me('I was thinking... maybe we could… talk later.')]);
    expect(untimed.longPauses).toEqual([
      { messageIndex: 0, seconds: 3 },
      { messageIndex: 0, seconds: 3 },
    ]);
    expect(untimed.fluencyExplanation).toContain('2 of them from "..." in the text');
    const timed = analyzeSpeech([
      me('I was thinking... talk later.', { durationMs: 3000, pauseBeforeMs: 500 }),
    ]);
    expect(timed.longPauses).toEqual([]);
  });

  it('scores a fluent message higher than a filler-heavy one', () => {
    const fluent = analyzeSpeech([
      me('I would like to propose that we move the launch to March 21st so QA can close the checkout bugs.', {
        durationMs: 8000,
      }),
    ]);
    const halting = analyzeSpeech([
      me(
        'Um, so, I I was, like, thinking, you know, that we could, uh, basically, kind of move the, the launch?',
        {
          durationMs: 8000,
          pauseBeforeMs: 5000,
        },
      ),
    ]);
    expect(fluent.fluencyScore).toBeGreaterThan(halting.fluencyScore);
    expect(fluent.fluencyScore).toBeGreaterThanOrEqual(90);
    expect(halting.fluencyScore).toBeLessThan(50);
  });

  it('penalises pace outside 110–170 words per minute', () => {
    const words = 'we can ship the release on friday at noon and tell the team today';
    const steady = analyzeSpeech([me(words, { durationMs: 6000 })]); // 14 words in 6 s = 140 wpm
    const rushed = analyzeSpeech([me(words, { durationMs: 3000 })]); // 280 wpm
    const slow = analyzeSpeech([me(words, { durationMs: 14000 })]); // 60 wpm
    expect(steady.fluencyScore).toBe(100);
    expect(rushed.fluencyScore).toBe(80);
    expect(slow.fluencyScore).toBe(80);
    expect(rushed.fluencyExplanation).toContain('above the 110–170 range');
  });

  it('explains the score with each part of the formula and its value', () => {
    const report = analyzeSpeech([
      me('Um, I I think we should, like, ship it on Friday.', { durationMs: 2000, pauseBeforeMs: 3500 }),
    ]);
    // 11 words: 2 fillers (18.2 per 100 -> 40, the cap), 1 pause (5), 330 wpm (160 over -> 20, the cap),
    // 1 repetition (9.1 per 100 -> 20, the cap).
    expect(report.fluencyScore).toBe(15);
    expect(report.fluencyExplanation).toBe(
      'Fluency 15/100 = 100 − fillers 40 (2 in 11 words = 18.2 per 100 words × 4, at most 40)' +
        ' − pauses 5 (1 long pause of 3s or more × 5, at most 20)' +
        ' − pace 20 (330 wpm is 160 above the 110–170 range × 0.5, at most 20)' +
        ' − repetitions 20 (1 repeated word = 9.1 per 100 words × 3, at most 20).',
    );
  });

  describe('spoken turns (voice mode)', () => {
    it('paces a spoken turn over the time actually spoken, not the whole turn', () => {
      // 12 words in 4.8 s of speech = 150 wpm; the 2.2 s silence inside the turn does not slow the pace.
      const report = analyzeSpeech([
        ai('Tell me more.'),
        me('So the scope came late and the team still shipped every feature we promised.', {
          durationMs: 7000,
          speakingMs: 4800,
          pausesMs: [2200],
        }),
      ]);
      expect(report.wordsPerMinute).toBe(175);
      expect(report.turns).toEqual([
        {
          messageIndex: 1,
          spoken: true,
          words: 14,
          fillers: 0,
          speakingSeconds: 4.8,
          wordsPerMinute: 175,
          longPauses: [2.2],
        },
      ]);
      expect(speechAnalysisSchema.parse(report)).toEqual(report);
    });

    it('counts silences inside a turn of a second or more as long pauses, shorter ones not', () => {
      const report = analyzeSpeech([
        me('Um, I think, uh, we could meet on Friday.', { speakingMs: 3000, pausesMs: [300, 1000, 1400] }),
      ]);
      expect(report.longPauses).toEqual([
        { messageIndex: 0, seconds: 1 },
        { messageIndex: 0, seconds: 1.4 },
      ]);
      expect(report.turns?.[0]).toMatchObject({ fillers: 2, longPauses: [1, 1.4] });
      expect(report.fluencyExplanation).toContain('1s or more of silence while speaking');
    });

    it('leaves typed turns unpaced beside spoken ones, and paces the session over the spoken ones', () => {
      const report = analyzeSpeech([
        me('I typed this one with care.'),
        me('And I said this one out loud today.', { speakingMs: 3000 }),
      ]);
      expect(report.turns?.map((t) => [t.spoken, t.wordsPerMinute])).toEqual([
        [false, null],
        [true, 160],
      ]);
      expect(report.wordsPerMinute).toBe(160);
    });
  });

  it('gives an empty transcript zero fluency and says why', () => {
    const report = analyzeSpeech([ai('Hello?')]);
    expect(report).toMatchObject({
      totalWords: 0,
      totalFillers: 0,
      fillerRatePer100Words: 0,
      wordsPerMinute: null,
    });
    expect(report.fluencyScore).toBe(0);
    expect(report.fluencyExplanation).toMatch(/no spoken or typed words/);
  });
});

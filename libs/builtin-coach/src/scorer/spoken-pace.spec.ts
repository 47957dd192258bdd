import { INTERVIEW_ABOUT_YOURSELF } from '../__fixtures__/scenarios';
import { scoreTranscript } from './score-transcript';

/*
 * Voice mode: a spoken turn carries the time the learner was actually speaking (`speakingMs`), and the
 * feedback's clarity uses its pace. Typed turns are judged as before.
 */

const OPENING = { sender: 'ai' as const, content: 'So, tell me about yourself.' };
const ANSWER =
  'I have led a team of five for two years, and last quarter we shipped the new billing system two weeks early.';
const FOLLOW_UP = { sender: 'ai' as const, content: 'What did you learn from that?' };
const SECOND =
  'I learned to plan the work in small steps, so the team could see progress every week and ask for help early.';
const words = (text: string) => text.split(/\s+/).length;
/** The speaking time that gives `text` a pace of `wpm` words a minute. */
const at = (text: string, wpm: number) => Math.round((words(text) / wpm) * 60_000);

const typed = [
  OPENING,
  { sender: 'user' as const, content: ANSWER },
  FOLLOW_UP,
  { sender: 'user' as const, content: SECOND },
];
const spoken = (wpm1: number, wpm2: number) => [
  OPENING,
  { sender: 'user' as const, content: ANSWER, speakingMs: at(ANSWER, wpm1) },
  FOLLOW_UP,
  { sender: 'user' as const, content: SECOND, speakingMs: at(SECOND, wpm2) },
];
const said = (f: ReturnType<typeof scoreTranscript>) =>
  [...f.strengths, ...f.weaknesses, ...f.suggestions].join('\n');

describe('the feedback on spoken turns: pace from the time the learner actually spoke', () => {
  it('says nothing about pace for typed turns, or for spoken ones at an easy pace', () => {
    const base = scoreTranscript(typed, INTERVIEW_ABOUT_YOURSELF);
    const easy = scoreTranscript(spoken(140, 155), INTERVIEW_ABOUT_YOURSELF);
    expect(said(base)).not.toMatch(/words a minute/);
    expect(said(easy)).not.toMatch(/words a minute/);
    expect(easy.clarity).toBe(base.clarity);
  });

  it('names the fastest turn, its measured pace, and costs clarity', () => {
    const base = scoreTranscript(typed, INTERVIEW_ABOUT_YOURSELF);
    const fast = scoreTranscript(spoken(150, 230), INTERVIEW_ABOUT_YOURSELF);
    expect(fast.clarity).toBeLessThan(base.clarity);
    const weakness = fast.weaknesses.find((w) => /words a minute/.test(w));
    expect(weakness).toMatch(/^You spoke “I learned to plan the work/);
    expect(weakness).toMatch(/at 230 words a minute, faster than the 110–170 words a minute/);
    expect(fast.suggestions.join('\n')).toMatch(/Slow down to about 150 words a minute/);
    // The evidence points at that turn, with the measured figure.
    const evidence = fast.evidence.clarity.find((e) => /words a minute/.test(e.reason));
    expect(evidence).toMatchObject({ index: 3, effect: 'cost' });
    expect(evidence?.line).toBe(SECOND);
    // The easy first turn is not blamed.
    expect(fast.evidence.clarity.filter((e) => /words a minute/.test(e.reason))).toHaveLength(1);
  });

  it('calls a very slow turn slow, not fast', () => {
    const slow = scoreTranscript(spoken(80, 150), INTERVIEW_ABOUT_YOURSELF);
    const weakness = slow.weaknesses.find((w) => /words a minute/.test(w));
    expect(weakness).toMatch(/at 80 words a minute, slower than/);
    expect(slow.suggestions.join('\n')).toMatch(/steady pace/);
  });

  it('does not judge the pace of a turn too short to tell (a few words, or under two seconds)', () => {
    const short = scoreTranscript(
      [OPENING, { sender: 'user' as const, content: 'Yes, I can start in May.', speakingMs: 600 }],
      INTERVIEW_ABOUT_YOURSELF,
    );
    expect(said(short)).not.toMatch(/words a minute/);
  });
});

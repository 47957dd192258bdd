import { LONG_PAUSE_IN_TURN_MS, type SpeechAnalysis, type TimedMessage } from '@parley/contracts';
import { findFillers, findRepetitions } from '../text/fillers';
import { analyseText } from '../text/nlp';

/*
 * Filler words, pace, pauses and fluency over the learner's side of a session. A spoken turn (voice mode)
 * brings what the browser's voice-activity detection measured: `speakingMs`, the time the learner was
 * actually speaking, gives its pace, and each silence inside it of LONG_PAUSE_IN_TURN_MS or more is a long
 * pause; its fillers come from the verbatim transcript. Dictated turns (`durationMs` only) are paced over
 * the recording time, and typed ones are not paced at all. The fluency score is a plain formula, and the explanation spells out every part of it with the learner's own numbers:
 *
 *   fluency = 100 − fillers − pauses − pace − repetitions, clamped to 0..100, where
 *     fillers     = min(40, 4 × fillers per 100 words)
 *     pauses      = min(20, 5 × long pauses)
 *     pace        = min(20, 0.5 × words-per-minute outside 110–170)   (0 when durations are unknown)
 *     repetitions = min(20, 3 × repeated words per 100 words)
 */

export const LONG_PAUSE_MS = 3000;
export const PACE_RANGE_WPM = { min: 110, max: 170 } as const;

const FILLER_WEIGHT = 4;
const FILLER_CAP = 40;
const PAUSE_WEIGHT = 5;
const PAUSE_CAP = 20;
const PACE_WEIGHT = 0.5;
const PACE_CAP = 20;
const REPETITION_WEIGHT = 3;
const REPETITION_CAP = 20;

const round1 = (n: number): number => Math.round(n * 10) / 10;
const ELLIPSIS = /\.{3,}|…|\.\s\.\s\./g;

export function analyzeSpeech(messages: TimedMessage[]): SpeechAnalysis {
  const fillerCounts = new Map<string, number>();
  const longPauses: SpeechAnalysis['longPauses'] = [];
  let totalWords = 0;
  let repetitions = 0;
  let timedWords = 0;
  let timedMs = 0;
  let ellipsisPauses = 0;

  const turns: NonNullable<SpeechAnalysis['turns']> = [];

  messages.forEach((message, messageIndex) => {
    if (message.sender !== 'user') return;
    const analysed = analyseText(message.content);
    totalWords += analysed.words;
    const fillers = findFillers(analysed);
    for (const hit of fillers) fillerCounts.set(hit.filler, (fillerCounts.get(hit.filler) ?? 0) + 1);
    repetitions += findRepetitions(analysed).length;

    const spoken = message.speakingMs !== undefined && message.speakingMs > 0;
    // Spoken: the time actually spoken; dictated: the recording's length.
    const paceMs = spoken ? message.speakingMs : message.durationMs;
    if (paceMs !== undefined && paceMs > 0) {
      timedWords += analysed.words;
      timedMs += paceMs;
    }
    const inTurn = (message.pausesMs ?? []).filter((ms) => ms >= LONG_PAUSE_IN_TURN_MS);
    turns.push({
      messageIndex,
      spoken,
      words: analysed.words,
      fillers: fillers.length,
      speakingSeconds: spoken ? round1((message.speakingMs ?? 0) / 1000) : null,
      wordsPerMinute: spoken ? round1(analysed.words / ((message.speakingMs ?? 1) / 60_000)) : null,
      longPauses: inTurn.map((ms) => round1(ms / 1000)),
    });
    const timed = spoken || message.durationMs !== undefined || message.pauseBeforeMs !== undefined;
    if (timed) {
      if ((message.pauseBeforeMs ?? 0) >= LONG_PAUSE_MS) {
        longPauses.push({ messageIndex, seconds: round1((message.pauseBeforeMs ?? 0) / 1000) });
      }
      for (const ms of inTurn) longPauses.push({ messageIndex, seconds: round1(ms / 1000) });
    } else {
      // Typed or transcribed without timing: an ellipsis is where the speaker trailed off. Its length
      // is unknown, so it is reported at the threshold, the least it stands for.
      const marks = message.content.match(ELLIPSIS)?.length ?? 0;
      for (let i = 0; i < marks; i++) longPauses.push({ messageIndex, seconds: LONG_PAUSE_MS / 1000 });
      ellipsisPauses += marks;
    }
  });

  const fillerWords = [...fillerCounts.entries()]
    .map(([word, count]) => ({ word, count }))
    .sort((a, b) => b.count - a.count || a.word.localeCompare(b.word));
  const totalFillers = fillerWords.reduce((sum, f) => sum + f.count, 0);
  const fillerRatePer100Words = totalWords > 0 ? round1((totalFillers / totalWords) * 100) : 0;
  const wordsPerMinute = timedMs > 0 ? round1(timedWords / (timedMs / 60_000)) : null;
  const repetitionRate = totalWords > 0 ? (repetitions / totalWords) * 100 : 0;

  if (totalWords === 0) {
    return {
      totalWords,
      fillerWords,
      totalFillers,
      fillerRatePer100Words,
      wordsPerMinute,
      longPauses,
      fluencyScore: 0,
      fluencyExplanation: 'Fluency 0/100: there were no spoken or typed words from you to analyse.',
      turns,
    };
  }

  const fillerPenalty = round1(Math.min(FILLER_CAP, FILLER_WEIGHT * fillerRatePer100Words));
  const pausePenalty = Math.min(PAUSE_CAP, PAUSE_WEIGHT * longPauses.length);
  const outsidePace =
    wordsPerMinute === null
      ? 0
      : wordsPerMinute < PACE_RANGE_WPM.min
        ? PACE_RANGE_WPM.min - wordsPerMinute
        : Math.max(0, wordsPerMinute - PACE_RANGE_WPM.max);
  const pacePenalty = round1(Math.min(PACE_CAP, PACE_WEIGHT * outsidePace));
  const repetitionPenalty = round1(Math.min(REPETITION_CAP, REPETITION_WEIGHT * repetitionRate));
  const fluencyScore = Math.round(
    Math.max(0, Math.min(100, 100 - fillerPenalty - pausePenalty - pacePenalty - repetitionPenalty)),
  );

  const paceText =
    wordsPerMinute === null
      ? 'pace 0 (no timing, so pace was not measured)'
      : outsidePace === 0
        ? `pace 0 (${wordsPerMinute} wpm is inside ${PACE_RANGE_WPM.min}–${PACE_RANGE_WPM.max})`
        : `pace ${pacePenalty} (${wordsPerMinute} wpm is ${round1(outsidePace)} ${
            wordsPerMinute < PACE_RANGE_WPM.min ? 'below' : 'above'
          } the ${PACE_RANGE_WPM.min}–${PACE_RANGE_WPM.max} range × ${PACE_WEIGHT}, at most ${PACE_CAP})`;
  const pauseRule = turns.some((t) => t.spoken)
    ? `(${LONG_PAUSE_MS / 1000}s or more before you spoke, ${LONG_PAUSE_IN_TURN_MS / 1000}s or more of silence while speaking)`
    : `of ${LONG_PAUSE_MS / 1000}s or more`;
  const pauseSource = ellipsisPauses > 0 ? `, ${ellipsisPauses} of them from "..." in the text` : '';
  const fluencyExplanation =
    `Fluency ${fluencyScore}/100 = 100` +
    ` − fillers ${fillerPenalty} (${totalFillers} in ${totalWords} words = ${fillerRatePer100Words} per 100 words × ${FILLER_WEIGHT}, at most ${FILLER_CAP})` +
    ` − pauses ${pausePenalty} (${longPauses.length} long pause${longPauses.length === 1 ? '' : 's'} ${pauseRule}${pauseSource} × ${PAUSE_WEIGHT}, at most ${PAUSE_CAP})` +
    ` − ${paceText}` +
    ` − repetitions ${repetitionPenalty} (${repetitions} repeated word${repetitions === 1 ? '' : 's'} = ${round1(repetitionRate)} per 100 words × ${REPETITION_WEIGHT}, at most ${REPETITION_CAP}).`;

  return {
    totalWords,
    fillerWords,
    totalFillers,
    fillerRatePer100Words,
    wordsPerMinute,
    longPauses,
    fluencyScore,
    fluencyExplanation,
    turns,
  };
}

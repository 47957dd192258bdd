/**
 * Voice mode's latency, measured in the browser on performance.now()'s clock and recorded with the User
 * Timing API (performance.measure), so DevTools' Performance panel and the browser tests read the same
 * figures:
 *
 *   voice:end-of-speech→first-audio   the learner's last voiced frame → the partner's first sound at the
 *                                     speakers: what the learner waits for (the end-of-turn silence included)
 *   voice:turn-end→first-audio        the end of turn decided (that silence over) → first sound: the
 *                                     system's own share (transcription, reply, speech, transport, playback)
 *   voice:turn-end→transcript         of which the transcription
 *   voice:first-token→first-audio     the reply's first piece → its first spoken sound
 *   and the steps between: transcript→first-token, first-token→first-sentence,
 *   first-sentence→first-audio-bytes, first-audio-bytes→first-audio
 *   voice:barge-in                    the learner starting to speak over the partner → the partner stopping
 */

export interface TurnClock {
  endOfSpeechAt: number;
  turnEndAt: number;
  transcriptAt?: number;
  firstTokenAt?: number;
  /** The reply's first complete sentence, handed to the voice. */
  firstSentenceAt?: number;
  /** Its first audio arrived. */
  firstBytesAt?: number;
  firstAudioAt?: number;
}

export const VOICE_MEASURES = {
  endOfSpeechToAudio: 'voice:end-of-speech→first-audio',
  turnEndToAudio: 'voice:turn-end→first-audio',
  turnEndToTranscript: 'voice:turn-end→transcript',
  firstTokenToAudio: 'voice:first-token→first-audio',
  transcriptToToken: 'voice:transcript→first-token',
  tokenToSentence: 'voice:first-token→first-sentence',
  sentenceToBytes: 'voice:first-sentence→first-audio-bytes',
  bytesToAudio: 'voice:first-audio-bytes→first-audio',
  bargeIn: 'voice:barge-in',
} as const;

function measure(name: string, start: number | undefined, end: number | undefined): void {
  if (typeof performance === 'undefined' || typeof performance.measure !== 'function') return;
  if (start === undefined || end === undefined || end < start) return;
  try {
    performance.measure(name, { start, end });
  } catch {
    // an old browser without measure options: nothing recorded
  }
}

/** The learner spoke over the partner: from their first voiced frame to the partner's voice stopping. */
export function markBargeIn(startedAt: number, stoppedAt: number): void {
  measure(VOICE_MEASURES.bargeIn, startedAt, stoppedAt);
}

export function markVoiceLatency(clock: TurnClock): void {
  measure(VOICE_MEASURES.endOfSpeechToAudio, clock.endOfSpeechAt, clock.firstAudioAt);
  measure(VOICE_MEASURES.turnEndToAudio, clock.turnEndAt, clock.firstAudioAt);
  measure(VOICE_MEASURES.turnEndToTranscript, clock.turnEndAt, clock.transcriptAt);
  measure(VOICE_MEASURES.firstTokenToAudio, clock.firstTokenAt, clock.firstAudioAt);
  measure(VOICE_MEASURES.transcriptToToken, clock.transcriptAt, clock.firstTokenAt);
  measure(VOICE_MEASURES.tokenToSentence, clock.firstTokenAt, clock.firstSentenceAt);
  measure(VOICE_MEASURES.sentenceToBytes, clock.firstSentenceAt, clock.firstBytesAt);
  measure(VOICE_MEASURES.bytesToAudio, clock.firstBytesAt, clock.firstAudioAt);
}

import { AI_ERRORS } from '@parley/contracts/constants';

/** A server's error text as the start of a sentence of ours: without its closing full stop. */
const clause = (error: string) => error.trim().replace(/[.\s]+$/, '');

/** What the chat screen says when speech cannot be heard or said, in words, before or as it happens. */
export const SPEECH_TEXTS = {
  /** Under the microphone and voice mode when the server cannot transcribe, before the learner speaks. */
  speechToTextUnavailable: `${AI_ERRORS.speechNotConfigured}: voice input and voice mode are not available. Type your message instead.`,
  /** The microphone button's name then. */
  voiceInputUnavailable: 'Voice input is not available',
  /** Read aloud with no voice anywhere: not the browser's, not the server's. */
  readAloudUnavailable:
    'Read aloud is not available: this browser has no voice to read with, and this server has no text-to-speech.',
  readAloudFailed: 'This message could not be read aloud. Try again in a moment.',
  /** Voice mode with no voice anywhere: the conversation goes on, in writing. */
  repliesNotSpoken:
    'The partner’s replies are shown, not spoken: this browser has no voice, and this server has no text-to-speech.',
  replyNotSpoken: 'Part of the partner’s reply could not be spoken: read it in the conversation above.',
  /** A turn of voice mode that failed to transcribe: voice mode pauses rather than go on listening. */
  turnNotTranscribed: (error: string) =>
    `What you said could not be transcribed: ${clause(error)}. Voice mode is paused: select Resume and say it again.`,
} as const;

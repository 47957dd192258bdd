/**
 * Everything voice mode runs, in one module the chat screen loads only when the learner turns voice
 * mode on (useVoiceMode imports it dynamically): the chat screen does not pay for it otherwise.
 */
export { SentenceSplitter } from './sentences';
export { SpeechOutput } from './speechOutput';
export { levelOf, TurnDetector } from './turnDetector';
export { MicrophoneDeniedError, VoiceCapture } from './voiceCapture';
export { markBargeIn, markVoiceLatency } from './voiceLatency';
export { encodeWav, resample, UPLOAD_RATE } from './wav';

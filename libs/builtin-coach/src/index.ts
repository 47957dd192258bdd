/*
 * Parley's own offline partner, scorer and coach: pure functions over text, no I/O. The coaching service
 * serves them through its builtin provider; the sessions service drafts own scenarios with them.
 */
export { type CoachQuestionInput, answerQuestion } from './coach/answer-question';
export { coachMessage } from './coach/inline-coaching';
export { generateOpening, generateReply } from './partner/roleplay-engine';
export { closestScenarios, cut, draftScenario } from './scenario/draft-scenario';
export { roleNoun } from './scenario/persona-profile';
export { analyzeSpeech } from './scorer/analyze-speech';
export { type ClaimGate, type ClaimKind, SHIPPED_GATE, UNGATED, WITHHELD_CLAIMS } from './scorer/claim-gate';
export { scoreTranscript } from './scorer/score-transcript';
export { extractFigures } from './text/figures';
export { LINE_ACTS, type LineAct, lineActs } from './text/line-acts';

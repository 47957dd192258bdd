/*
 * The door the coaching eval (apps/coaching-eval) comes in by: the providers as the service runs them,
 * and nothing of the engine behind them, so the eval can only judge what a learner would see.
 */
export type { AiProvider, CoachPiece, FeedbackInput, RoleplayInput } from './modules/ai/ai-provider';
export { BuiltinProvider } from './modules/ai/builtin-provider';
export { OpenAiProvider } from './modules/ai/openai-provider';

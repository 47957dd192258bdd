/** Navigation state that resumes a chat: set by /session/resume when it opens /scenario/:id. */
export interface ChatResumeState {
  resume: true;
  /** The stored session to continue (its turns are appended to it), when known. */
  sessionId?: string;
  messages?: ReadonlyArray<{ sender: string; content: string }>;
  tone?: string;
  avatar?: string;
  /** "Try again from here": the learner's line to rework, put in the input. */
  draft?: string;
  /** "Try again from here": the session and learner message this attempt retries. */
  retryOf?: { sessionId: string; fromIndex: number };
}

export function isChatResumeState(state: unknown): state is ChatResumeState {
  if (typeof state !== 'object' || state === null) return false;
  const candidate = state as Record<string, unknown>;
  return candidate['resume'] === true || Array.isArray(candidate['messages']);
}

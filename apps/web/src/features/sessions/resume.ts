import type { PracticeSession } from '@parley/contracts';
import type { NavigateOptions } from 'react-router';
import type { ChatResumeState } from '../chat/chatNavigation';

export interface ResumeTarget {
  to: string;
  options: NavigateOptions;
}

/**
 * Where Continue Practice takes the user. An active session reopens in the chat with its messages, tone
 * and avatar (spec section 2). A completed one cannot take more turns, so it opens its scenario's detail
 * screen instead (no resume state), where Start Practice begins a fresh session of the same scenario.
 */
export function resumeTarget(session: PracticeSession): ResumeTarget {
  const to = `/scenario/${encodeURIComponent(session.scenario_id)}`;
  if (session.status === 'completed') return { to, options: { replace: true } };
  const state: ChatResumeState = {
    resume: true,
    sessionId: session.id,
    messages: session.messages,
    tone: session.tone_preference,
    avatar: session.avatar_style ?? undefined,
  };
  return { to, options: { replace: true, state } };
}

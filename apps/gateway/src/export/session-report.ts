import { Injectable } from '@nestjs/common';
import {
  RPC,
  type ExportPdfBody,
  type PracticeSession,
  type CoachThreadEntry,
  type Scenario,
  type StoredFeedback,
} from '@parley/contracts';
import type { AuthenticatedUser } from '../auth/access-token';
import { ServiceClients } from '../rpc/service-clients';

export class EmptySessionError extends Error {}

/**
 * A stored session as an export's input: its messages, its scenario, its feedback (scores, lists and
 * objectives) when there is one, and its Ask-the-coach thread.
 * The session is read as the caller, so a session id that is not theirs answers sessions' 404.
 */
@Injectable()
export class SessionReport {
  constructor(private readonly clients: ServiceClients) {}

  async of(user: AuthenticatedUser, sessionId: string): Promise<ExportPdfBody> {
    const session = await this.clients.sendAs<PracticeSession>(user, 'sessions', RPC.sessions.getSession, {
      id: sessionId,
    });
    const [scenario, feedback, coach] = await Promise.all([
      this.clients
        .sendAs<Scenario>(user, 'sessions', RPC.sessions.getScenario, { id: session.scenario_id })
        .catch(() => null),
      this.clients.sendAs<StoredFeedback | null>(user, 'sessions', RPC.sessions.getFeedback, {
        id: sessionId,
      }),
      this.clients
        .sendAs<CoachThreadEntry[]>(user, 'sessions', RPC.sessions.getCoachThread, { id: sessionId })
        .catch((): CoachThreadEntry[] => []),
    ]);
    return {
      title: 'Practice Session Report',
      scenario: scenario
        ? {
            title: scenario.title,
            description: scenario.description,
            userRole: scenario.userRole,
            aiRole: scenario.aiRole,
          }
        : { title: session.scenario_id },
      tone: session.tone_preference,
      date: new Date(session.created_at).toISOString(),
      avatar_style: session.avatar_style,
      messages: session.messages.map((m) => ({ sender: m.sender, content: m.content })),
      feedback: feedback
        ? {
            clarity: feedback.clarity,
            empathy: feedback.empathy,
            persuasion: feedback.persuasion,
            strengths: feedback.strengths,
            weaknesses: feedback.weaknesses,
            suggestions: feedback.suggestions,
            ...(feedback.objectives?.length
              ? {
                  objectives: feedback.objectives.map(({ objective, met, unsure, line }) => ({
                    objective,
                    met,
                    ...(unsure ? { unsure } : {}),
                    ...(line ? { line } : {}),
                  })),
                }
              : {}),
          }
        : null,
      ...(coach.length ? { coach: coach.map(({ sender, content }) => ({ sender, content })) } : {}),
    };
  }
}

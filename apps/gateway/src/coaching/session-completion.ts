import { HttpException, Injectable } from '@nestjs/common';
import {
  RPC,
  SESSION_FLOW_ERRORS,
  type CreateSessionBody,
  type Message,
  type PracticeSession,
  type Scenario,
  type ScenarioDefinition,
  type SessionFeedback,
  type StoredFeedback,
} from '@parley/contracts';
import type { AuthenticatedUser } from '../auth/access-token';
import { ServiceClients } from '../rpc/service-clients';

/** The orchestration across sessions and coaching that more than one route needs. */
@Injectable()
export class SessionCompletion {
  constructor(private readonly clients: ServiceClients) {}

  /** The full definition for a catalogue scenario (the caller must be allowed to practise it). */
  async definitionFor(
    user: AuthenticatedUser,
    scenarioId: string | undefined,
  ): Promise<ScenarioDefinition | undefined> {
    if (!scenarioId) return undefined;
    try {
      return await this.clients.sendAs<ScenarioDefinition>(
        user,
        'sessions',
        RPC.sessions.scenarioDefinition,
        { id: scenarioId },
      );
    } catch (error) {
      if (error instanceof HttpException && error.getStatus() === 404) return undefined; // played from title and description
      throw error;
    }
  }

  /**
   * POST /api/user/sessions: the scenario's active session when there is one (reopening a chat, a reload,
   * going back: no second session), else a new one that opens with the partner's line, generated and
   * stored here (the client never writes it). `start_over` asks for a new one regardless.
   */
  async open(user: AuthenticatedUser, body: CreateSessionBody): Promise<PracticeSession> {
    if (!body.start_over) {
      const active = await this.clients.sendAs<PracticeSession | null>(
        user,
        'sessions',
        RPC.sessions.activeSession,
        { scenario_id: body.scenario_id },
      );
      if (active) return active;
    }
    const scenario = await this.clients.sendAs<Scenario>(user, 'sessions', RPC.sessions.getScenario, {
      id: body.scenario_id,
    });
    // A locked scenario gets no opening: sessions refuses the start with the reason.
    const messages: Message[] = scenario.locked
      ? []
      : [{ sender: 'ai', content: await this.opening(user, scenario, body.tone_preference) }];
    return this.clients.sendAs<PracticeSession>(user, 'sessions', RPC.sessions.startSession, {
      ...body,
      messages,
    });
  }

  /** The partner's opening line; the spec's fallback when it cannot be generated. */
  private async opening(user: AuthenticatedUser, scenario: Scenario, tone: string): Promise<string> {
    const fallback = `Let's begin practicing **${scenario.title}**.`;
    try {
      const definition = await this.definitionFor(user, scenario.id);
      const { content } = await this.clients.sendAs<{ content: unknown }>(
        user,
        'coaching',
        RPC.coaching.opening,
        {
          definition,
          scenario: { id: scenario.id, title: scenario.title, description: scenario.description },
          tone,
        },
      );
      return typeof content === 'string' && content.trim() ? content : fallback;
    } catch {
      return fallback;
    }
  }

  /**
   * Completes a session once: coaching computes feedback for the STORED transcript, sessions keeps it
   * and publishes session-completed. Asking again returns what was stored.
   */
  async complete(user: AuthenticatedUser, sessionId: string): Promise<StoredFeedback> {
    const stored = await this.clients.sendAs<StoredFeedback | null>(
      user,
      'sessions',
      RPC.sessions.getFeedback,
      { id: sessionId },
    );
    if (stored) return stored;
    const session = await this.clients.sendAs<PracticeSession>(user, 'sessions', RPC.sessions.getSession, {
      id: sessionId,
    });
    if (!answered(session)) throw new HttpException({ error: SESSION_FLOW_ERRORS.notAnswered }, 409);
    const definition = await this.definitionFor(user, session.scenario_id).catch(() => undefined);
    const feedback = await this.clients.sendAs<SessionFeedback>(user, 'coaching', RPC.coaching.feedback, {
      messages: session.messages,
      definition,
    });
    return this.clients.sendAs<StoredFeedback>(user, 'sessions', RPC.sessions.completeSession, {
      id: sessionId,
      feedback,
    });
  }
}

/** Whether a learner line of the session's own (a retry's copied lines are not) has the partner's reply. */
export function answered(session: Pick<PracticeSession, 'messages' | 'branch_from_index'>): boolean {
  const from = session.branch_from_index ?? 0;
  return session.messages.some(
    (m, i) => i >= from && m.sender === 'user' && session.messages[i + 1]?.sender === 'ai',
  );
}

import { HttpException, Injectable } from '@nestjs/common';
import {
  RPC,
  type PracticeSession,
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

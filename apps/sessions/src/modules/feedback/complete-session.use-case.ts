import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  SESSION_FLOW_ERRORS,
  sessionFeedbackSchema,
  type SessionFeedback,
  type StoredFeedback,
} from '@parley/contracts';
import { queryRows } from '@parley/server-database';
import { createEvent, Outbox } from '@parley/server-messaging';
import { RpcError } from '@parley/server-observability';
import type { Caller } from '../rpc-caller';
import { SESSION_ERRORS } from '../practice/use-cases/start-session.use-case';
import { FeedbackRepository } from './feedback.repository';

/**
 * Ends a session exactly once: it becomes completed, the coaching service's feedback for its stored
 * transcript is kept, and session-completed goes out through the outbox, all in one transaction. Completing
 * again returns the stored feedback with no second event. Only a session with a learner line of its own
 * (a retry's copied lines are not) answered by the partner can end: there is nothing to score otherwise.
 */
@Injectable()
export class CompleteSessionUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
    private readonly feedback: FeedbackRepository,
  ) {}

  async execute(caller: Caller, sessionId: string, computed: SessionFeedback): Promise<StoredFeedback> {
    const fb = sessionFeedbackSchema.parse(computed);
    return this.dataSource.transaction(async (manager) => {
      const completed = await queryRows<{
        scenario_id: string;
        message_count: number;
        category: string;
        completed_at: Date;
      }>(
        manager,
        `UPDATE practice_sessions p SET status = 'completed', completed_at = now(), updated_at = now()
          FROM scenarios s WHERE p.id = $1 AND p.user_id = $2 AND p.status = 'active' AND s.id = p.scenario_id
            AND EXISTS (SELECT 1 FROM session_messages u JOIN session_messages a
                          ON a.session_id = u.session_id AND a.seq = u.seq + 1 AND a.sender = 'ai'
                        WHERE u.session_id = p.id AND u.sender = 'user' AND u.seq >= coalesce(p.branch_from_index, 0))
          RETURNING p.scenario_id, p.message_count, s.category, p.completed_at`,
        [sessionId, caller.userId],
      );
      const row = completed[0];
      if (!row) {
        const existing = await this.feedback.forSession(caller.userId, sessionId, manager);
        if (existing) return existing;
        const active: unknown[] = await manager.query(
          `SELECT 1 FROM practice_sessions WHERE id = $1 AND user_id = $2 AND status = 'active'`,
          [sessionId, caller.userId],
        );
        if (active.length > 0) throw new RpcError(409, SESSION_FLOW_ERRORS.notAnswered);
        throw new RpcError(404, SESSION_ERRORS.sessionNotFound);
      }
      await manager.query(
        `INSERT INTO feedback (session_id, user_id, scenario_id, clarity, empathy, persuasion, strengths, weaknesses, suggestions, evidence)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [
          sessionId,
          caller.userId,
          row.scenario_id,
          fb.clarity,
          fb.empathy,
          fb.persuasion,
          fb.strengths,
          fb.weaknesses,
          fb.suggestions,
          // The objectives' checks and each field's source ride along in the evidence column (jsonb).
          JSON.stringify({
            ...fb.evidence,
            ...(fb.objectives ? { objectives: fb.objectives } : {}),
            ...(fb.sources ? { sources: fb.sources } : {}),
          }),
        ],
      );
      const earlier: unknown[] = await manager.query(
        `SELECT 1 FROM practice_sessions WHERE user_id = $1 AND scenario_id = $2 AND status = 'completed' AND id <> $3 LIMIT 1`,
        [caller.userId, row.scenario_id, sessionId],
      );
      await this.outbox.add(
        manager,
        createEvent('sessions.session-completed', caller.userId, {
          sessionId,
          scenarioId: row.scenario_id,
          category: row.category,
          completedAt: row.completed_at.toISOString(),
          messageCount: row.message_count,
          scores: { clarity: fb.clarity, empathy: fb.empathy, persuasion: fb.persuasion },
          firstOfScenario: earlier.length === 0,
          evidence: {
            lines: [
              ...new Set(
                [...fb.evidence.clarity, ...fb.evidence.empathy, ...fb.evidence.persuasion].map(
                  (e) => e.line,
                ),
              ),
            ].slice(0, 100),
            objectives: (fb.objectives ?? [])
              .slice(0, 10)
              .map((o) => ({ objective: o.objective.slice(0, 300), met: o.met })),
          },
        }),
      );
      return (await this.feedback.forSession(caller.userId, sessionId, manager))!;
    });
  }
}

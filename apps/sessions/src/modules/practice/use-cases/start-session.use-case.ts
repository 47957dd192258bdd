import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import {
  ERRORS,
  FREE_SESSIONS_PER_MONTH,
  type CreateSessionBody,
  type PracticeSession,
} from '@parley/contracts';
import { createEvent, Outbox } from '@parley/server-messaging';
import { RpcError } from '@parley/server-observability';
import { CatalogueRepository } from '../../catalogue/catalogue.repository';
import type { Caller } from '../../rpc-caller';
import { PracticeRepository } from '../practice.repository';
import { Usage } from '../usage';

export const SESSION_ERRORS = {
  scenarioNotFound: 'Scenario not found',
  premiumScenario: 'This scenario is part of Premium. Upgrade to practise it.',
  monthlyLimit: `You have used all ${FREE_SESSIONS_PER_MONTH} free practice sessions this month. Upgrade to Premium for unlimited practice.`,
  sessionNotFound: 'Session not found',
  sessionEnded: 'This session has ended',
  tooManyMessages: 'This session has reached its message limit',
} as const;

/**
 * A practice starts: the session exists from the first moment, so a dropped connection loses nothing.
 * Free users: premium scenarios are refused, and so is a sixth session in the calendar month. The count
 * and the new session are written under a per-user lock, so two tabs cannot both take the last one.
 */
@Injectable()
export class StartSessionUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
    private readonly catalogue: CatalogueRepository,
    private readonly practice: PracticeRepository,
    private readonly usage: Usage,
  ) {}

  /** `branch`: a retry of `parentId`, saying again the learner message at `fromIndex`. */
  async execute(
    caller: Caller,
    body: CreateSessionBody,
    branch?: { parentId: string; fromIndex: number },
  ): Promise<PracticeSession> {
    if (body.user_id && body.user_id !== caller.userId) throw new RpcError(403, ERRORS.forbidden);
    const scenario = await this.catalogue.get(body.scenario_id, caller);
    if (!scenario) throw new RpcError(404, SESSION_ERRORS.scenarioNotFound);
    if (scenario.locked) throw new RpcError(403, SESSION_ERRORS.premiumScenario);
    const id = randomUUID();
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`usage:${caller.userId}`]);
      const { month, used } = await this.usage.currentMonth(caller.userId, manager);
      if (caller.plan !== 'premium' && used >= FREE_SESSIONS_PER_MONTH)
        throw new RpcError(403, SESSION_ERRORS.monthlyLimit);
      await manager.query(
        `INSERT INTO practice_sessions (id, user_id, scenario_id, tone_preference, avatar_style, parent_session_id, branch_from_index)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          id,
          caller.userId,
          scenario.id,
          body.tone_preference,
          body.avatar_style ?? null,
          branch?.parentId ?? null,
          branch?.fromIndex ?? null,
        ],
      );
      await manager.query(`INSERT INTO usage_ledger (session_id, user_id, month) VALUES ($1, $2, $3)`, [
        id,
        caller.userId,
        month,
      ]);
      await this.practice.appendMessages(manager, id, 0, body.messages);
      await this.outbox.add(
        manager,
        createEvent('sessions.session-started', caller.userId, { sessionId: id, scenarioId: scenario.id }),
      );
      const session = await this.practice.get(caller.userId, id, manager);
      return session!;
    });
  }
}

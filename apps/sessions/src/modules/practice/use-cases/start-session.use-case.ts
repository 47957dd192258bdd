import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { ERRORS, type PracticeSession, type StartSessionRpc } from '@parley/contracts';
import { createEvent, Outbox } from '@parley/server-messaging';
import { RpcError } from '@parley/server-observability';
import { CatalogueRepository } from '../../catalogue/catalogue.repository';
import type { Caller } from '../../rpc-caller';
import { PracticeRepository } from '../practice.repository';
import { Usage, USAGE_ERRORS } from '../usage';

export const SESSION_ERRORS = {
  scenarioNotFound: 'Scenario not found',
  premiumScenario: 'This scenario is part of Premium. Upgrade to practise it.',
  monthlyLimit: USAGE_ERRORS.monthlyLimit,
  sessionNotFound: 'Session not found',
  sessionEnded: 'This session has ended',
  tooManyMessages: 'This session has reached its message limit',
} as const;

/**
 * A practice starts: the session exists from the first moment (with the partner's opening, which the
 * gateway generated), so a dropped connection loses nothing. A scenario has at most one conversation
 * going: while the caller has an active session of it, that one is answered (resumed) instead of a new one,
 * unless `start_over` asks for a new one — and then the old one, if the learner never said a line in it,
 * is removed rather than left "Active". The month is counted from the learner's first line (Usage), but a
 * free user whose month is used up is refused a new session here already. All under the per-user lock,
 * so two tabs cannot both make one.
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
    body: StartSessionRpc,
    branch?: { parentId: string; fromIndex: number },
  ): Promise<PracticeSession> {
    if (body.user_id && body.user_id !== caller.userId) throw new RpcError(403, ERRORS.forbidden);
    const scenario = await this.catalogue.get(body.scenario_id, caller);
    if (!scenario) throw new RpcError(404, SESSION_ERRORS.scenarioNotFound);
    if (scenario.locked) throw new RpcError(403, SESSION_ERRORS.premiumScenario);
    const id = randomUUID();
    return this.dataSource.transaction(async (manager) => {
      await this.usage.lock(manager, caller.userId);
      if (!branch && !body.start_over) {
        const active = await this.practice.activeFor(caller.userId, scenario.id, manager);
        if (active) return active;
      }
      if (!branch) await this.removeUnused(manager, caller, scenario.id);
      await this.usage.assertRoom(manager, caller);
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
      await this.practice.appendMessages(manager, id, 0, body.messages);
      // A retry that carries the learner's earlier lines is a used session from its first moment.
      if (body.messages.some((m) => m.sender === 'user'))
        await this.usage.countFirstLine(manager, caller, id);
      await this.outbox.add(
        manager,
        createEvent('sessions.session-started', caller.userId, { sessionId: id, scenarioId: scenario.id }),
      );
      const session = await this.practice.get(caller.userId, id, manager);
      return session!;
    });
  }

  /** The scenario's active sessions the learner never said a line in: nothing to keep, nothing counted. */
  private async removeUnused(manager: EntityManager, caller: Caller, scenarioId: string): Promise<void> {
    const unused = await this.practice.unusedActive(caller.userId, scenarioId, manager);
    if (unused.length === 0) return;
    await manager.query(`DELETE FROM practice_sessions WHERE id = ANY($1::uuid[]) AND user_id = $2`, [
      unused,
      caller.userId,
    ]);
    for (const sessionId of unused)
      await this.outbox.add(
        manager,
        createEvent('sessions.session-deleted', caller.userId, {
          sessionId,
          deletedAt: new Date().toISOString(),
        }),
      );
  }
}

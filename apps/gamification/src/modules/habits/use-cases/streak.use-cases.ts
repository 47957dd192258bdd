import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { GAMIFICATION_ERRORS, type StreakStatus } from '@parley/contracts';
import { RpcError } from '@parley/server-observability';
import { PlayerProgress } from '../../progression/player-progress';
import { PlayersRepository } from '../../progression/players.repository';
import type { Caller } from '../../rpc-caller';
import { STREAK_FREEZE } from '../domain/habits.data';
import { streakState } from '../streak-freezes';

/** GET /api/gamification/streak: the streak, the freezes held and the days they covered. */
@Injectable()
export class GetStreakUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly players: PlayersRepository,
  ) {}

  async execute(caller: Caller, now: Date = new Date()): Promise<StreakStatus> {
    return streakState(this.dataSource, caller.userId, now);
  }
}

/**
 * POST /api/gamification/streak-freezes: buys one freeze with XP (the price in habits.data.ts). The XP
 * is spent, not taken back: total XP, the level and the boards stay, the spendable balance drops. 409
 * when 2 are held or the balance is short.
 */
@Injectable()
export class BuyStreakFreezeUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly progress: PlayerProgress,
  ) {}

  async execute(caller: Caller, now: Date = new Date()): Promise<StreakStatus> {
    return this.dataSource.transaction(async (manager) => {
      const change = await this.progress.begin(manager, caller.userId, null);
      if (!change) throw new RpcError(404, 'No such learner');
      const { player } = change;
      const before = await streakState(manager, player.userId, now);
      if (before.freezesHeld >= STREAK_FREEZE.maxHeld)
        throw new RpcError(409, GAMIFICATION_ERRORS.freezesFull);
      if (before.spendableXp < STREAK_FREEZE.priceXp) {
        throw new RpcError(
          409,
          `${GAMIFICATION_ERRORS.freezeTooExpensive}: it costs ${STREAK_FREEZE.priceXp} XP and you have ${before.spendableXp} to spend`,
        );
      }
      await manager.query(
        `INSERT INTO streak_freezes (user_id, source_key, acquired_at) VALUES ($1, $2, $3)`,
        [player.userId, `bought:${now.toISOString()}:${player.xpSpent}`, now],
      );
      await manager.query(
        `UPDATE players SET xp_spent = xp_spent + $2, updated_at = now() WHERE user_id = $1`,
        [player.userId, STREAK_FREEZE.priceXp],
      );
      return streakState(manager, player.userId, now);
    });
  }
}

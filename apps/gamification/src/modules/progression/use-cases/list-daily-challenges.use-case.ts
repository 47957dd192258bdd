import { Injectable } from '@nestjs/common';
import type { DailyChallenge } from '@parley/contracts';
import type { Caller } from '../../rpc-caller';
import { DailyChallengesRepository } from '../daily-challenges.repository';
import { dayIn } from '../domain/calendar';
import { PlayersRepository } from '../players.repository';

/** GET /api/gamification/daily-challenges: today's set (the caller's calendar day) with progress. */
@Injectable()
export class ListDailyChallengesUseCase {
  constructor(
    private readonly players: PlayersRepository,
    private readonly challenges: DailyChallengesRepository,
  ) {}

  async execute(caller: Caller, now: Date = new Date()): Promise<DailyChallenge[]> {
    const player = await this.players.get(caller.userId);
    const today = await this.challenges.forDay(
      caller.userId,
      dayIn(now, player.timezone),
      undefined,
      false,
      caller.plan,
    );
    return today.map((c) => c.view);
  }
}

import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  buyStreakFreezeBodySchema,
  recommendationCandidatesSchema,
  RPC,
  type League,
  type Recommendations,
  type RpcRequest,
  type StreakStatus,
} from '@parley/contracts';
import { callerOf } from '../rpc-caller';
import { GetLeagueUseCase, GetRecommendationsUseCase } from './use-cases/league.use-cases';
import { BuyStreakFreezeUseCase, GetStreakUseCase } from './use-cases/streak.use-cases';

/** Streak freezes, the weekly league and recommendations; always about the caller the gateway vouches for. */
@Controller()
export class HabitsRpcController {
  constructor(
    private readonly streak: GetStreakUseCase,
    private readonly buyFreeze: BuyStreakFreezeUseCase,
    private readonly league: GetLeagueUseCase,
    private readonly recommendations: GetRecommendationsUseCase,
  ) {}

  @MessagePattern(RPC.gamification.streak)
  onStreak(@Payload() request: RpcRequest): Promise<StreakStatus> {
    return this.streak.execute(callerOf(request));
  }

  @MessagePattern(RPC.gamification.buyStreakFreeze)
  onBuyFreeze(@Payload() request: RpcRequest): Promise<StreakStatus> {
    const caller = callerOf(request);
    buyStreakFreezeBodySchema.parse(request.data ?? {});
    return this.buyFreeze.execute(caller);
  }

  @MessagePattern(RPC.gamification.league)
  onLeague(@Payload() request: RpcRequest): Promise<League> {
    return this.league.execute(callerOf(request));
  }

  @MessagePattern(RPC.gamification.recommendations)
  onRecommendations(@Payload() request: RpcRequest): Promise<Recommendations> {
    const caller = callerOf(request);
    return this.recommendations.execute(caller, recommendationCandidatesSchema.parse(request.data));
  }
}

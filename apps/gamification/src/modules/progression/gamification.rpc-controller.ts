import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  claimDailyChallengeBodySchema,
  leaderboardQuerySchema,
  RPC,
  sessionRewardsParamsSchema,
  type DailyChallenge,
  type GamificationSummary,
  type Leaderboard,
  type RpcRequest,
  type SessionRewards,
} from '@parley/contracts';
import { GetLeaderboardUseCase } from '../leaderboards/get-leaderboard.use-case';
import { callerOf } from '../rpc-caller';
import { ClaimDailyChallengeUseCase } from './use-cases/claim-daily-challenge.use-case';
import { GetSessionRewardsUseCase } from './use-cases/get-session-rewards.use-case';
import { GetSummaryUseCase } from './use-cases/get-summary.use-case';
import { ListDailyChallengesUseCase } from './use-cases/list-daily-challenges.use-case';

/** The gateway's gamification calls; always about the caller the gateway vouches for. */
@Controller()
export class GamificationRpcController {
  constructor(
    private readonly summary: GetSummaryUseCase,
    private readonly dailyChallenges: ListDailyChallengesUseCase,
    private readonly claim: ClaimDailyChallengeUseCase,
    private readonly leaderboard: GetLeaderboardUseCase,
    private readonly sessionRewards: GetSessionRewardsUseCase,
  ) {}

  @MessagePattern(RPC.gamification.summary)
  onSummary(@Payload() request: RpcRequest): Promise<GamificationSummary> {
    return this.summary.execute(callerOf(request));
  }

  @MessagePattern(RPC.gamification.dailyChallenges)
  onDailyChallenges(@Payload() request: RpcRequest): Promise<DailyChallenge[]> {
    return this.dailyChallenges.execute(callerOf(request));
  }

  @MessagePattern(RPC.gamification.claimDailyChallenge)
  onClaim(@Payload() request: RpcRequest): Promise<DailyChallenge> {
    const caller = callerOf(request);
    const { challengeId } = claimDailyChallengeBodySchema.parse(request.data);
    return this.claim.execute(caller, challengeId);
  }

  @MessagePattern(RPC.gamification.leaderboard)
  onLeaderboard(@Payload() request: RpcRequest): Promise<Leaderboard> {
    const caller = callerOf(request);
    return this.leaderboard.execute(caller, leaderboardQuerySchema.parse(request.data ?? {}));
  }

  @MessagePattern(RPC.gamification.sessionRewards)
  onSessionRewards(@Payload() request: RpcRequest): Promise<SessionRewards> {
    const { id } = sessionRewardsParamsSchema.parse(request.data);
    return this.sessionRewards.execute(callerOf(request), id);
  }
}

import { Module } from '@nestjs/common';
import { GetLeaderboardUseCase } from '../leaderboards/get-leaderboard.use-case';
import { Leaderboards } from '../leaderboards/leaderboards';
import { LeaderboardRepairScheduler } from '../leaderboards/leaderboard-repair.scheduler';
import { DailyChallengesRepository } from './daily-challenges.repository';
import { GamificationRpcController } from './gamification.rpc-controller';
import { AwardXpWhenSessionCompletedListener } from './listeners/award-xp-when-session-completed.listener';
import { CreatePlayerWhenUserRegisteredListener } from './listeners/create-player-when-user-registered.listener';
import { RecordActivityWhenUserSignedInListener } from './listeners/record-activity-when-user-signed-in.listener';
import { RemovePlayerWhenUserDeletedListener } from './listeners/remove-player-when-user-deleted.listener';
import { UpdatePlayerWhenProfileUpdatedListener } from './listeners/update-player-when-profile-updated.listener';
import { HabitsRpcController } from '../habits/habits.rpc-controller';
import { LeagueMembership } from '../habits/league-membership';
import { LeagueSettlementScheduler } from '../habits/league-settlement.scheduler';
import { StreakFreezes } from '../habits/streak-freezes';
import { GetLeagueUseCase, GetRecommendationsUseCase } from '../habits/use-cases/league.use-cases';
import { SettleLeaguesUseCase } from '../habits/use-cases/settle-leagues.use-case';
import { BuyStreakFreezeUseCase, GetStreakUseCase } from '../habits/use-cases/streak.use-cases';
import { PlayerProgress } from './player-progress';
import { PlayersRepository } from './players.repository';
import { ClaimDailyChallengeUseCase } from './use-cases/claim-daily-challenge.use-case';
import { GetSummaryUseCase } from './use-cases/get-summary.use-case';
import { GetSessionRewardsUseCase } from './use-cases/get-session-rewards.use-case';
import { ListDailyChallengesUseCase } from './use-cases/list-daily-challenges.use-case';

/**
 * XP, levels, streaks, badges, daily challenges and the leaderboards, all driven by events; streak
 * freezes, weekly leagues and practice aimed at the weakest skill (docs/adr/0019).
 */
@Module({
  controllers: [GamificationRpcController, HabitsRpcController],
  providers: [
    StreakFreezes,
    LeagueMembership,
    GetStreakUseCase,
    BuyStreakFreezeUseCase,
    GetLeagueUseCase,
    GetRecommendationsUseCase,
    SettleLeaguesUseCase,
    LeagueSettlementScheduler,
    Leaderboards,
    LeaderboardRepairScheduler,
    PlayersRepository,
    PlayerProgress,
    DailyChallengesRepository,
    GetSummaryUseCase,
    GetSessionRewardsUseCase,
    ListDailyChallengesUseCase,
    ClaimDailyChallengeUseCase,
    GetLeaderboardUseCase,
    AwardXpWhenSessionCompletedListener,
    RecordActivityWhenUserSignedInListener,
    CreatePlayerWhenUserRegisteredListener,
    UpdatePlayerWhenProfileUpdatedListener,
    RemovePlayerWhenUserDeletedListener,
  ],
})
export class ProgressionModule {}

import { Module } from '@nestjs/common';
import { CatalogueRepository } from '../catalogue/catalogue.repository';
import { CatalogueRpcController } from '../catalogue/catalogue.rpc-controller';
import { CustomScenariosRepository } from '../catalogue/custom-scenarios.repository';
import { CustomScenariosRpcController } from '../catalogue/custom-scenarios.rpc-controller';
import { SaveCustomScenarioUseCase } from '../catalogue/use-cases/save-custom-scenario.use-case';
import { CoachThreadRepository } from '../coach/coach-thread.repository';
import { CoachThreadRpcController } from '../coach/coach-thread.rpc-controller';
import { CompleteSessionUseCase } from '../feedback/complete-session.use-case';
import { FeedbackRepository } from '../feedback/feedback.repository';
import { FeedbackRpcController } from '../feedback/feedback.rpc-controller';
import { RemoveUserDataWhenUserDeletedListener } from '../users/remove-user-data-when-user-deleted.listener';
import { UpdateProfileWhenProfileUpdatedListener } from '../users/update-profile-when-profile-updated.listener';
import { UserProfiles } from '../users/user-profiles';
import { PracticeRepository } from './practice.repository';
import { PracticeRpcController } from './practice.rpc-controller';
import { AppendMessagesUseCase } from './use-cases/append-messages.use-case';
import { DeleteSessionUseCase } from './use-cases/delete-session.use-case';
import { StartAttemptUseCase } from './use-cases/start-attempt.use-case';
import { StartSessionUseCase } from './use-cases/start-session.use-case';
import { Usage } from './usage';

/** The catalogue and the record of every practice. */
@Module({
  controllers: [
    CatalogueRpcController,
    CustomScenariosRpcController,
    PracticeRpcController,
    FeedbackRpcController,
    CoachThreadRpcController,
  ],
  providers: [
    CatalogueRepository,
    CustomScenariosRepository,
    CoachThreadRepository,
    SaveCustomScenarioUseCase,
    PracticeRepository,
    UserProfiles,
    Usage,
    StartSessionUseCase,
    StartAttemptUseCase,
    AppendMessagesUseCase,
    DeleteSessionUseCase,
    FeedbackRepository,
    CompleteSessionUseCase,
    UpdateProfileWhenProfileUpdatedListener,
    RemoveUserDataWhenUserDeletedListener,
  ],
})
export class PracticeModule {}

import { Module } from '@nestjs/common';
import { ProfileUpdatedPublisher } from './events/profile-updated.publisher';
import { ProfileRpcController } from './profile.rpc-controller';
import { GetProfileUseCase } from './use-cases/get-profile/get-profile.use-case';
import { SaveProfileUseCase } from './use-cases/save-profile/save-profile.use-case';

/** Onboarding profile; also owns the `profile-updated` publisher that settings and plan changes use. */
@Module({
  controllers: [ProfileRpcController],
  providers: [GetProfileUseCase, SaveProfileUseCase, ProfileUpdatedPublisher],
  exports: [ProfileUpdatedPublisher],
})
export class ProfileModule {}

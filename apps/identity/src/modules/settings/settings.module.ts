import { Module } from '@nestjs/common';
import { ProfileModule } from '../profile/profile.module';
import { SettingsRpcController } from './settings.rpc-controller';
import { GetOrCreateSettingsUseCase } from './use-cases/get-or-create-settings/get-or-create-settings.use-case';
import { UpdateSettingsUseCase } from './use-cases/update-settings/update-settings.use-case';

/** The user_settings record behind /settings. */
@Module({
  imports: [ProfileModule],
  controllers: [SettingsRpcController],
  providers: [GetOrCreateSettingsUseCase, UpdateSettingsUseCase],
})
export class SettingsModule {}

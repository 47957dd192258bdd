import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ERRORS,
  getSettingsRpcSchema,
  RPC,
  updateSettingsRpcSchema,
  type RpcRequest,
  type UserSettings,
} from '@parley/contracts';
import { RpcError } from '@parley/server-observability';
import { callerOf } from '../users/caller';
import type { UserSettingsEntity } from './database/user-settings.entity';
import { GetOrCreateSettingsUseCase } from './use-cases/get-or-create-settings/get-or-create-settings.use-case';
import { UpdateSettingsUseCase } from './use-cases/update-settings/update-settings.use-case';

/** The settings record: always the caller's own (the verified subject in the RPC meta). */
@Controller()
export class SettingsRpcController {
  constructor(
    private readonly getOrCreateSettings: GetOrCreateSettingsUseCase,
    private readonly updateSettings: UpdateSettingsUseCase,
  ) {}

  @MessagePattern(RPC.identity.getOrCreateSettings)
  async getOrCreate(@Payload() request: RpcRequest): Promise<UserSettings> {
    const { userId: claimed, timezone } = getSettingsRpcSchema.parse(request.data);
    const userId = callerOf(request, claimed);
    return toUserSettings(await this.getOrCreateSettings.execute(userId, timezone));
  }

  @MessagePattern(RPC.identity.updateSettings)
  async update(@Payload() request: RpcRequest): Promise<UserSettings> {
    const { userId: claimed, patch } = updateSettingsRpcSchema.parse(request.data);
    const userId = callerOf(request, claimed);
    return toUserSettings(await this.updateSettings.execute(userId, patch));
  }
}

function toUserSettings(row: UserSettingsEntity | null): UserSettings {
  if (!row) throw new RpcError(404, ERRORS.notFound);
  return { ...row, updated_at: row.updated_at.toISOString() } as UserSettings;
}

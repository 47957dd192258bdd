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
import { DataSource } from 'typeorm';
import { hasVerifiedFactor } from '../auth/mfa/factors';
import { callerOf } from '../users/caller';
import type { UserSettingsEntity } from './database/user-settings.entity';
import { GetOrCreateSettingsUseCase } from './use-cases/get-or-create-settings/get-or-create-settings.use-case';
import { UpdateSettingsUseCase } from './use-cases/update-settings/update-settings.use-case';

/**
 * The settings record: always the caller's own (the verified subject in the RPC meta). Its
 * `two_factor_enabled` is not stored but read from the account's second factors, which only the
 * /auth/v1/factors flow changes (ADR 0035): a patch of it is ignored.
 */
@Controller()
export class SettingsRpcController {
  constructor(
    private readonly getOrCreateSettings: GetOrCreateSettingsUseCase,
    private readonly updateSettings: UpdateSettingsUseCase,
    private readonly dataSource: DataSource,
  ) {}

  @MessagePattern(RPC.identity.getOrCreateSettings)
  async getOrCreate(@Payload() request: RpcRequest): Promise<UserSettings> {
    const { userId: claimed, timezone } = getSettingsRpcSchema.parse(request.data);
    const userId = callerOf(request, claimed);
    return this.answer(userId, await this.getOrCreateSettings.execute(userId, timezone));
  }

  @MessagePattern(RPC.identity.updateSettings)
  async update(@Payload() request: RpcRequest): Promise<UserSettings> {
    const { userId: claimed, patch } = updateSettingsRpcSchema.parse(request.data);
    const userId = callerOf(request, claimed);
    const { two_factor_enabled: _derived, ...stored } = patch;
    return this.answer(userId, await this.updateSettings.execute(userId, stored));
  }

  private async answer(userId: string, row: UserSettingsEntity | null): Promise<UserSettings> {
    const settings = toUserSettings(row);
    return { ...settings, two_factor_enabled: await hasVerifiedFactor(this.dataSource.manager, userId) };
  }
}

function toUserSettings(row: UserSettingsEntity | null): UserSettings {
  if (!row) throw new RpcError(404, ERRORS.notFound);
  return { ...row, updated_at: row.updated_at.toISOString() } as UserSettings;
}

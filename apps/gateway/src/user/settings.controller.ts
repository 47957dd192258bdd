import { Body, Controller, Get, Patch, Query } from '@nestjs/common';
import {
  RPC,
  settingsPatchSchema,
  settingsQuerySchema,
  type SettingsPatch,
  type SettingsQuery,
  type UserSettings,
} from '@parley/contracts';
import { CurrentUser } from '../auth/current-user.decorator';
import type { AuthenticatedUser } from '../auth/access-token';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { ServiceClients } from '../rpc/service-clients';

/** GET and PATCH /api/user/settings: always the caller's own record (the token's subject). */
@Controller('api/user/settings')
export class SettingsController {
  constructor(private readonly clients: ServiceClients) {}

  /** The record, created with the defaults on first visit; `?timezone=` is the browser's zone for that. */
  @Get()
  get(
    @CurrentUser() user: AuthenticatedUser,
    @Query(new ZodValidationPipe(settingsQuerySchema)) query: SettingsQuery,
  ): Promise<UserSettings> {
    return this.clients.send<UserSettings>(
      'identity',
      RPC.identity.getOrCreateSettings,
      { userId: user.id, timezone: query.timezone },
      { userId: user.id },
    );
  }

  /** A partial update; answers the whole record as it now is. */
  @Patch()
  update(
    @CurrentUser() user: AuthenticatedUser,
    @Body(new ZodValidationPipe(settingsPatchSchema)) patch: SettingsPatch,
  ): Promise<UserSettings> {
    return this.clients.send<UserSettings>(
      'identity',
      RPC.identity.updateSettings,
      { userId: user.id, patch },
      { userId: user.id },
    );
  }
}

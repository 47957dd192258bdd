import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ERRORS,
  getProfileRpcSchema,
  RPC,
  saveProfileRpcSchema,
  type RpcRequest,
  type StoredProfile,
} from '@parley/contracts';
import { RpcError } from '@parley/server-observability';
import { callerOf } from '../users/caller';
import { GetProfileUseCase } from './use-cases/get-profile/get-profile.use-case';
import { SaveProfileUseCase } from './use-cases/save-profile/save-profile.use-case';

/** The onboarding profile: always the caller's own (the verified subject in the RPC meta). */
@Controller()
export class ProfileRpcController {
  constructor(
    private readonly getProfile: GetProfileUseCase,
    private readonly saveProfile: SaveProfileUseCase,
  ) {}

  @MessagePattern(RPC.identity.getProfile)
  async get(@Payload() request: RpcRequest): Promise<StoredProfile> {
    const userId = callerOf(request, getProfileRpcSchema.parse(request.data).userId);
    const profile = await this.getProfile.execute(userId);
    if (!profile) throw new RpcError(404, ERRORS.notFound);
    return profile;
  }

  @MessagePattern(RPC.identity.saveProfile)
  async save(@Payload() request: RpcRequest): Promise<StoredProfile> {
    const { userId: claimed, profile } = saveProfileRpcSchema.parse(request.data);
    const userId = callerOf(request, claimed);
    const saved = await this.saveProfile.execute(userId, profile);
    if (!saved) throw new RpcError(404, ERRORS.notFound);
    return saved;
  }
}

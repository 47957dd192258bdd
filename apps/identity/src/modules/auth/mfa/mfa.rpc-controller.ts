import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { z } from 'zod';
import {
  enrollFactorBodySchema,
  RPC,
  verifyFactorBodySchema,
  type AuthSession,
  type EnrolledFactor,
  type MfaChallenge,
  type RpcRequest,
} from '@parley/contracts';
import { callerOf } from '../../users/caller';
import { ChallengeFactorUseCase } from './challenge-factor.use-case';
import { EnrollFactorUseCase } from './enroll-factor.use-case';
import { UnenrollFactorUseCase } from './unenroll-factor.use-case';
import { VerifyFactorUseCase } from './verify-factor.use-case';

const session = { sessionId: z.uuid().optional() };
const enrollSchema = z.object({ ...session, body: enrollFactorBodySchema });
const factorSchema = z.object({ ...session, factorId: z.uuid() });
const verifySchema = factorSchema.extend({ body: verifyFactorBodySchema });

/** /auth/v1/factors: the caller is the gateway's verified subject; `sessionId` is their token's sign-in. */
@Controller()
export class MfaRpcController {
  constructor(
    private readonly enroll: EnrollFactorUseCase,
    private readonly challenge: ChallengeFactorUseCase,
    private readonly verify: VerifyFactorUseCase,
    private readonly unenroll: UnenrollFactorUseCase,
  ) {}

  @MessagePattern(RPC.identity.enrollFactor)
  onEnroll(@Payload() request: RpcRequest): Promise<EnrolledFactor> {
    const { sessionId, body } = enrollSchema.parse(request.data);
    return this.enroll.execute({ userId: callerOf(request), sessionId, body });
  }

  @MessagePattern(RPC.identity.challengeFactor)
  onChallenge(@Payload() request: RpcRequest): Promise<MfaChallenge> {
    const { factorId } = factorSchema.parse(request.data);
    return this.challenge.execute({ userId: callerOf(request), factorId });
  }

  @MessagePattern(RPC.identity.verifyFactor)
  onVerify(@Payload() request: RpcRequest): Promise<AuthSession> {
    const { sessionId, factorId, body } = verifySchema.parse(request.data);
    return this.verify.execute({
      userId: callerOf(request),
      sessionId,
      factorId,
      challengeId: body.challenge_id,
      code: body.code,
    });
  }

  @MessagePattern(RPC.identity.unenrollFactor)
  onUnenroll(@Payload() request: RpcRequest): Promise<{ id: string }> {
    const { sessionId, factorId } = factorSchema.parse(request.data);
    return this.unenroll.execute({ userId: callerOf(request), sessionId, factorId });
  }
}

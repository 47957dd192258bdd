import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { z } from 'zod';
import { coachMessageSchema, RPC, type CoachThreadEntry, type RpcRequest } from '@parley/contracts';
import { RpcError } from '@parley/server-observability';
import { SESSION_ERRORS } from '../practice/use-cases/start-session.use-case';
import { callerOf } from '../rpc-caller';
import { CoachThreadRepository } from './coach-thread.repository';

const idSchema = z.object({ id: z.uuid() });
const appendSchema = idSchema.extend({
  entries: z
    .array(coachMessageSchema.extend({ retry_from: z.number().int().nonnegative().nullable() }))
    .min(1)
    .max(2),
});

/** The Ask-the-coach thread kept with each session. */
@Controller()
export class CoachThreadRpcController {
  constructor(private readonly threads: CoachThreadRepository) {}

  @MessagePattern(RPC.sessions.getCoachThread)
  async onGet(@Payload() request: RpcRequest): Promise<CoachThreadEntry[]> {
    const thread = await this.threads.thread(callerOf(request).userId, idSchema.parse(request.data).id);
    if (!thread) throw new RpcError(404, SESSION_ERRORS.sessionNotFound);
    return thread;
  }

  @MessagePattern(RPC.sessions.appendCoachThread)
  async onAppend(@Payload() request: RpcRequest): Promise<{ success: true }> {
    const { id, entries } = appendSchema.parse(request.data);
    if (!(await this.threads.append(callerOf(request).userId, id, entries)))
      throw new RpcError(404, SESSION_ERRORS.sessionNotFound);
    return { success: true };
  }
}

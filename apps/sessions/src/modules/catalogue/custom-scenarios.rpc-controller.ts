import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { z } from 'zod';
import {
  CUSTOM_SCENARIO_ERRORS,
  customScenarioBodySchema,
  customScenarioIdSchema,
  draftScenarioBodySchema,
  RPC,
  type CustomScenario,
  type RpcRequest,
  type ScenarioDraft,
} from '@parley/contracts';
import { RpcError } from '@parley/server-observability';
import { callerOf } from '../rpc-caller';
import { CustomScenariosRepository } from './custom-scenarios.repository';
import { SaveCustomScenarioUseCase } from './use-cases/save-custom-scenario.use-case';

const idSchema = z.object({ id: customScenarioIdSchema });

/** A learner's own scenarios; only ever the caller's. */
@Controller()
export class CustomScenariosRpcController {
  constructor(
    private readonly scenarios: CustomScenariosRepository,
    private readonly save: SaveCustomScenarioUseCase,
  ) {}

  @MessagePattern(RPC.sessions.listCustomScenarios)
  onList(@Payload() request: RpcRequest): Promise<CustomScenario[]> {
    return this.scenarios.list(callerOf(request).userId);
  }

  @MessagePattern(RPC.sessions.getCustomScenario)
  async onGet(@Payload() request: RpcRequest): Promise<CustomScenario> {
    const caller = callerOf(request);
    const scenario = await this.scenarios.get(caller.userId, idSchema.parse(request.data).id);
    if (!scenario) throw new RpcError(404, CUSTOM_SCENARIO_ERRORS.notFound);
    return scenario;
  }

  @MessagePattern(RPC.sessions.createCustomScenario)
  onCreate(@Payload() request: RpcRequest): Promise<CustomScenario> {
    return this.save.create(callerOf(request), customScenarioBodySchema.parse(request.data));
  }

  @MessagePattern(RPC.sessions.updateCustomScenario)
  onUpdate(@Payload() request: RpcRequest): Promise<CustomScenario> {
    const { id, body } = idSchema.extend({ body: customScenarioBodySchema }).parse(request.data);
    return this.save.update(callerOf(request), id, body);
  }

  @MessagePattern(RPC.sessions.deleteCustomScenario)
  async onDelete(@Payload() request: RpcRequest): Promise<{ success: true }> {
    const caller = callerOf(request);
    if (!(await this.scenarios.retire(caller.userId, idSchema.parse(request.data).id)))
      throw new RpcError(404, CUSTOM_SCENARIO_ERRORS.notFound);
    return { success: true };
  }

  /** "Draft it for me", builtin: from the catalogue's closest scenarios. */
  @MessagePattern(RPC.sessions.draftCustomScenario)
  onDraft(@Payload() request: RpcRequest): ScenarioDraft {
    callerOf(request);
    return this.save.draft(draftScenarioBodySchema.parse(request.data));
  }
}

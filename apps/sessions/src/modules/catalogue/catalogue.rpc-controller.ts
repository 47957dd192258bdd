import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { z } from 'zod';
import {
  isCustomScenarioId,
  RPC,
  scenarioIdSchema,
  scenarioListQuerySchema,
  type RpcRequest,
  type Scenario,
  type ScenarioDefinition,
} from '@parley/contracts';
import { RpcError } from '@parley/server-observability';
import { callerOf } from '../rpc-caller';
import { UserProfiles, dateIn } from '../users/user-profiles';
import { CatalogueRepository } from './catalogue.repository';
import { CustomScenariosRepository } from './custom-scenarios.repository';

@Controller()
export class CatalogueRpcController {
  constructor(
    private readonly catalogue: CatalogueRepository,
    private readonly profiles: UserProfiles,
    private readonly custom: CustomScenariosRepository,
  ) {}

  @MessagePattern(RPC.sessions.listScenarios)
  onList(@Payload() request: RpcRequest): Promise<Scenario[]> {
    return this.catalogue.list(callerOf(request).plan, scenarioListQuerySchema.parse(request.data ?? {}));
  }

  @MessagePattern(RPC.sessions.getScenario)
  async onGet(@Payload() request: RpcRequest): Promise<Scenario> {
    const { id } = z.object({ id: scenarioIdSchema }).parse(request.data);
    const caller = callerOf(request);
    // The caller's own scenario comes with what they wrote; anyone else's is not found.
    const scenario = isCustomScenarioId(id)
      ? await this.custom.get(caller.userId, id)
      : await this.catalogue.get(id, caller);
    if (!scenario) throw new RpcError(404, 'Scenario not found');
    return scenario;
  }

  /** Today's scenario, by the calendar date in the caller's time zone. */
  @MessagePattern(RPC.sessions.dailyScenario)
  async onDaily(@Payload() request: RpcRequest): Promise<Scenario> {
    const caller = callerOf(request);
    const scenario = await this.catalogue.daily(
      dateIn(await this.profiles.timezone(caller.userId)),
      caller.plan,
    );
    if (!scenario) throw new RpcError(404, 'Scenario not found');
    return scenario;
  }

  /** The full definition (persona, goals) the AI plays, for scenarios the caller may practise. */
  @MessagePattern(RPC.sessions.scenarioDefinition)
  async onDefinition(@Payload() request: RpcRequest): Promise<ScenarioDefinition> {
    const caller = callerOf(request);
    const { id } = z.object({ id: scenarioIdSchema }).parse(request.data);
    const scenario = await this.catalogue.get(id, caller);
    const definition = scenario ? await this.catalogue.definition(id) : null;
    if (!scenario || !definition) throw new RpcError(404, 'Scenario not found');
    if (scenario.locked) throw new RpcError(403, 'This scenario is part of Premium. Upgrade to practise it.');
    return definition;
  }

  @MessagePattern(RPC.sessions.randomScenario)
  async onRandom(@Payload() request: RpcRequest): Promise<Scenario> {
    const scenario = await this.catalogue.random(callerOf(request).plan);
    if (!scenario) throw new RpcError(404, 'Scenario not found');
    return scenario;
  }
}

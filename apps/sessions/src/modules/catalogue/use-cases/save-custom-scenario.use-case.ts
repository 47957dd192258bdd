import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import {
  CUSTOM_SCENARIO_ERRORS,
  CUSTOM_SCENARIO_PREFIX,
  FREE_CUSTOM_SCENARIOS,
  type CustomScenario,
  type CustomScenarioBody,
  type DraftScenarioBody,
  type ScenarioDefinition,
  type ScenarioDraft,
} from '@parley/contracts';
import { RpcError } from '@parley/server-observability';
import type { Caller } from '../../rpc-caller';
import { loadCatalogue } from '../catalogue.data';
import { CustomScenariosRepository } from '../custom-scenarios.repository';
import { customDefinition } from '../domain/custom-definition';
import { draftScenario } from '@parley/builtin-coach';

let catalogue: ScenarioDefinition[] | undefined;
/** The catalogue's definitions, read from the data files once: what drafts and defaults draw on. */
function catalogueDefinitions(): ScenarioDefinition[] {
  catalogue ??= loadCatalogue();
  return catalogue;
}

/**
 * Creates and rewrites a learner's own scenario. A free user keeps at most FREE_CUSTOM_SCENARIOS: the
 * count and the insert happen under a per-user lock, so two tabs cannot both take the last place.
 */
@Injectable()
export class SaveCustomScenarioUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly scenarios: CustomScenariosRepository,
  ) {}

  draft(body: DraftScenarioBody): ScenarioDraft {
    return draftScenario(body, catalogueDefinitions());
  }

  async create(caller: Caller, body: CustomScenarioBody): Promise<CustomScenario> {
    const id = `${CUSTOM_SCENARIO_PREFIX}${randomUUID()}`;
    const definition = customDefinition(id, body, catalogueDefinitions());
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [
        `custom-scenarios:${caller.userId}`,
      ]);
      if (
        caller.plan !== 'premium' &&
        (await this.scenarios.countKept(manager, caller.userId)) >= FREE_CUSTOM_SCENARIOS
      )
        throw new RpcError(403, CUSTOM_SCENARIO_ERRORS.freeLimit);
      await this.scenarios.insert(manager, caller.userId, body, definition);
      return (await this.scenarios.get(caller.userId, id, manager))!;
    });
  }

  async update(caller: Caller, id: string, body: CustomScenarioBody): Promise<CustomScenario> {
    const definition = customDefinition(id, body, catalogueDefinitions());
    return this.dataSource.transaction(async (manager) => {
      if (!(await this.scenarios.update(manager, caller.userId, body, definition)))
        throw new RpcError(404, CUSTOM_SCENARIO_ERRORS.notFound);
      return (await this.scenarios.get(caller.userId, id, manager))!;
    });
  }
}

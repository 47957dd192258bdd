import { Controller, Get, Param, Query } from '@nestjs/common';
import { z } from 'zod';
import { RPC, scenarioListQuerySchema, type Scenario, type ScenarioListQuery } from '@parley/contracts';
import { CurrentUser } from '../auth/current-user.decorator';
import type { AuthenticatedUser } from '../auth/jwt.strategy';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { ServiceClients } from '../rpc/service-clients';

const scenarioId = new ZodValidationPipe(z.string().regex(/^[a-z0-9-]{1,80}$/, 'id must be a scenario id'));

/** The scenario catalogue (spec section 7): list, today's, a random one, one by id. */
@Controller('api/user/scenarios')
export class ScenariosController {
  constructor(private readonly clients: ServiceClients) {}

  @Get()
  list(
    @CurrentUser() user: AuthenticatedUser,
    @Query(new ZodValidationPipe(scenarioListQuerySchema)) query: ScenarioListQuery,
  ): Promise<Scenario[]> {
    return this.clients.sendAs(user, 'sessions', RPC.sessions.listScenarios, query);
  }

  @Get('daily')
  daily(@CurrentUser() user: AuthenticatedUser): Promise<Scenario> {
    return this.clients.sendAs(user, 'sessions', RPC.sessions.dailyScenario, {});
  }

  @Get('random')
  random(@CurrentUser() user: AuthenticatedUser): Promise<Scenario> {
    return this.clients.sendAs(user, 'sessions', RPC.sessions.randomScenario, {});
  }

  @Get(':id')
  get(@CurrentUser() user: AuthenticatedUser, @Param('id', scenarioId) id: string): Promise<Scenario> {
    return this.clients.sendAs(user, 'sessions', RPC.sessions.getScenario, { id });
  }
}

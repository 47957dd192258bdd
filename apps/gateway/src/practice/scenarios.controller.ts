import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { z } from 'zod';
import {
  customScenarioBodySchema,
  customScenarioIdSchema,
  draftScenarioBodySchema,
  RPC,
  scenarioListQuerySchema,
  type CustomScenario,
  type CustomScenarioBody,
  type DraftScenarioBody,
  type Scenario,
  type ScenarioDraft,
  type ScenarioListQuery,
} from '@parley/contracts';
import { CurrentUser } from '../auth/current-user.decorator';
import type { AuthenticatedUser } from '../auth/access-token';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { ServiceClients } from '../rpc/service-clients';

const scenarioId = new ZodValidationPipe(z.string().regex(/^[a-z0-9-]{1,80}$/, 'id must be a scenario id'));
const customId = new ZodValidationPipe(customScenarioIdSchema);

/** The scenario catalogue (spec section 7): list, today's, a random one, one by id; and the caller's own. */
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

  /** My Scenarios: the caller's own, newest first. */
  @Get('custom')
  listCustom(@CurrentUser() user: AuthenticatedUser): Promise<CustomScenario[]> {
    return this.clients.sendAs(user, 'sessions', RPC.sessions.listCustomScenarios, {});
  }

  @Post('custom')
  @HttpCode(201)
  createCustom(
    @CurrentUser() user: AuthenticatedUser,
    @Body(new ZodValidationPipe(customScenarioBodySchema)) body: CustomScenarioBody,
  ): Promise<CustomScenario> {
    return this.clients.sendAs(user, 'sessions', RPC.sessions.createCustomScenario, body);
  }

  /**
   * "Draft it for me": sessions drafts from the catalogue's closest scenarios, then coaching's provider
   * rewrites it when a model is configured (the builtin provider keeps the catalogue draft).
   */
  @Post('custom/draft')
  @HttpCode(200)
  async draftCustom(
    @CurrentUser() user: AuthenticatedUser,
    @Body(new ZodValidationPipe(draftScenarioBodySchema)) body: DraftScenarioBody,
  ): Promise<ScenarioDraft> {
    const builtin = await this.clients.sendAs<ScenarioDraft>(
      user,
      'sessions',
      RPC.sessions.draftCustomScenario,
      body,
    );
    return this.clients.sendAs(user, 'coaching', RPC.coaching.draftScenario, { body, builtin });
  }

  @Get('custom/:id')
  getCustom(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', customId) id: string,
  ): Promise<CustomScenario> {
    return this.clients.sendAs(user, 'sessions', RPC.sessions.getCustomScenario, { id });
  }

  @Put('custom/:id')
  updateCustom(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', customId) id: string,
    @Body(new ZodValidationPipe(customScenarioBodySchema)) body: CustomScenarioBody,
  ): Promise<CustomScenario> {
    return this.clients.sendAs(user, 'sessions', RPC.sessions.updateCustomScenario, { id, body });
  }

  @Delete('custom/:id')
  removeCustom(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', customId) id: string,
  ): Promise<{ success: true }> {
    return this.clients.sendAs(user, 'sessions', RPC.sessions.deleteCustomScenario, { id });
  }

  @Get(':id')
  get(@CurrentUser() user: AuthenticatedUser, @Param('id', scenarioId) id: string): Promise<Scenario> {
    return this.clients.sendAs(user, 'sessions', RPC.sessions.getScenario, { id });
  }
}

import { Global, Module, type DynamicModule } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Controller } from '@nestjs/common';
import { RPC, type ServiceHealth } from '@parley/contracts';
import { HealthController, HealthRegistry } from './health';
import { loggerModule } from './logger';
import { collectProcessMetrics, MetricsController } from './metrics';
import { RequestContextInterceptor } from './rpc';
import { ShutdownCoordinator } from './shutdown';

@Controller()
export class HealthRpcController {
  constructor(private readonly registry: HealthRegistry) {}

  @MessagePattern(RPC.health.ready)
  ready(@Payload() _request: unknown): Promise<ServiceHealth> {
    return this.registry.readiness();
  }
}

export interface ObservabilityOptions {
  service: string;
  logLevel: string;
}

/** Logging, request context, /metrics and /health/{live,ready} for one app. */
@Global()
@Module({})
export class ObservabilityModule {
  static forRoot(options: ObservabilityOptions): DynamicModule {
    collectProcessMetrics(options.service);
    return {
      module: ObservabilityModule,
      imports: [loggerModule(options.service, options.logLevel)],
      controllers: [HealthController, MetricsController, HealthRpcController],
      providers: [
        HealthRegistry,
        ShutdownCoordinator,
        { provide: APP_INTERCEPTOR, useClass: RequestContextInterceptor },
      ],
      exports: [HealthRegistry, ShutdownCoordinator],
    };
  }
}

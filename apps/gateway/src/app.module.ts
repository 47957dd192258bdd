import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { ThrottlerGuard, ThrottlerModule } from '@nestjs/throttler';
import { Redis } from 'ioredis';
import type { GatewayEnv } from '@parley/server-config';
import { REDIS, RedisModule } from '@parley/server-database';
import { ObservabilityModule } from '@parley/server-observability';
import { AuthUserController } from './auth-proxy/auth-user.controller';
import { VerifyRedirects } from './auth-proxy/verify-redirects';
import { AccountController } from './user/account.controller';
import { ScenariosController } from './practice/scenarios.controller';
import { ChatController } from './coaching/chat.controller';
import { CoachController } from './coaching/coach.controller';
import { FeedbackController } from './coaching/feedback.controller';
import { SpeechToTextController } from './coaching/speech-to-text.controller';
import { TextToSpeechController } from './coaching/text-to-speech.controller';
import { SessionCompletion } from './coaching/session-completion';
import { SessionsController } from './practice/sessions.controller';
import { notAuthThrottled } from './auth/auth-throttle';
import { JwtAuthGuard } from './auth/jwt-auth.guard';
import { AccessTokenVerifier } from './auth/access-token';
import { DocsController } from './docs/docs.controller';
import { SystemHealthController } from './health/system-health.controller';
import { HttpErrorFilter } from './http/http-error.filter';
import { SyncedThrottlerStorage } from './http/synced-throttler-storage';
import { SpaFallback } from './http/spa-fallback';
import { GATEWAY_ENV, ServiceClients } from './rpc/service-clients';
import { ProfileController } from './user/profile.controller';
import { SettingsController } from './user/settings.controller';
import {
  GamificationController,
  RecommendationsController,
  SessionRewardsController,
} from './gamification/gamification.controller';
import { ExportController } from './export/export.controller';
import { ExportJobsController } from './export/export-jobs.controller';
import { ExportJobUpdates } from './export/export-job-updates';
import { SessionReport } from './export/session-report';

@Module({})
export class AppModule {
  static register(env: GatewayEnv): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ObservabilityModule.forRoot({ service: 'gateway', logLevel: env.LOG_LEVEL }),
        RedisModule.forRoot({ url: env.REDIS_URL, name: 'gateway' }),
        ThrottlerModule.forRootAsync({
          inject: [REDIS],
          useFactory: (redis: Redis) => ({
            throttlers: [
              { name: 'default', ttl: 60_000, limit: env.RATE_LIMIT_PER_MINUTE },
              { name: 'auth', ttl: 60_000, limit: env.AUTH_RATE_LIMIT_PER_MINUTE, skipIf: notAuthThrottled },
            ],
            storage: new SyncedThrottlerStorage(redis, { prefix: env.RATE_LIMIT_KEY_PREFIX }),
            // The throttler's own key is a SHA-256 of the same parts, computed per request and throttler.
            generateKey: (context, tracker, name) =>
              `${context.getClass().name}.${context.getHandler().name}:${name}:${tracker}`,
          }),
        }),
      ],
      controllers: [
        SystemHealthController,
        AuthUserController,
        AccountController,
        ScenariosController,
        SessionsController,
        ChatController,
        CoachController,
        FeedbackController,
        SpeechToTextController,
        TextToSpeechController,
        DocsController,
        ProfileController,
        SettingsController,
        GamificationController,
        RecommendationsController,
        SessionRewardsController,
        ExportController,
        ExportJobsController,
      ],
      providers: [
        { provide: GATEWAY_ENV, useValue: env },
        { provide: ServiceClients, useFactory: () => new ServiceClients(env) },
        { provide: SpaFallback, useFactory: () => new SpaFallback(env.WEB_DIST_DIR) },
        { provide: VerifyRedirects, useFactory: () => new VerifyRedirects(env.PUBLIC_URL) },
        SessionCompletion,
        SessionReport,
        ExportJobUpdates,
        AccessTokenVerifier,
        { provide: APP_GUARD, useClass: ThrottlerGuard },
        { provide: APP_GUARD, useClass: JwtAuthGuard },
        { provide: APP_FILTER, useClass: HttpErrorFilter },
      ],
    };
  }
}

import { Global, Logger, Module, type DynamicModule } from '@nestjs/common';
import type { AiPartner } from '@parley/contracts';
import type { CoachingEnv } from '@parley/server-config';
import { HealthRegistry } from '@parley/server-observability';
import { AI_PROVIDER, type AiProvider } from './ai-provider';
import { BuiltinProvider, warmUpBuiltinEngine } from './builtin-provider';
import { OpenAiProvider } from './openai-provider';

/** openai when an endpoint is configured (or AI_PROVIDER=openai), builtin otherwise. */
export function createAiProvider(env: CoachingEnv): AiProvider {
  const wanted = env.AI_PROVIDER ?? (env.OPENAI_BASE_URL || env.OPENAI_API_KEY ? 'openai' : 'builtin');
  if (wanted === 'builtin') return new BuiltinProvider();
  return new OpenAiProvider({
    baseURL: env.OPENAI_BASE_URL,
    apiKey: env.OPENAI_API_KEY,
    model: env.OPENAI_MODEL,
    transcribeModel: env.OPENAI_TRANSCRIBE_MODEL,
    timeoutMs: env.AI_TIMEOUT_MS,
    contextTokens: env.OPENAI_CONTEXT_TOKENS,
    streamIdleMs: env.AI_STREAM_IDLE_MS,
    templateOpensThinking: env.OPENAI_TEMPLATE_OPENS_THINKING,
    retry: { maxRetries: env.AI_MAX_RETRIES, maxWaitMs: env.AI_RETRY_MAX_WAIT_MS },
  });
}

/** What health shows about the provider: "builtin", or "openai qwen3:8b (structured output: json_schema)". */
export function describeAiProvider(provider: AiProvider): string {
  if (!(provider instanceof OpenAiProvider)) return provider.name;
  return `${provider.name} ${provider.model} (structured output: ${provider.structuredMode})`;
}

/** Who the learner practises with, as the web app may know it: the kind, and a model's name (nothing else). */
export function partnerOf(provider: AiProvider): AiPartner {
  if (!(provider instanceof OpenAiProvider)) return { kind: 'builtin' };
  return { kind: 'model', model: provider.model.slice(0, 200) };
}

/**
 * The AI port for the whole app. Readiness carries an `ai` entry naming the provider and model in use
 * (coaching's /health/ready and the gateway's /api/health). It is always up: a model server that is
 * down fails its calls with the spec's messages, it does not take coaching's other work out of service.
 */
@Global()
@Module({})
export class AiModule {
  static forRoot(env: CoachingEnv): DynamicModule {
    return {
      module: AiModule,
      providers: [
        {
          provide: AI_PROVIDER,
          inject: [HealthRegistry],
          useFactory: (health: HealthRegistry) => {
            const provider = createAiProvider(env);
            new Logger('AI').log(`provider: ${describeAiProvider(provider)}`);
            health.register('ai', async () => describeAiProvider(provider));
            if (provider instanceof BuiltinProvider) {
              // Before the service listens, so that the first learner gets a warm engine.
              const started = performance.now();
              warmUpBuiltinEngine();
              new Logger('AI').log(`engine warmed up in ${Math.round(performance.now() - started)} ms`);
            }
            return provider;
          },
        },
      ],
      exports: [AI_PROVIDER],
    };
  }
}

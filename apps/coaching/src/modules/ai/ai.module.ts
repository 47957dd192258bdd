import { Global, Logger, Module, type DynamicModule } from '@nestjs/common';
import type { CoachingEnv } from '@parley/server-config';
import { AI_PROVIDER, type AiProvider } from './ai-provider';
import { BuiltinProvider } from './builtin-provider';
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
  });
}

@Global()
@Module({})
export class AiModule {
  static forRoot(env: CoachingEnv): DynamicModule {
    return {
      module: AiModule,
      providers: [
        {
          provide: AI_PROVIDER,
          useFactory: () => {
            const provider = createAiProvider(env);
            new Logger('AI').log(
              `provider: ${provider.name}${provider.name === 'openai' ? ` (${env.OPENAI_MODEL})` : ''}`,
            );
            return provider;
          },
        },
      ],
      exports: [AI_PROVIDER],
    };
  }
}

import { Logger, Module, type DynamicModule } from '@nestjs/common';
import type { CoachingEnv } from '@parley/server-config';
import { HealthRegistry } from '@parley/server-observability';
import { AiCallLimiter } from '../coaching/ai-call-limiter';
import { SpeechClient, type SpeechEndpoint } from './speech-client';
import { SpeechRpcController } from './speech.rpc-controller';
import { SPEECH_CHARS_PER_MINUTE, SPEECH_CLIENT, VOICE_MAP } from './speech.tokens';
import { parseVoiceMap, type VoiceMap } from './voices';

const OPENAI_URL = 'https://api.openai.com/v1';

/**
 * Where speech-to-text and the partner's voice go: their own server when OPENAI_TRANSCRIBE_BASE_URL or
 * OPENAI_SPEECH_BASE_URL names one (a chat model on Ollama, Whisper and Kokoro elsewhere), else the
 * chat model's server when the openai provider is in use, else nowhere (transcription answers 503 and
 * the browser speaks with its own voice).
 */
export function speechEndpoints(env: CoachingEnv): { transcribe?: SpeechEndpoint; speak?: SpeechEndpoint } {
  const usesOpenAi =
    (env.AI_PROVIDER ?? (env.OPENAI_BASE_URL || env.OPENAI_API_KEY ? 'openai' : 'builtin')) === 'openai';
  const shared = usesOpenAi
    ? { baseURL: env.OPENAI_BASE_URL ?? OPENAI_URL, apiKey: env.OPENAI_API_KEY }
    : undefined;
  const own = (baseURL: string | undefined, apiKey: string | undefined) =>
    baseURL ? { baseURL: baseURL.replace(/\/+$/, ''), apiKey } : shared;
  const transcribe = own(env.OPENAI_TRANSCRIBE_BASE_URL, env.OPENAI_TRANSCRIBE_API_KEY);
  const speak = own(env.OPENAI_SPEECH_BASE_URL, env.OPENAI_SPEECH_API_KEY);
  return {
    ...(transcribe ? { transcribe: { ...transcribe, model: env.OPENAI_TRANSCRIBE_MODEL } } : {}),
    ...(speak ? { speak: { ...speak, model: env.OPENAI_SPEECH_MODEL } } : {}),
  };
}

/** Speech-to-text and text-to-speech over RPC (POST /api/speech-to-text and /api/text-to-speech). */
@Module({})
export class SpeechModule {
  static register(env: CoachingEnv): DynamicModule {
    let voices: VoiceMap;
    try {
      voices = parseVoiceMap(env.OPENAI_SPEECH_VOICES);
    } catch (error) {
      throw new Error(`OPENAI_SPEECH_VOICES: ${(error as Error).message}`);
    }
    return {
      module: SpeechModule,
      controllers: [SpeechRpcController],
      providers: [
        {
          provide: SPEECH_CLIENT,
          inject: [HealthRegistry],
          useFactory: (health: HealthRegistry) => {
            const endpoints = speechEndpoints(env);
            const logger = new Logger('Speech');
            const client = new SpeechClient({
              ...endpoints,
              timeoutMs: env.AI_TIMEOUT_MS,
              onRetry: (message) => logger.warn(message),
            });
            const describe = () =>
              `speech-to-text: ${endpoints.transcribe ? endpoints.transcribe.model : 'none'}; voice: ${
                endpoints.speak ? endpoints.speak.model : 'the browser'
              }`;
            logger.log(describe());
            health.register('speech', async () => describe());
            return client;
          },
        },
        { provide: VOICE_MAP, useValue: voices },
        { provide: SPEECH_CHARS_PER_MINUTE, useValue: env.SPEECH_CHARS_PER_USER_PER_MINUTE },
        { provide: 'AI_CALLS_PER_USER_PER_MINUTE', useValue: env.AI_CALLS_PER_USER_PER_MINUTE },
        AiCallLimiter,
      ],
    };
  }
}

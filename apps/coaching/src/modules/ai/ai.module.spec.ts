import { coachingEnvSchema } from '@parley/server-config';
import { HealthRegistry } from '@parley/server-observability';
import { AI_PROVIDER, type AiProvider } from './ai-provider';
import { AiModule, createAiProvider, describeAiProvider, partnerOf } from './ai.module';
import { OpenAiProvider } from './openai-provider';

const base = {
  REDIS_URL: 'redis://127.0.0.1:6379',
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/parley',
  KAFKA_BROKERS: '127.0.0.1:9092',
};
const envOf = (vars: Record<string, string>) => coachingEnvSchema.parse({ ...base, ...vars });

describe('the AI provider in use', () => {
  it('is builtin without an endpoint, openai with one, with the model and settings from the env', () => {
    expect(createAiProvider(envOf({})).name).toBe('builtin');
    const provider = createAiProvider(
      envOf({
        OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1',
        OPENAI_MODEL: 'qwen3:8b',
        OPENAI_CONTEXT_TOKENS: '4096',
      }),
    );
    expect(provider).toBeInstanceOf(OpenAiProvider);
    expect((provider as OpenAiProvider).model).toBe('qwen3:8b');
  });

  it('is named in readiness, with its model, as the "ai" check', async () => {
    const health = new HealthRegistry();
    const module = AiModule.forRoot(
      envOf({ AI_PROVIDER: 'openai', OPENAI_BASE_URL: 'http://127.0.0.1:8000/v1', OPENAI_MODEL: 'llama3.1' }),
    );
    const factory = module.providers?.find(
      (p): p is { provide: symbol; useFactory: (h: HealthRegistry) => AiProvider } =>
        typeof p === 'object' && 'provide' in p && p.provide === AI_PROVIDER,
    );
    const provider = factory!.useFactory(health);
    expect(describeAiProvider(provider)).toBe('openai llama3.1 (structured output: json_schema)');
    expect((await health.readiness()).checks['ai']).toEqual({
      status: 'up',
      detail: 'openai llama3.1 (structured output: json_schema)',
    });
  });

  it('is told to the web app as its kind and, for a model, its name only', () => {
    expect(partnerOf(createAiProvider(envOf({})))).toEqual({ kind: 'builtin' });
    const partner = partnerOf(
      createAiProvider(
        envOf({
          OPENAI_BASE_URL: 'http://10.0.0.5:11434/v1',
          OPENAI_API_KEY: 'sk-secret',
          OPENAI_MODEL: 'qwen3:8b',
        }),
      ),
    );
    expect(partner).toEqual({ kind: 'model', model: 'qwen3:8b' });
    expect(JSON.stringify(partner)).not.toMatch(/10\.0\.0\.5|sk-secret/);
  });
});

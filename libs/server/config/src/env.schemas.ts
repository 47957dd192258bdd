import { readFileSync } from 'node:fs';
import { z } from 'zod';

/* Field types shared by every schema. Each carries a message an operator can act on. */
const port = z.coerce.number({ message: 'expected a port number' }).int().min(1).max(65535);
const flag = z
  .enum(['true', 'false', '1', '0'], { message: 'expected true or false' })
  .transform((v) => v === 'true' || v === '1');
const urlWith = (protocols: string[], what: string) =>
  z.string({ message: `required (${what})` }).refine((v) => {
    try {
      return protocols.includes(new URL(v).protocol);
    } catch {
      return false;
    }
  }, `expected ${what}`);
const list = (what: string) =>
  z
    .string({ message: `required (${what})` })
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .refine((v) => v.length > 0, `expected ${what}`);

export const envFields = { port, flag, urlWith, list };

const base = {
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  REDIS_URL: urlWith(['redis:', 'rediss:'], 'a redis:// URL'),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
};

const kafka = {
  KAFKA_BROKERS: list('comma-separated host:port list of Kafka brokers'),
  KAFKA_TOPIC_PREFIX: z
    .string()
    .regex(/^[a-z0-9._-]*$/, 'expected lowercase letters, digits, . _ -')
    .default(''),
  KAFKA_CREATE_TOPICS: flag.default(true),
  ...kafkaSecurity(),
};

/**
 * PEM text, given inline (a Kubernetes secretKeyRef) or as the path of a file holding it (a mounted Secret,
 * a file on the host). Read at boot, so a wrong path or a file without a PEM block stops the service there.
 */
function pem(what: string, marker: RegExp) {
  return z.string().transform((value, ctx) => {
    let text = value;
    if (!value.trimStart().startsWith('-----BEGIN')) {
      try {
        text = readFileSync(value, 'utf8');
      } catch (error) {
        ctx.addIssue({
          code: 'custom',
          message: `expected ${what} (PEM text, or the path of a PEM file): cannot read ${value}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
        });
        return z.NEVER;
      }
    }
    if (!marker.test(text)) {
      ctx.addIssue({ code: 'custom', message: `expected ${what} (PEM text, or the path of a PEM file)` });
      return z.NEVER;
    }
    return text;
  });
}

/**
 * TLS and SASL towards the brokers (Strimzi's TLS listener with SCRAM-SHA-512 users, a managed Kafka with
 * PLAIN over TLS). Off by default: the local broker and docker compose use a plain listener.
 */
function kafkaSecurity() {
  return {
    /** TLS to the brokers; with KAFKA_SSL_CA the brokers' certificates must chain to it, else to the system's CAs. */
    KAFKA_SSL: flag.default(false),
    KAFKA_SSL_CA: pem('CA certificates', /-----BEGIN CERTIFICATE-----/).optional(),
    /** A client certificate and its key (mutual TLS: Strimzi's `tls` authentication). */
    KAFKA_SSL_CERT: pem('a client certificate', /-----BEGIN CERTIFICATE-----/).optional(),
    KAFKA_SSL_KEY: pem('a private key', /-----BEGIN (RSA |EC |ENCRYPTED )?PRIVATE KEY-----/).optional(),
    KAFKA_SASL_MECHANISM: z
      .enum(['scram-sha-512', 'scram-sha-256', 'plain'], {
        message: 'expected scram-sha-512, scram-sha-256 or plain',
      })
      .optional(),
    KAFKA_SASL_USERNAME: z.string().min(1).optional(),
    KAFKA_SASL_PASSWORD: z.string().min(1).optional(),
  };
}

type KafkaSecurityEnv = {
  KAFKA_SSL: boolean;
  KAFKA_SSL_CA?: string;
  KAFKA_SSL_CERT?: string;
  KAFKA_SSL_KEY?: string;
  KAFKA_SASL_MECHANISM?: string;
  KAFKA_SASL_USERNAME?: string;
  KAFKA_SASL_PASSWORD?: string;
};

/** The rules between the Kafka security variables, so a half-configured client fails at boot, not at connect. */
function checkKafkaSecurity(env: KafkaSecurityEnv, ctx: z.RefinementCtx): void {
  const problem = (name: keyof KafkaSecurityEnv, message: string) =>
    ctx.addIssue({ code: 'custom', path: [name], message });
  for (const name of ['KAFKA_SSL_CA', 'KAFKA_SSL_CERT', 'KAFKA_SSL_KEY'] as const) {
    if (env[name] !== undefined && !env.KAFKA_SSL)
      problem('KAFKA_SSL', `required to be true when ${name} is set`);
  }
  if (env.KAFKA_SSL_CERT !== undefined && env.KAFKA_SSL_KEY === undefined)
    problem('KAFKA_SSL_KEY', 'required with KAFKA_SSL_CERT (the client certificate needs its key)');
  if (env.KAFKA_SSL_KEY !== undefined && env.KAFKA_SSL_CERT === undefined)
    problem('KAFKA_SSL_CERT', 'required with KAFKA_SSL_KEY (the key needs its client certificate)');
  if (env.KAFKA_SASL_MECHANISM !== undefined) {
    if (env.KAFKA_SASL_USERNAME === undefined)
      problem('KAFKA_SASL_USERNAME', `required with KAFKA_SASL_MECHANISM=${env.KAFKA_SASL_MECHANISM}`);
    if (env.KAFKA_SASL_PASSWORD === undefined)
      problem('KAFKA_SASL_PASSWORD', `required with KAFKA_SASL_MECHANISM=${env.KAFKA_SASL_MECHANISM}`);
    if (env.KAFKA_SASL_MECHANISM === 'plain' && !env.KAFKA_SSL)
      problem(
        'KAFKA_SSL',
        'required to be true with KAFKA_SASL_MECHANISM=plain (it sends the password as is)',
      );
  } else {
    for (const name of ['KAFKA_SASL_USERNAME', 'KAFKA_SASL_PASSWORD'] as const)
      if (env[name] !== undefined)
        problem(
          'KAFKA_SASL_MECHANISM',
          `required when ${name} is set (scram-sha-512, scram-sha-256 or plain)`,
        );
  }
}

const database = {
  DATABASE_URL: urlWith(['postgres:', 'postgresql:'], 'a postgres:// URL'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
};

const schemaName = (service: string) =>
  z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'expected a PostgreSQL schema name (lowercase letters, digits, _)')
    .default(service);

/** What every domain service (not the gateway) needs: its store, the bus and its two listeners. */
function serviceSchema(service: string, httpPort: number, rpcPort: number) {
  return {
    ...base,
    ...kafka,
    ...database,
    DATABASE_SCHEMA: schemaName(service),
    HTTP_HOST: z.string().default('0.0.0.0'),
    HTTP_PORT: port.default(httpPort),
    RPC_HOST: z.string().default('0.0.0.0'),
    RPC_PORT: port.default(rpcPort),
  };
}

export const DEFAULT_PORTS = {
  gateway: { http: 3000 },
  identity: { http: 3001, rpc: 4001 },
  sessions: { http: 3002, rpc: 4002 },
  coaching: { http: 3003, rpc: 4003 },
  gamification: { http: 3004, rpc: 4004 },
  export: { http: 3005, rpc: 4005 },
} as const;

const rpcUrl = (service: string) => urlWith(['tcp:'], `a tcp://host:port URL of the ${service} service`);

export const gatewayEnvSchema = z.object({
  ...base,
  HOST: z.string().default('0.0.0.0'),
  PORT: port.default(DEFAULT_PORTS.gateway.http),
  IDENTITY_RPC_URL: rpcUrl('identity'),
  SESSIONS_RPC_URL: rpcUrl('sessions'),
  COACHING_RPC_URL: rpcUrl('coaching'),
  GAMIFICATION_RPC_URL: rpcUrl('gamification'),
  EXPORT_RPC_URL: rpcUrl('export'),
  JWKS_URL: urlWith(['http:', 'https:'], "an http(s) URL of the identity service's JWKS document"),
  JWT_ISSUER: z.string().min(1).default('parley'),
  JWT_AUDIENCE: z.string().min(1).default('authenticated'),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(100 * 1024 * 1024)
    .default(1024 * 1024),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** Where the limiter's counts live in Redis: deployments sharing one Redis keep apart by their prefix. */
  RATE_LIMIT_KEY_PREFIX: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._:-]{1,60}$/, 'expected 1 to 60 letters, digits, dots, colons, dashes or underscores')
    .default('rate'),
  PUBLIC_URL: urlWith(['http:', 'https:'], 'the public http(s) URL people open Parley at'),
  RPC_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(15_000),
  /**
   * How many proxies in front of the gateway append to X-Forwarded-For (1 behind one ingress): the
   * client address is the entry that many hops from the end. `true` once trusted every hop, so any client
   * could pick its own address; it is now read as 1 (ADR 0031).
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(/^(true|false|\d{1,2})$/, 'expected the number of proxies in front of the gateway (0 to 10)')
    .transform((v) => (v === 'false' ? 0 : v === 'true' ? 1 : Number(v)))
    .refine((n) => n <= 10, 'expected the number of proxies in front of the gateway (0 to 10)')
    .default(0),
  WEB_DIST_DIR: z.string().default('dist/apps/web'),
});
export type GatewayEnv = z.infer<typeof gatewayEnvSchema>;

export const identityEnvSchema = z
  .object({
    ...serviceSchema('identity', DEFAULT_PORTS.identity.http, DEFAULT_PORTS.identity.rpc),
    JWT_PRIVATE_KEY: z
      .string({ message: 'required (a PEM-encoded EC P-256 private key, PKCS#8)' })
      .refine((v) => v.includes('BEGIN PRIVATE KEY'), 'expected a PEM-encoded PKCS#8 private key'),
    /** Verify-only EC P-256 public keys (PEM blocks) published in the JWKS beside the signing key's: rotation. */
    JWT_ADDITIONAL_PUBLIC_KEYS: z
      .string()
      .default('')
      .refine(
        (v) => v.trim() === '' || /-----BEGIN (PUBLIC|PRIVATE) KEY-----/.test(v),
        'expected PEM-encoded public keys (-----BEGIN PUBLIC KEY-----), or nothing',
      ),
    /** AES-256-GCM key the TOTP secrets are sealed with: 32 bytes, base64 (`openssl rand -base64 32`). */
    MFA_ENCRYPTION_KEY: z
      .string()
      .refine(
        (v) => Buffer.from(v, 'base64').length === 32 && /^[A-Za-z0-9+/]+=*$/.test(v),
        'expected 32 bytes, base64-encoded (openssl rand -base64 32)',
      )
      .optional(),
    JWT_ISSUER: z.string().min(1).default('parley'),
    JWT_AUDIENCE: z.string().min(1).default('authenticated'),
    ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(900),
    REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    EMAIL_CONFIRMATION_TTL_HOURS: z.coerce.number().int().min(1).max(720).default(24),
    SIGN_IN_MAX_FAILURES_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(100),
    PUBLIC_URL: urlWith(
      ['http:', 'https:'],
      'the public http(s) URL people open Parley at (links in e-mails)',
    ),
    SMTP_URL: urlWith(['smtp:', 'smtps:'], 'an smtp:// or smtps:// URL of the mail server'),
    MAIL_FROM: z.string().min(3).default('Parley <no-reply@parley.local>'),
  })
  .superRefine(checkKafkaSecurity);
export type IdentityEnv = z.infer<typeof identityEnvSchema>;

export const sessionsEnvSchema = z
  .object(serviceSchema('sessions', DEFAULT_PORTS.sessions.http, DEFAULT_PORTS.sessions.rpc))
  .superRefine(checkKafkaSecurity);
export type SessionsEnv = z.infer<typeof sessionsEnvSchema>;

export const coachingEnvSchema = z
  .object({
    ...serviceSchema('coaching', DEFAULT_PORTS.coaching.http, DEFAULT_PORTS.coaching.rpc),
    /** builtin needs no network; openai talks to any OpenAI-compatible endpoint. Default: openai when configured. */
    AI_PROVIDER: z.enum(['builtin', 'openai']).optional(),
    OPENAI_BASE_URL: urlWith(['http:', 'https:'], 'an http(s) URL of an OpenAI-compatible API').optional(),
    OPENAI_API_KEY: z.string().min(1).optional(),
    OPENAI_MODEL: z.string().min(1).default('gpt-4o-mini'),
    OPENAI_TRANSCRIBE_MODEL: z.string().min(1).default('whisper-1'),
    /** A separate server for speech-to-text (speaches, faster-whisper-server…); default: OPENAI_BASE_URL's. */
    OPENAI_TRANSCRIBE_BASE_URL: urlWith(
      ['http:', 'https:'],
      'an http(s) URL of an OpenAI-compatible API',
    ).optional(),
    OPENAI_TRANSCRIBE_API_KEY: z.string().min(1).optional(),
    /** Voice mode's partner voice: /audio/speech on this server (Kokoro-FastAPI, openedai-speech…); default: OPENAI_BASE_URL's. */
    OPENAI_SPEECH_BASE_URL: urlWith(
      ['http:', 'https:'],
      'an http(s) URL of an OpenAI-compatible API',
    ).optional(),
    OPENAI_SPEECH_API_KEY: z.string().min(1).optional(),
    OPENAI_SPEECH_MODEL: z.string().min(1).default('tts-1'),
    /** Voices by how a persona is spoken of: `she:a,b he:c,d any:e` (apps/coaching/src/modules/speech/voices.ts). */
    OPENAI_SPEECH_VOICES: z
      .string()
      .regex(/^\s*((she|he|any):[\w.\-,]+\s*)+$/, 'expected pools like "she:nova,shimmer he:onyx any:alloy"')
      .default('she:nova,shimmer,coral he:onyx,echo,ash any:alloy,sage,fable'),
    /** Characters of partner speech a person may have made per minute (429 beyond). */
    SPEECH_CHARS_PER_USER_PER_MINUTE: z.coerce.number().int().min(100).max(1_000_000).default(6000),
    AI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(60_000),
    /** The model's context size: the oldest turns of a long session are left out to fit it (Ollama's num_ctx, llama.cpp's -c). */
    OPENAI_CONTEXT_TOKENS: z.coerce.number().int().min(1024).max(2_000_000).default(8192),
    /** A streamed reply silent this long is ended as interrupted. */
    AI_STREAM_IDLE_MS: z.coerce.number().int().min(1000).max(300_000).default(30_000),
    /** The model's chat template opens `<think>` in the prompt (only `</think>` shows); learned from the first answer if unset. */
    OPENAI_TEMPLATE_OPENS_THINKING: flag.default(false),
    /** Tries after the first on a 429, a 5xx or a refused connection. */
    AI_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
    /** The most one call waits across its retries; a longer Retry-After fails at once. */
    AI_RETRY_MAX_WAIT_MS: z.coerce.number().int().min(0).max(120_000).default(8000),
    AI_CALLS_PER_USER_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(30),
    RUN_WORKERS: flag.default(true),
  })
  .superRefine(checkKafkaSecurity);
export type CoachingEnv = z.infer<typeof coachingEnvSchema>;

export const gamificationEnvSchema = z
  .object(serviceSchema('gamification', DEFAULT_PORTS.gamification.http, DEFAULT_PORTS.gamification.rpc))
  .superRefine(checkKafkaSecurity);
export type GamificationEnv = z.infer<typeof gamificationEnvSchema>;

export const exportEnvSchema = z
  .object({
    ...serviceSchema('export', DEFAULT_PORTS.export.http, DEFAULT_PORTS.export.rpc),
    /** How long a finished export file stays downloadable before it is removed. */
    EXPORT_FILE_TTL_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 90)
      .default(24),
    /** How long a share link works unless its owner asks for less. */
    EXPORT_SHARE_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    /** How often expired files and links are removed. */
    EXPORT_CLEANUP_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
    /** A CJK font file (TTC/OTF/TTF with the NotoSansCJKsc faces) when not at a standard system path. */
    EXPORT_CJK_FONT: z.string().min(1).optional(),
    RUN_WORKERS: flag.default(true),
  })
  .superRefine(checkKafkaSecurity);
export type ExportEnv = z.infer<typeof exportEnvSchema>;

/** What a migration run needs: only the database. */
export function migrationEnvSchema(service: string) {
  return z.object({ LOG_LEVEL: base.LOG_LEVEL, ...database, DATABASE_SCHEMA: schemaName(service) });
}

/** Every app's schema by name; docker-compose, k8s and README are checked against this. */
export const appEnvSchemas = {
  gateway: gatewayEnvSchema,
  identity: identityEnvSchema,
  sessions: sessionsEnvSchema,
  coaching: coachingEnvSchema,
  gamification: gamificationEnvSchema,
  export: exportEnvSchema,
} as const;
export type AppName = keyof typeof appEnvSchemas;

/** Names of the variables an app cannot start without (no default). */
export function requiredVariables(schema: z.ZodObject): string[] {
  return Object.entries(schema.shape)
    .filter(([, field]) => !(field as z.ZodType).safeParse(undefined).success)
    .map(([name]) => name);
}

/** The variables every domain service shares; bootstrap code only needs these. */
export type ServiceEnv = z.infer<z.ZodObject<ReturnType<typeof serviceSchema>>>;

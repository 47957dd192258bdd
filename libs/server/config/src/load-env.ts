import { z } from 'zod';

export class ConfigError extends Error {
  constructor(
    readonly service: string,
    readonly problems: string[],
  ) {
    super(`Invalid configuration for ${service}:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Validates the environment against a service's schema. Every missing or malformed variable is named in
 * the error, so an operator fixes them in one go.
 */
export function loadEnv<S extends z.ZodType>(
  service: string,
  schema: S,
  env: NodeJS.ProcessEnv = process.env,
): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join('.') || '(environment)';
    const value = typeof issue.path[0] === 'string' ? env[issue.path[0]] : undefined;
    if (value === undefined) return `${name} is missing: ${issue.message}`;
    return `${name} is malformed: ${issue.message}`;
  });
  throw new ConfigError(service, problems);
}

/** Loads the config or stops the process with the list of problems; the first thing every main.ts does. */
export function loadEnvOrExit<S extends z.ZodType>(
  service: string,
  schema: S,
  env: NodeJS.ProcessEnv = process.env,
): z.infer<S> {
  try {
    return loadEnv(service, schema, env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(
        `${JSON.stringify({ level: 'fatal', service, msg: error.message, problems: error.problems })}\n`,
      );
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
}

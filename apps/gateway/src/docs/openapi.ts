import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { authUserSchema, errorBodySchema, systemHealthSchema } from '@parley/contracts';
import { registerUserPaths } from '../user/user.openapi';
import { registerAuthPaths } from '../auth-proxy/auth.openapi';
import { registerPracticePaths } from '../practice/practice.openapi';
import { registerCoachingPaths } from '../coaching/coaching.openapi';
import { registerGamificationPaths } from '../gamification/gamification.openapi';
import { registerExportPaths } from '../export/export.openapi';

/**
 * The OpenAPI document, generated from the zod schemas in libs/contracts (the single source of truth).
 * Each feature registers its paths here as it lands.
 */
export function buildOpenApiDocument(): ReturnType<OpenApiGeneratorV31['generateDocument']> {
  const registry = new OpenAPIRegistry();
  const bearer = registry.registerComponent('securitySchemes', 'bearer', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
  });
  const errors = (...codes: number[]) =>
    Object.fromEntries(
      codes.map((code) => [
        code,
        { description: 'Error', content: { 'application/json': { schema: errorBodySchema } } },
      ]),
    );

  registry.registerPath({
    method: 'get',
    path: '/api/health',
    summary: 'Readiness of every service and its dependencies',
    responses: {
      200: {
        description: 'Everything is up',
        content: { 'application/json': { schema: systemHealthSchema } },
      },
      503: { description: 'At least one service or dependency is down' },
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/auth/v1/user',
    summary: 'The signed-in user (Supabase Auth wire format)',
    security: [{ [bearer.name]: [] }],
    responses: {
      200: { description: 'The user', content: { 'application/json': { schema: authUserSchema } } },
      ...errors(401, 404, 429),
    },
  });

  registerAuthPaths(registry, [{ [bearer.name]: [] }], errors);
  registerUserPaths(registry, [{ [bearer.name]: [] }], errors);
  registerPracticePaths(registry, [{ [bearer.name]: [] }], errors);
  registerCoachingPaths(registry, [{ [bearer.name]: [] }], errors);
  registerGamificationPaths(registry, [{ [bearer.name]: [] }], errors);
  registerExportPaths(registry, [{ [bearer.name]: [] }], errors);

  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Parley API',
      version: '0.1.0',
      description: 'Rehearse hard conversations with an AI role-play partner.',
    },
    servers: [{ url: '/' }],
  });
}

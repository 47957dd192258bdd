import type { OpenAPIRegistry, ResponseConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import {
  onboardingProfileSchema,
  profileSchema,
  settingsPatchSchema,
  settingsQuerySchema,
  userSettingsSchema,
} from '@parley/contracts';

/** The profile and settings paths of the OpenAPI document (see docs/openapi.ts). */
export function registerUserPaths(
  registry: OpenAPIRegistry,
  security: Array<Record<string, string[]>>,
  errors: (...codes: number[]) => Record<number, ResponseConfig>,
): void {
  const json = <T extends z.ZodType>(schema: T) => ({ 'application/json': { schema } });

  registry.registerPath({
    method: 'get',
    path: '/api/user/profile/{userId}',
    summary: "The caller's profile, with this calendar month's completed sessions",
    description:
      "Before onboarding the profile has no communication goals. `userId` must be the caller's own id.",
    security,
    request: { params: z.object({ userId: z.uuid() }) },
    responses: {
      200: { description: 'The profile', content: json(profileSchema) },
      ...errors(400, 401, 403, 404, 429, 503, 504),
    },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/user/profile',
    summary: "Saves onboarding's answers (creates or replaces the profile)",
    description: "`id` is optional; when sent it must be the caller's own id.",
    security,
    request: { body: { content: json(onboardingProfileSchema) } },
    responses: {
      200: { description: 'The saved profile', content: json(profileSchema) },
      ...errors(400, 401, 403, 404, 429, 503, 504),
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/user/settings',
    summary: "The caller's settings, created with the defaults on first visit",
    description: "On first visit the record takes `timezone` (the browser's zone), or UTC without one.",
    security,
    request: { query: settingsQuerySchema },
    responses: {
      200: { description: 'The settings record', content: json(userSettingsSchema) },
      ...errors(400, 401, 404, 429, 503, 504),
    },
  });
  registry.registerPath({
    method: 'patch',
    path: '/api/user/settings',
    summary: "Changes some of the caller's settings",
    description:
      "Any editable field, at least one; `user_id` and `email` are read-only. `display_name` is also the account's full name.",
    security,
    request: { body: { content: json(settingsPatchSchema) } },
    responses: {
      200: { description: 'The whole record after the change', content: json(userSettingsSchema) },
      ...errors(400, 401, 404, 429, 503, 504),
    },
  });
}

import type { OpenAPIRegistry, ResponseConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import {
  attemptSchema,
  customScenarioBodySchema,
  customScenarioIdSchema,
  customScenarioSchema,
  draftScenarioBodySchema,
  scenarioDraftSchema,
  startAttemptBodySchema,
  appendMessagesBodySchema,
  createSessionBodySchema,
  saveFeedbackBodySchema,
  scenarioListQuerySchema,
  scenarioSchema,
  sessionSchema,
} from '@parley/contracts';

/** Scenarios, practice sessions, feedback and progress in the OpenAPI document. */
export function registerPracticePaths(
  registry: OpenAPIRegistry,
  security: Array<Record<string, string[]>>,
  errors: (...codes: number[]) => Record<number, ResponseConfig>,
): void {
  const json = <T extends z.ZodType>(schema: T) => ({ 'application/json': { schema } });
  const common = errors(400, 401, 429, 503, 504);
  const path = (
    method: 'get' | 'post' | 'put' | 'delete',
    p: string,
    summary: string,
    response: z.ZodType,
    request?: object,
    extra: number[] = [],
  ) =>
    registry.registerPath({
      method,
      path: p,
      summary,
      security,
      request,
      responses: { 200: { description: 'OK', content: json(response) }, ...common, ...errors(...extra) },
    });

  path(
    'get',
    '/api/user/scenarios',
    'The catalogue; premium scenarios are marked locked for a free user',
    z.array(scenarioSchema),
    { query: scenarioListQuerySchema },
  );
  path(
    'get',
    '/api/user/scenarios/daily',
    'Scenario of the day: the same for everyone on a calendar date',
    scenarioSchema,
    undefined,
    [404],
  );
  path(
    'get',
    '/api/user/scenarios/random',
    'A random scenario the caller can start',
    scenarioSchema,
    undefined,
    [404],
  );
  const customId = { params: z.object({ id: customScenarioIdSchema }) };
  path(
    'get',
    '/api/user/scenarios/custom',
    "The caller's own scenarios (My Scenarios)",
    z.array(customScenarioSchema),
  );
  path(
    'post',
    '/api/user/scenarios/custom',
    'Creates one of the caller’s own scenarios (free plan: keeps 3)',
    customScenarioSchema,
    { body: { content: json(customScenarioBodySchema) } },
    [403],
  );
  path(
    'post',
    '/api/user/scenarios/custom/draft',
    'Drafts the optional fields from the situation (the model when configured, else the closest catalogue scenarios)',
    scenarioDraftSchema,
    { body: { content: json(draftScenarioBodySchema) } },
  );
  path(
    'get',
    '/api/user/scenarios/custom/{id}',
    'One of the caller’s own scenarios',
    customScenarioSchema,
    customId,
    [404],
  );
  path(
    'put',
    '/api/user/scenarios/custom/{id}',
    'Rewrites one of the caller’s own scenarios',
    customScenarioSchema,
    { ...customId, body: { content: json(customScenarioBodySchema) } },
    [404],
  );
  path(
    'delete',
    '/api/user/scenarios/custom/{id}',
    'Deletes one of the caller’s own scenarios (past sessions keep their transcript)',
    z.object({ success: z.literal(true) }),
    customId,
    [404],
  );
  path(
    'get',
    '/api/user/scenarios/{id}',
    'One scenario: a catalogue one, or one of the caller’s own',
    scenarioSchema,
    { params: z.object({ id: z.string() }) },
    [404],
  );
  path(
    'get',
    '/api/user/sessions',
    "The caller's sessions, newest first",
    z.array(sessionSchema.omit({ messages: true })),
  );
  path(
    'get',
    '/api/user/sessions/view/{id}',
    'One session with its messages',
    sessionSchema,
    { params: z.object({ id: z.uuid() }) },
    [404],
  );
  path(
    'get',
    '/api/user/sessions/last/{userId}',
    "The caller's latest session (Continue Practice)",
    sessionSchema,
    { params: z.object({ userId: z.uuid() }) },
    [403, 404],
  );
  path(
    'post',
    '/api/user/sessions',
    'Resumes the scenario’s active session, or starts one with the partner’s opening (written by the server; `start_over` begins a new one). A session counts against the free plan’s 5 a month from the learner’s first line; premium scenarios need premium',
    sessionSchema,
    { body: { content: json(createSessionBodySchema) } },
    [403, 404],
  );
  path(
    'post',
    '/api/user/sessions/{id}/messages',
    'Refused with 400: a transcript grows only through chat-completion with session_id (the learner’s line, then the partner’s reply, both stored by the server); a partner line is refused naming its field',
    sessionSchema,
    { params: z.object({ id: z.uuid() }), body: { content: json(appendMessagesBodySchema) } },
    [404, 409, 413],
  );
  path(
    'delete',
    '/api/user/sessions/{id}',
    'Deletes one of the caller’s sessions',
    z.object({ success: z.literal(true) }),
    { params: z.object({ id: z.uuid() }) },
    [404],
  );
  path(
    'post',
    '/api/user/sessions/{id}/attempts',
    'Starts a new attempt of the conversation from one of the learner’s messages (counts like any session)',
    sessionSchema,
    { params: z.object({ id: z.uuid() }), body: { content: json(startAttemptBodySchema) } },
    [403, 404],
  );
  path(
    'get',
    '/api/user/sessions/{id}/attempts',
    'Every attempt of the conversation the session belongs to, first attempt first, with scores',
    z.array(attemptSchema),
    { params: z.object({ id: z.uuid() }) },
    [404],
  );
  path(
    'post',
    '/api/user/increment-sessions/{userId}',
    "This month's usage (derived from stored sessions; cannot be raised)",
    z.object({ sessions_used: z.number().int() }),
    { params: z.object({ userId: z.uuid() }) },
    [403],
  );
  path(
    'post',
    '/api/user/feedback',
    "Completes the session with the server's feedback for its stored transcript",
    z.object({}).loose(),
    { body: { content: json(saveFeedbackBodySchema) } },
    [404],
  );
  path(
    'get',
    '/api/user/feedback/{sessionId}',
    'The stored feedback of one of the caller’s completed sessions (404 when it has none, or is not theirs)',
    z.object({
      session_id: z.uuid(),
      scenario_id: z.string(),
      clarity: z.number().min(0).max(10),
      empathy: z.number().min(0).max(10),
      persuasion: z.number().min(0).max(10),
      strengths: z.array(z.string()),
      weaknesses: z.array(z.string()),
      suggestions: z.array(z.string()),
      evidence: z.object({
        clarity: z.array(z.unknown()),
        empathy: z.array(z.unknown()),
        persuasion: z.array(z.unknown()),
      }),
      created_at: z.string(),
    }),
    { params: z.object({ sessionId: z.uuid() }) },
    [404],
  );
  path(
    'get',
    '/api/user/progress/{userId}',
    'Scores per completed session, oldest first',
    z.array(
      z.object({
        session_id: z.uuid(),
        created_at: z.string(),
        clarity: z.number(),
        empathy: z.number(),
        persuasion: z.number(),
      }),
    ),
    { params: z.object({ userId: z.uuid() }) },
    [403],
  );
}

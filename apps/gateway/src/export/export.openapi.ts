import type { OpenAPIRegistry, ResponseConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import {
  createExportJobBodySchema,
  createShareLinkBodySchema,
  EXPORT_JOB_STATUSES,
  exportPdfBodySchema,
} from '@parley/contracts';

/** Export Transcript in the OpenAPI document. */
export function registerExportPaths(
  registry: OpenAPIRegistry,
  security: Array<Record<string, string[]>>,
  errors: (...codes: number[]) => Record<number, ResponseConfig>,
): void {
  registry.registerPath({
    method: 'post',
    path: '/api/export/pdf',
    summary: 'The conversation (and its feedback, when given) as a PDF document',
    description:
      'Rendered by a background worker; answered as `conversation-transcript.pdf` (attachment). A message whose ' +
      'content is not a string is shown as `[Invalid message content]`.',
    security,
    request: { body: { content: { 'application/json': { schema: exportPdfBodySchema } } } },
    responses: {
      200: {
        description: 'The PDF',
        content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
      },
      ...errors(400, 401, 413, 429, 502, 503, 504),
    },
  });

  const json = <T extends z.ZodType>(schema: T) => ({ 'application/json': { schema } });
  const pdf = { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } };
  const job = z.object({
    id: z.uuid(),
    session_id: z.uuid(),
    status: z.enum(EXPORT_JOB_STATUSES),
    progress: z.number().int().min(0).max(100),
    error: z.string().nullable(),
    bytes: z.number().int().nullable(),
    created_at: z.string(),
    finished_at: z.string().nullable(),
    expires_at: z.string(),
  });
  const link = z.object({
    id: z.uuid(),
    session_id: z.uuid(),
    created_at: z.string(),
    expires_at: z.string(),
  });
  const createdLink = link.extend({
    token: z.string().meta({ description: 'Shown only in this answer: the server keeps its SHA-256' }),
    url: z.string().meta({ description: 'The web page that shows the report: {PUBLIC_URL}/shared/{token}' }),
  });
  const id = { params: z.object({ id: z.uuid() }) };
  const token = { params: z.object({ token: z.string() }) };
  registry.registerPath({
    method: 'post',
    path: '/api/export/jobs',
    summary: 'Starts rendering one of the caller’s stored sessions (transcript and feedback) as a PDF',
    security,
    request: { body: { content: json(createExportJobBodySchema) } },
    responses: {
      202: { description: 'The job', content: json(job) },
      ...errors(400, 401, 404, 429, 502, 503),
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/export/jobs/{id}',
    summary: 'An export job and its progress (percent)',
    security,
    request: id,
    responses: { 200: { description: 'The job', content: json(job) }, ...errors(400, 401, 404) },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/export/jobs/{id}/events',
    summary:
      'Progress as server-sent `data: {"id", "status", "progress", "error"}` lines until done or failed',
    description:
      'The job as it is first, then each update as the worker makes it (pushed, not polled). `: keep-alive` ' +
      'comments every 15 s. `data: {"error": "...", "retry": true}` ends a stream that gives up while the ' +
      'job goes on (still running after 5 minutes, the server restarting): follow it again in a moment.',
    security,
    request: id,
    responses: {
      200: { description: 'An event stream', content: { 'text/event-stream': { schema: z.string() } } },
      ...errors(400, 401, 404),
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/export/jobs/{id}/file',
    summary: 'The finished PDF, for its owner only, until it expires',
    security,
    request: id,
    responses: { 200: { description: 'The PDF', content: pdf }, ...errors(400, 401, 404, 409) },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/export/shares',
    summary: 'A read-only link to one session’s report, with an unguessable token',
    security,
    request: { body: { content: json(createShareLinkBodySchema) } },
    responses: {
      201: {
        description: 'The link, with its token and address (shown this once)',
        content: json(createdLink),
      },
      ...errors(400, 401, 404),
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/export/shares',
    summary: 'The caller’s live share links (ids and dates; a token is never shown again)',
    security,
    responses: { 200: { description: 'The links', content: json(z.array(link)) }, ...errors(401) },
  });
  registry.registerPath({
    method: 'delete',
    path: '/api/export/shares/{id}',
    summary: 'Revokes a share link by its id; its address answers 404 from then on',
    security,
    request: id,
    responses: { 204: { description: 'Revoked' }, ...errors(401, 404) },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/export/shared/{token}',
    summary: 'A shared report (no sign-in): scenario, transcript and feedback, nothing else of its owner',
    request: token,
    responses: { 200: { description: 'The report', content: json(z.object({}).loose()) }, ...errors(404) },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/export/shared/{token}/pdf',
    summary: 'A shared report as a PDF (no sign-in)',
    request: token,
    responses: { 200: { description: 'The PDF', content: pdf }, ...errors(404, 504) },
  });
}

import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { z } from 'zod';
import {
  EXPORT_JOB_EVENTS_PREFIX_RPC,
  exportPdfBodySchema,
  RPC,
  SHARE_TOKEN_PATTERN,
  type ExportJob,
  type ExportPdfBody,
  type RpcRequest,
  type CreatedShareLink,
  type SharedReport,
  type ShareLink,
} from '@parley/contracts';
import { QueueFactory, QueueJobTimeoutError } from '@parley/server-queue';
import { RpcError } from '@parley/server-observability';
import { exportQueue } from '../pdf/export.queue';
import { RENDER_WAIT_MS } from '../pdf/export.rpc-controller';
import { ExportJobEvents } from './export-job-events';
import { ExportJobsRepository, type ShareRow } from './export-jobs.repository';
import { exportJobsQueue } from './jobs.queue';

export interface ExportTtls {
  fileHours: number;
  shareDays: number;
}
export const EXPORT_TTLS = Symbol('EXPORT_TTLS');

const idSchema = z.object({ id: z.uuid() });
const tokenSchema = z.object({ token: z.string().regex(SHARE_TOKEN_PATTERN) });
const createJobSchema = z.object({ sessionId: z.uuid(), body: exportPdfBodySchema });
const createShareSchema = z.object({
  sessionId: z.uuid(),
  body: exportPdfBodySchema,
  expiresInDays: z.number().int().min(1).max(365).optional(),
});

function callerId(request: RpcRequest): string {
  const userId = request.meta?.userId;
  if (!userId) throw new RpcError(401, 'User is not authenticated');
  return userId;
}

function parse<T extends z.ZodType>(schema: T, data: unknown): z.infer<T> {
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new RpcError(400, parsed.error.issues[0]?.message ?? 'Invalid request');
  return parsed.data;
}

/** Only what the report shows: no user id, no e-mail, no other session, no fields the client made up. */
function reportOf(body: ExportPdfBody): Omit<SharedReport, 'expires_at'> {
  const scenario =
    typeof body.scenario === 'string'
      ? { title: body.scenario }
      : body.scenario
        ? { title: body.scenario.title, description: body.scenario.description }
        : null;
  const f = body.feedback;
  return {
    title: body.title ?? 'Practice Session Report',
    scenario,
    tone: body.tone ?? null,
    date: body.date ?? new Date().toISOString(),
    messages: body.messages.map((m) => ({ sender: m.sender, content: m.content })),
    feedback: f
      ? {
          clarity: f.clarity,
          empathy: f.empathy,
          persuasion: f.persuasion,
          strengths: f.strengths,
          weaknesses: f.weaknesses,
          areas_for_improvement: f.areas_for_improvement,
          suggestions: f.suggestions,
          objectives: f.objectives,
        }
      : null,
  };
}

const shareLink = (row: ShareRow): ShareLink => ({
  id: row.id,
  session_id: row.session_id,
  created_at: new Date(row.created_at).toISOString(),
  expires_at: new Date(row.expires_at).toISOString(),
});

/** Stored-session exports (owner only) and share links (created by the owner, read by anyone with the token). */
@Controller()
export class ExportJobsRpcController {
  constructor(
    private readonly jobs: ExportJobsRepository,
    private readonly queues: QueueFactory,
    private readonly events: ExportJobEvents,
    @Inject(EXPORT_TTLS) private readonly ttls: ExportTtls,
  ) {}

  @MessagePattern(RPC.export.createJob)
  async createJob(@Payload() request: RpcRequest): Promise<ExportJob> {
    const userId = callerId(request);
    const { sessionId, body } = parse(createJobSchema, request.data);
    const created = await this.jobs.create(userId, sessionId, body, this.ttls.fileHours);
    // The job id is the export's id: adding it twice is a no-op in BullMQ.
    await this.queues
      .client(exportJobsQueue)
      .add('render-session', { exportId: created.id }, { jobId: created.id });
    return created;
  }

  /** Where the progress of jobs is published: `{prefix}export-job:{id}` (no caller; nothing secret). */
  @MessagePattern(EXPORT_JOB_EVENTS_PREFIX_RPC)
  eventsPrefix(): { prefix: string } {
    return { prefix: this.events.prefix };
  }

  @MessagePattern(RPC.export.getJob)
  async getJob(@Payload() request: RpcRequest): Promise<ExportJob> {
    const found = await this.jobs.get(callerId(request), parse(idSchema, request.data).id);
    if (!found) throw new RpcError(404, 'Export not found');
    return found;
  }

  @MessagePattern(RPC.export.jobFile)
  async jobFile(@Payload() request: RpcRequest): Promise<{ pdfBase64: string }> {
    const found = await this.jobs.file(callerId(request), parse(idSchema, request.data).id);
    if (!found) throw new RpcError(404, 'Export not found');
    if (found.status === 'failed') throw new RpcError(409, 'The export failed; start a new one');
    if (found.status !== 'done' || !found.file) throw new RpcError(409, 'The export is not ready yet');
    return { pdfBase64: found.file.toString('base64') };
  }

  /** The new link with its token: the only answer that carries it (the row keeps its hash). */
  @MessagePattern(RPC.export.createShare)
  async createShare(@Payload() request: RpcRequest): Promise<Omit<CreatedShareLink, 'url'>> {
    const userId = callerId(request);
    const input = parse(createShareSchema, request.data);
    const days = Math.min(input.expiresInDays ?? this.ttls.shareDays, this.ttls.shareDays);
    const { row, token } = await this.jobs.createShare(userId, input.sessionId, reportOf(input.body), days);
    return { ...shareLink(row), token };
  }

  @MessagePattern(RPC.export.listShares)
  async listShares(@Payload() request: RpcRequest): Promise<ShareLink[]> {
    return (await this.jobs.listShares(callerId(request))).map(shareLink);
  }

  /** By the link's id, the owner's only: another user's link, a bad id and an unknown one are the same 404. */
  @MessagePattern(RPC.export.revokeShare)
  async revokeShare(@Payload() request: RpcRequest): Promise<{ revoked: true }> {
    const userId = callerId(request);
    const parsed = idSchema.safeParse(request.data);
    if (!parsed.success || !(await this.jobs.revokeShare(userId, parsed.data.id)))
      throw new RpcError(404, 'Share link not found');
    return { revoked: true };
  }

  /** Public: anyone with the token. Unknown, revoked and expired tokens answer the same 404. */
  @MessagePattern(RPC.export.sharedReport)
  async sharedReport(@Payload() request: RpcRequest): Promise<SharedReport> {
    const row = await this.sharedRow(request);
    return { ...row.report, expires_at: new Date(row.expires_at).toISOString() };
  }

  /** Public. Rendered on the first hit and kept with the link (its report never changes), then read back. */
  @MessagePattern(RPC.export.sharedPdf)
  async sharedPdf(@Payload() request: RpcRequest): Promise<{ pdfBase64: string; bytes: number }> {
    const row = await this.sharedRow(request);
    const kept = await this.jobs.sharedPdf(row.id);
    if (kept) return { pdfBase64: kept.toString('base64'), bytes: kept.length };
    const body = exportPdfBodySchema.parse({
      ...row.report,
      scenario: row.report.scenario ?? undefined,
      tone: row.report.tone ?? undefined,
    });
    try {
      const rendered = await this.queues
        .client(exportQueue)
        .addAndWait('render-transcript', body, RENDER_WAIT_MS);
      await this.jobs.keepSharedPdf(row.id, Buffer.from(rendered.pdfBase64, 'base64'));
      return rendered;
    } catch (error) {
      if (error instanceof QueueJobTimeoutError)
        throw new RpcError(504, 'The export took too long; try again');
      throw error;
    }
  }

  private async sharedRow(request: RpcRequest): Promise<ShareRow> {
    const parsed = tokenSchema.safeParse(request.data);
    const row = parsed.success ? await this.jobs.shared(parsed.data.token) : null;
    if (!row) throw new RpcError(404, 'This link does not exist or has expired');
    return row;
  }
}

import {
  BadRequestException,
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  NotFoundException,
  Param,
  Post,
  Req,
  Res,
} from '@nestjs/common';
import { z } from 'zod';
import {
  createExportJobBodySchema,
  createShareLinkBodySchema,
  RPC,
  SHARE_TOKEN_PATTERN,
  type CreateExportJobBody,
  type CreateShareLinkBody,
  type CreatedShareLink,
  type ExportJob,
  type SharedReport,
  type ShareLink,
} from '@parley/contracts';
import type { GatewayEnv } from '@parley/server-config';
import { CurrentUser } from '../auth/current-user.decorator';
import type { AuthenticatedUser } from '../auth/access-token';
import { Public } from '../auth/public.decorator';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { GATEWAY_ENV, ServiceClients } from '../rpc/service-clients';
import { openEventStream } from '../http/event-stream';
import { ExportJobUpdates } from './export-job-updates';
import { SessionReport } from './session-report';

interface FileReply {
  header(name: string, value: string): unknown;
}
interface RawReply {
  raw: import('node:http').ServerResponse;
  getHeaders(): Record<string, unknown>;
}
interface RawRequest {
  id: string;
}

const exportId = new ZodValidationPipe(z.uuid({ message: 'id must be an export id (uuid)' }));
const shareId = new ZodValidationPipe(z.uuid({ message: 'id must be a share link id (uuid)' }));
const RENDER_RPC_TIMEOUT_MS = 50_000;

function pdfHeaders(reply: FileReply, pdf: Buffer, fileName: string, disposition = 'attachment'): Buffer {
  reply.header('content-type', 'application/pdf');
  reply.header('content-disposition', `${disposition}; filename="${fileName}"`);
  reply.header('content-length', String(pdf.length));
  reply.header('cache-control', 'no-store');
  return pdf;
}

/** Unknown, revoked and expired tokens look the same: 404 without asking anyone. */
function checkToken(token: string): string {
  if (!SHARE_TOKEN_PATTERN.test(token))
    throw new NotFoundException({ error: 'This link does not exist or has expired' });
  return token;
}

/** Exports of stored sessions with progress (spec section 8 workers), and shareable read-only reports. */
@Controller('api/export')
export class ExportJobsController {
  constructor(
    private readonly clients: ServiceClients,
    private readonly reports: SessionReport,
    private readonly updates: ExportJobUpdates,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {}

  @Post('jobs')
  @HttpCode(202)
  async createJob(
    @CurrentUser() user: AuthenticatedUser,
    @Body(new ZodValidationPipe(createExportJobBodySchema)) body: CreateExportJobBody,
  ): Promise<ExportJob> {
    const report = await this.reports.of(user, body.session_id);
    if (!report.messages.length)
      throw new BadRequestException({ error: 'The session has no messages to export' });
    return this.clients.sendAs<ExportJob>(user, 'export', RPC.export.createJob, {
      sessionId: body.session_id,
      body: report,
    });
  }

  @Get('jobs/:id')
  getJob(@CurrentUser() user: AuthenticatedUser, @Param('id', exportId) id: string): Promise<ExportJob> {
    return this.clients.sendAs<ExportJob>(user, 'export', RPC.export.getJob, { id });
  }

  /**
   * Server-sent `data: {"id", "status", "progress", "error"}` lines until the job is done or failed: the
   * job as it is first (read as the caller, so another user's job is a 404 before any stream), then every
   * update the workers publish, as they publish it (ExportJobUpdates), with a slow safety read in case one
   * was missed and `: keep-alive` comments. `data: {"error": ...}` ends a stream that gives up.
   */
  @Get('jobs/:id/events')
  async jobEvents(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', exportId) id: string,
    @Req() request: RawRequest,
    @Res() reply: RawReply,
  ): Promise<void> {
    const read = () => this.clients.sendAs<ExportJob>(user, 'export', RPC.export.getJob, { id });
    // Subscribed before the read: an update published in between is buffered, not lost.
    const follower = await this.updates.follow(id);
    let job: ExportJob;
    try {
      job = await read();
    } catch (error) {
      follower.close();
      throw error;
    }
    const res = openEventStream(reply, request);
    await this.updates.stream(res, follower, job, read);
  }

  /** The finished file, for its owner only (anyone else: 404). */
  @Get('jobs/:id/file')
  async jobFile(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', exportId) id: string,
    @Res({ passthrough: true }) reply: FileReply,
  ): Promise<Buffer> {
    const { pdfBase64 } = await this.clients.sendAs<{ pdfBase64: string }>(
      user,
      'export',
      RPC.export.jobFile,
      {
        id,
      },
    );
    return pdfHeaders(reply, Buffer.from(pdfBase64, 'base64'), 'session-report.pdf');
  }

  /** The new link with its address: the only time the token is shown (the server keeps its hash). */
  @Post('shares')
  async createShare(
    @CurrentUser() user: AuthenticatedUser,
    @Body(new ZodValidationPipe(createShareLinkBodySchema)) body: CreateShareLinkBody,
  ): Promise<CreatedShareLink> {
    const report = await this.reports.of(user, body.session_id);
    if (!report.messages.length)
      throw new BadRequestException({ error: 'The session has no messages to share' });
    const link = await this.clients.sendAs<Omit<CreatedShareLink, 'url'>>(
      user,
      'export',
      RPC.export.createShare,
      { sessionId: body.session_id, body: report, expiresInDays: body.expires_in_days },
    );
    // The address the owner hands out: the web app's read-only report page on the public origin.
    return { ...link, url: new URL(`/shared/${link.token}`, this.env.PUBLIC_URL).toString() };
  }

  /** The caller's live links: ids and dates, never a token. */
  @Get('shares')
  listShares(@CurrentUser() user: AuthenticatedUser): Promise<ShareLink[]> {
    return this.clients.sendAs<ShareLink[]>(user, 'export', RPC.export.listShares, {});
  }

  @Delete('shares/:id')
  @HttpCode(204)
  async revokeShare(@CurrentUser() user: AuthenticatedUser, @Param('id', shareId) id: string): Promise<void> {
    await this.clients.sendAs(user, 'export', RPC.export.revokeShare, { id });
  }

  /** The shared report, read without signing in. */
  @Public()
  @Get('shared/:token')
  shared(@Param('token') token: string): Promise<SharedReport> {
    return this.clients.send<SharedReport>('export', RPC.export.sharedReport, { token: checkToken(token) });
  }

  @Public()
  @Get('shared/:token/pdf')
  async sharedPdf(
    @Param('token') token: string,
    @Res({ passthrough: true }) reply: FileReply,
  ): Promise<Buffer> {
    const { pdfBase64 } = await this.clients.send<{ pdfBase64: string }>(
      'export',
      RPC.export.sharedPdf,
      { token: checkToken(token) },
      { timeoutMs: RENDER_RPC_TIMEOUT_MS },
    );
    return pdfHeaders(reply, Buffer.from(pdfBase64, 'base64'), 'session-report.pdf', 'inline');
  }
}

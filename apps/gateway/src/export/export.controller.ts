import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import { EXPORT_PDF_FILE_NAME, exportPdfBodySchema, RPC, type ExportPdfBody } from '@parley/contracts';
import { CurrentUser } from '../auth/current-user.decorator';
import type { AuthenticatedUser } from '../auth/access-token';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { ServiceClients } from '../rpc/service-clients';

interface PdfReply {
  header(name: string, value: string): unknown;
}

/** How long the gateway waits for the export service (which waits up to 45 s for a worker). */
const RENDER_RPC_TIMEOUT_MS = 50_000;

/** Export Transcript (spec sections 2 and 7): the conversation on screen as a PDF, rendered by a worker. */
@Controller('api/export')
export class ExportController {
  constructor(private readonly clients: ServiceClients) {}

  @Post('pdf')
  @HttpCode(200)
  async pdf(
    @CurrentUser() user: AuthenticatedUser,
    @Body(new ZodValidationPipe(exportPdfBodySchema)) body: ExportPdfBody,
    @Res({ passthrough: true }) reply: PdfReply,
  ): Promise<Buffer> {
    const { pdfBase64 } = await this.clients.send<{ pdfBase64: string }>(
      'export',
      RPC.export.renderPdf,
      body,
      {
        userId: user.id,
        plan: user.plan,
        timeoutMs: RENDER_RPC_TIMEOUT_MS,
      },
    );
    const pdf = Buffer.from(pdfBase64, 'base64');
    reply.header('content-type', 'application/pdf');
    reply.header('content-disposition', `attachment; filename="${EXPORT_PDF_FILE_NAME}"`);
    reply.header('content-length', String(pdf.length));
    reply.header('cache-control', 'no-store');
    return pdf;
  }
}

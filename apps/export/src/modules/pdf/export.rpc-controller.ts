import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { exportPdfBodySchema, RPC, type RpcRequest } from '@parley/contracts';
import { QueueFactory, QueueJobTimeoutError } from '@parley/server-queue';
import { RpcError } from '@parley/server-observability';
import { exportQueue } from './export.queue';

/** How long the API waits for a worker to render a transcript (the gateway's RPC bound is above it). */
export const RENDER_WAIT_MS = 45_000;

@Controller()
export class ExportRpcController {
  constructor(private readonly queues: QueueFactory) {}

  /** Renders the transcript on a worker and answers the PDF as base64. */
  @MessagePattern(RPC.export.renderPdf)
  async renderPdf(@Payload() request: RpcRequest): Promise<{ pdfBase64: string; bytes: number }> {
    if (!request.meta?.userId) throw new RpcError(401, 'User is not authenticated');
    const parsed = exportPdfBodySchema.safeParse(request.data);
    if (!parsed.success) throw new RpcError(400, parsed.error.issues[0]?.message ?? 'Invalid export request');
    try {
      return await this.queues
        .client(exportQueue)
        .addAndWait('render-transcript', parsed.data, RENDER_WAIT_MS);
    } catch (error) {
      if (error instanceof QueueJobTimeoutError)
        throw new RpcError(504, 'The export took too long; try again');
      throw error;
    }
  }
}

import { Body, Controller, Post, Req, Res } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Subscription } from 'rxjs';
import {
  RPC,
  textToSpeechBodySchema,
  type ScenarioDefinition,
  type TextToSpeechBody,
} from '@parley/contracts';
import { REQUEST_ID_HEADER } from '@parley/server-observability';
import { CurrentUser } from '../auth/current-user.decorator';
import type { AuthenticatedUser } from '../auth/access-token';
import { toErrorResponse } from '../http/http-error.filter';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { ServiceClients } from '../rpc/service-clients';
import type { RawReply, RawRequest } from './chat.controller';
import { SessionCompletion } from './session-completion';

type SpeechPiece = { contentType: string } | { audio: string };

/**
 * POST /api/text-to-speech (voice mode): one sentence of the partner's, spoken by the provider's
 * /audio/speech in the voice of the scenario's persona, streamed on to the browser as the audio arrives
 * (audio/wav). Before any audio an error is the API's JSON (503 when no speech server is configured:
 * the browser then speaks with its own voice); after, the response is cut off.
 */
/** How long a scenario's definition is kept for picking its persona's voice (catalogue data, rarely changed). */
const DEFINITION_TTL_MS = 5 * 60_000;
const MAX_CACHED_DEFINITIONS = 500;

@Controller('api')
export class TextToSpeechController {
  /** Definitions by plan and scenario id: a reply's sentences are spoken one request each. */
  private readonly definitions = new Map<
    string,
    { at: number; definition: Promise<ScenarioDefinition | undefined> }
  >();

  constructor(
    private readonly clients: ServiceClients,
    private readonly completion: SessionCompletion,
  ) {}

  private definitionFor(
    user: AuthenticatedUser,
    scenarioId: string | undefined,
  ): Promise<ScenarioDefinition | undefined> {
    if (!scenarioId) return Promise.resolve(undefined);
    const key = `${user.plan}:${scenarioId}`;
    const cached = this.definitions.get(key);
    if (cached && Date.now() - cached.at < DEFINITION_TTL_MS) return cached.definition;
    const definition = this.completion.definitionFor(user, scenarioId);
    if (this.definitions.size >= MAX_CACHED_DEFINITIONS) this.definitions.clear();
    this.definitions.set(key, { at: Date.now(), definition });
    definition.catch(() => this.definitions.delete(key));
    return definition;
  }

  @Post('text-to-speech')
  async speak(
    @CurrentUser() user: AuthenticatedUser,
    @Body(new ZodValidationPipe(textToSpeechBodySchema)) body: TextToSpeechBody,
    @Req() request: RawRequest,
    @Res() reply: RawReply,
  ): Promise<void> {
    const definition = await this.definitionFor(user, body.scenario_id);
    const streamId = randomUUID();
    const res = reply.raw;
    let finished = false;
    const subscription: Subscription = this.clients
      .stream<SpeechPiece>('coaching', RPC.coaching.speak, { streamId, text: body.text, definition }, user)
      .subscribe({
        next: (piece) => {
          if ('contentType' in piece) {
            res.writeHead(200, {
              ...(reply.getHeaders() as Record<string, string>),
              'content-type': piece.contentType,
              'cache-control': 'no-store',
              'x-accel-buffering': 'no',
              [REQUEST_ID_HEADER]: request.id,
            });
            res.flushHeaders();
          } else if (res.headersSent) res.write(Buffer.from(piece.audio, 'base64'));
        },
        error: (error: unknown) => {
          finished = true;
          if (res.headersSent) {
            res.destroy();
            return;
          }
          const { status, body: errorBody } = toErrorResponse(error);
          res.writeHead(status, {
            ...(reply.getHeaders() as Record<string, string>),
            'content-type': 'application/json; charset=utf-8',
            [REQUEST_ID_HEADER]: request.id,
          });
          res.end(JSON.stringify(errorBody));
        },
        complete: () => {
          finished = true;
          res.end();
        },
      });
    // A browser that stops listening (barge-in, pause, leaving voice mode) stops the speech upstream.
    res.on('close', () => {
      if (finished) return;
      subscription.unsubscribe();
      this.clients.sendAs(user, 'coaching', RPC.coaching.cancelSpeech, { streamId }).catch(() => undefined);
    });
  }
}

import { Controller, Inject, Logger } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Redis } from 'ioredis';
import { Observable } from 'rxjs';
import { z } from 'zod';
import {
  AI_ERRORS,
  MAX_AUDIO_BYTES,
  MAX_SPEECH_TEXT,
  RPC,
  scenarioDefinitionSchema,
  type RpcRequest,
  type SpeechCapabilities,
} from '@parley/contracts';
import { REDIS } from '@parley/server-database';
import { RpcError, toRpcErrorBody } from '@parley/server-observability';
import { AiCallLimiter } from '../coaching/ai-call-limiter';
import { signedIn } from '../coaching/coaching.rpc-controller';
import { SpeechClient, SpeechRequestError } from './speech-client';
import { SPEECH_CHARS_PER_MINUTE, SPEECH_CLIENT, VOICE_MAP } from './speech.tokens';
import { voiceFor, type VoiceMap } from './voices';

const transcribeSchema = z.object({
  audioBase64: z.string().max(Math.ceil((MAX_AUDIO_BYTES * 4) / 3) + 4),
  mimeType: z.string().max(100),
});
const speakSchema = z.object({
  streamId: z.uuid(),
  text: z.string().trim().min(1).max(MAX_SPEECH_TEXT),
  definition: scenarioDefinitionSchema.optional(),
});

/** One piece of a spoken answer: first its content type, then the audio, base64, as it arrives. */
export type SpeechPiece = { contentType: string } | { audio: string };

/** WebM/Matroska (EBML), Ogg, WAV/RIFF, MP4 (ftyp), MP3 (ID3 or frame sync), FLAC: a recording, not noise. */
export function looksLikeAudio(buffer: Buffer): boolean {
  if (buffer.length < 12) return false;
  const hex = buffer.subarray(0, 4).toString('hex');
  const ascii = buffer.subarray(0, 12).toString('latin1');
  return (
    hex === '1a45dfa3' ||
    ascii.startsWith('OggS') ||
    (ascii.startsWith('RIFF') && ascii.slice(8, 12) === 'WAVE') ||
    ascii.slice(4, 8) === 'ftyp' ||
    ascii.startsWith('ID3') ||
    ascii.startsWith('fLaC') ||
    (buffer[0] === 0xff && ((buffer[1] ?? 0) & 0xe0) === 0xe0)
  );
}

/** The learner's speech to text, and the partner's text to speech (voice mode). */
@Controller()
export class SpeechRpcController {
  private readonly logger = new Logger('Speech');
  /** Speech being made on this instance, so a browser that stops listening can stop its own. */
  private readonly streams = new Map<string, AbortController>();

  constructor(
    @Inject(SPEECH_CLIENT) private readonly speech: SpeechClient,
    @Inject(VOICE_MAP) private readonly voices: VoiceMap,
    @Inject(SPEECH_CHARS_PER_MINUTE) private readonly charsPerMinute: number,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly limiter: AiCallLimiter,
  ) {}

  /** What this server can do with speech, so the browser can say so before the learner speaks. */
  @MessagePattern(RPC.coaching.speechCapabilities)
  capabilities(@Payload() request: RpcRequest): SpeechCapabilities {
    signedIn(request);
    return { speech_to_text: this.speech.canTranscribe, text_to_speech: this.speech.canSpeak };
  }

  @MessagePattern(RPC.coaching.transcribe)
  async transcribe(@Payload() request: RpcRequest): Promise<{ text: string }> {
    await this.limiter.take(signedIn(request));
    const { audioBase64, mimeType } = transcribeSchema.parse(request.data);
    const audio = Buffer.from(audioBase64, 'base64');
    if (audio.length === 0) throw new RpcError(400, AI_ERRORS.emptyAudio);
    if (!looksLikeAudio(audio)) throw new RpcError(400, AI_ERRORS.badAudio);
    if (!this.speech.canTranscribe) throw new RpcError(503, AI_ERRORS.speechNotConfigured);
    try {
      return { text: (await this.speech.transcribe(audio, mimeType)).trim() };
    } catch (error) {
      if (error instanceof SpeechRequestError && error.missingEndpoint)
        throw new RpcError(503, AI_ERRORS.speechNotConfigured);
      this.logger.warn(`transcription failed: ${(error as Error).message}`);
      throw new RpcError(502, 'Transcription failed.');
    }
  }

  /** Characters of speech per user per minute, across instances (speech is billed by the character). */
  private async takeChars(userId: string, chars: number): Promise<void> {
    const key = `speech-chars:${userId}:${Math.floor(Date.now() / 60_000)}`;
    const [[, count]] = (await this.redis.multi().incrby(key, chars).expire(key, 120).exec()) as [
      [null, number],
      unknown,
    ];
    if (count > this.charsPerMinute) throw new RpcError(429, AI_ERRORS.tooManyCalls);
  }

  /** `text` in the voice of the scenario's persona: the content type, then the audio as it arrives. */
  @MessagePattern(RPC.coaching.speak)
  speak(@Payload() request: RpcRequest): Observable<SpeechPiece> {
    const userId = signedIn(request);
    const input = speakSchema.parse(request.data);
    if (!this.speech.canSpeak) throw new RpcError(503, AI_ERRORS.voiceNotConfigured);
    return new Observable((subscriber) => {
      const controller = new AbortController();
      this.streams.set(input.streamId, controller);
      void (async () => {
        try {
          await this.takeChars(userId, input.text.length);
          const voice = voiceFor(this.voices, input.definition);
          const { contentType, body } = await this.speech.speak(input.text, voice, controller.signal);
          subscriber.next({ contentType });
          for await (const chunk of body) {
            if (controller.signal.aborted) break;
            subscriber.next({ audio: Buffer.from(chunk).toString('base64') });
          }
          subscriber.complete();
        } catch (error) {
          if (controller.signal.aborted) subscriber.error({ status: 499, error: 'Cancelled' });
          else if (error instanceof SpeechRequestError) {
            if (!error.missingEndpoint) this.logger.warn(`speech failed: ${error.message}`);
            subscriber.error(
              error.missingEndpoint
                ? { status: 503, error: AI_ERRORS.voiceNotConfigured }
                : { status: 502, error: AI_ERRORS.speakFailed },
            );
          } else if (error instanceof RpcError) subscriber.error(toRpcErrorBody(error));
          else {
            this.logger.warn(`speech failed: ${(error as Error).message}`);
            subscriber.error({ status: 502, error: AI_ERRORS.speakFailed });
          }
        } finally {
          this.streams.delete(input.streamId);
        }
      })();
      return () => controller.abort();
    });
  }

  /** The browser stopped listening (barge-in, pause, leaving): stop making the speech. */
  @MessagePattern(RPC.coaching.cancelSpeech)
  cancel(@Payload() request: RpcRequest): { cancelled: boolean } {
    const { streamId } = z.object({ streamId: z.uuid() }).parse(request.data);
    const controller = this.streams.get(streamId);
    controller?.abort();
    return { cancelled: controller !== undefined };
  }
}

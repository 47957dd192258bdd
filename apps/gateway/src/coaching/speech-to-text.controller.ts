import { Controller, Get, HttpCode, HttpException, Post, Req } from '@nestjs/common';
import { AI_ERRORS, MAX_AUDIO_BYTES, RPC, type SpeechCapabilities } from '@parley/contracts';
import { CurrentUser } from '../auth/current-user.decorator';
import type { AuthenticatedUser } from '../auth/access-token';
import { ServiceClients } from '../rpc/service-clients';

interface MultipartFile {
  fieldname: string;
  mimetype: string;
  toBuffer(): Promise<Buffer>;
  file: { truncated: boolean };
}
interface MultipartRequest {
  isMultipart(): boolean;
  file(options?: { limits?: { fileSize?: number } }): Promise<MultipartFile | undefined>;
}

/** POST /api/speech-to-text: multipart, field `audio` (audio/webm from the browser's MediaRecorder). */
@Controller('api')
export class SpeechToTextController {
  constructor(private readonly clients: ServiceClients) {}

  /** GET /api/speech/capabilities: whether speech-to-text and text-to-speech are configured. */
  @Get('speech/capabilities')
  capabilities(@CurrentUser() user: AuthenticatedUser): Promise<SpeechCapabilities> {
    return this.clients.sendAs(user, 'coaching', RPC.coaching.speechCapabilities, {});
  }

  @Post('speech-to-text')
  @HttpCode(200)
  async transcribe(
    @CurrentUser() user: AuthenticatedUser,
    @Req() request: MultipartRequest,
  ): Promise<{ text: string; transcript: string }> {
    if (!request.isMultipart())
      throw new HttpException(
        { error: 'Send the recording as multipart/form-data with an "audio" field' },
        400,
      );
    const file = await request.file({ limits: { fileSize: MAX_AUDIO_BYTES } });
    if (!file || file.fieldname !== 'audio')
      throw new HttpException({ error: 'The "audio" field is missing' }, 400);
    if (!/^(audio|video)\//.test(file.mimetype))
      throw new HttpException({ error: `Unsupported audio type ${file.mimetype}` }, 415);
    const audio = await file.toBuffer();
    if (file.file.truncated) throw new HttpException({ error: 'The recording is too large' }, 413);
    if (audio.length === 0) throw new HttpException({ error: AI_ERRORS.emptyAudio }, 400);
    const { text } = await this.clients.sendAs<{ text: string }>(user, 'coaching', RPC.coaching.transcribe, {
      audioBase64: audio.toString('base64'),
      mimeType: file.mimetype,
    });
    return { text, transcript: text };
  }
}

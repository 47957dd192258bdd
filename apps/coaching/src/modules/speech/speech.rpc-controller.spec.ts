import type { Redis } from 'ioredis';
import type { RpcRequest } from '@parley/contracts';
import { RpcError } from '@parley/server-observability';
import type { AiCallLimiter } from '../coaching/ai-call-limiter';
import { SpeechClient } from './speech-client';
import { SpeechRpcController } from './speech.rpc-controller';

const endpoint = { baseURL: 'http://speech.test/v1', model: 'tts-1' };
const request = (userId?: string): RpcRequest =>
  ({ meta: { requestId: 'r1', ...(userId ? { userId } : {}) }, data: {} }) as RpcRequest;

function controllerWith(speech: SpeechClient) {
  return new SpeechRpcController(
    speech,
    { she: [], he: [], any: [] },
    1000,
    {} as Redis,
    {} as AiCallLimiter,
  );
}

describe('SpeechRpcController capabilities', () => {
  it('says which of speech-to-text and text-to-speech this server has, to signed-in callers', () => {
    const none = controllerWith(new SpeechClient({ timeoutMs: 1000 }));
    expect(none.capabilities(request('u1'))).toEqual({ speech_to_text: false, text_to_speech: false });
    const speaks = controllerWith(new SpeechClient({ speak: endpoint, timeoutMs: 1000 }));
    expect(speaks.capabilities(request('u1'))).toEqual({ speech_to_text: false, text_to_speech: true });
    const both = controllerWith(new SpeechClient({ transcribe: endpoint, speak: endpoint, timeoutMs: 1000 }));
    expect(both.capabilities(request('u1'))).toEqual({ speech_to_text: true, text_to_speech: true });
    let refused: unknown;
    try {
      none.capabilities(request());
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(RpcError);
    expect((refused as RpcError).getError()).toEqual({ status: 401, error: 'User is not authenticated' });
  });
});

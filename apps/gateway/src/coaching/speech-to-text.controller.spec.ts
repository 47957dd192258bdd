import { RPC } from '@parley/contracts';
import type { AuthenticatedUser } from '../auth/access-token';
import type { ServiceClients } from '../rpc/service-clients';
import { SpeechToTextController } from './speech-to-text.controller';

const user: AuthenticatedUser = { id: '5b0c1c4e-8a39-4f5e-9d52-3f1a2b3c4d5e', plan: 'free' };

describe('SpeechToTextController', () => {
  it('answers what speech the server has from the coaching service, asked as the learner', async () => {
    const answer = { speech_to_text: false, text_to_speech: true };
    const sendAs = jest.fn(async () => answer);
    const controller = new SpeechToTextController({ sendAs } as unknown as ServiceClients);
    expect(await controller.capabilities(user)).toEqual(answer);
    expect(sendAs).toHaveBeenCalledWith(user, 'coaching', RPC.coaching.speechCapabilities, {});
  });
});

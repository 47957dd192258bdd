import { ForbiddenException, HttpException, Logger } from '@nestjs/common';
import { RPC, type StoredProfile } from '@parley/contracts';
import type { AuthenticatedUser } from '../auth/access-token';
import { PatternNotHandledException, type ServiceClients } from '../rpc/service-clients';
import { MONTHLY_USAGE_TIMEOUT_MS, ProfileController } from './profile.controller';

const user: AuthenticatedUser = { id: '5b0c1c4e-8a39-4f5e-9d52-3f1a2b3c4d5e', plan: 'free' };
const stored: StoredProfile = {
  id: user.id,
  full_name: 'Ada',
  communication_goals: ['Persuasion'],
  tone_preference: 'neutral',
  avatar_style: 'neutral',
  experience_level: 'beginner',
  language: 'en',
  plan: 'free',
};

function controllerWith(usage: () => Promise<unknown>) {
  const send = jest.fn((_service: string, pattern: string) =>
    pattern === RPC.sessions.monthlyUsage ? usage() : Promise.resolve(stored),
  );
  return { controller: new ProfileController({ send } as unknown as ServiceClients), send };
}

describe('ProfileController', () => {
  beforeAll(() => Logger.overrideLogger(false));

  it("answers sessions_used from the sessions service's monthly count, asked with a short timeout", async () => {
    const { controller, send } = controllerWith(async () => ({ used: 3 }));
    expect(await controller.get(user, user.id)).toEqual({ ...stored, sessions_used: 3 });
    expect(send).toHaveBeenCalledWith(
      'sessions',
      RPC.sessions.monthlyUsage,
      { userId: user.id },
      { userId: user.id, timeoutMs: MONTHLY_USAGE_TIMEOUT_MS },
    );
  });

  it('answers 0 only when the sessions service has no handler for the pattern', async () => {
    const { controller } = controllerWith(async () => {
      throw new PatternNotHandledException('sessions', RPC.sessions.monthlyUsage);
    });
    expect((await controller.get(user, user.id)).sessions_used).toBe(0);
  });

  it('fails rather than guess when the sessions service is down or slow', async () => {
    for (const status of [503, 504]) {
      const { controller } = controllerWith(async () => {
        throw new HttpException({ error: 'Service temporarily unavailable' }, status);
      });
      await expect(controller.get(user, user.id)).rejects.toMatchObject({ status });
    }
  });

  it("refuses another user's id before asking any service", async () => {
    const { controller, send } = controllerWith(async () => ({ used: 0 }));
    const other = '0f0c1c4e-8a39-4f5e-9d52-3f1a2b3c4d5e';
    await expect(controller.get(user, other)).rejects.toBeInstanceOf(ForbiddenException);
    await expect(
      controller.save(user, {
        id: other,
        communication_goals: ['Persuasion'],
        tone_preference: 'neutral',
        experience_level: 'beginner',
        avatar_style: 'neutral',
        language: 'en',
      }),
    ).rejects.toBeInstanceOf(ForbiddenException);
    expect(send).not.toHaveBeenCalled();
    // The same id in capitals is the same user.
    expect((await controller.get(user, user.id.toUpperCase())).id).toBe(user.id);
  });
});

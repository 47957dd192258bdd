import { Injectable } from '@nestjs/common';
import {
  ATTEMPT_ERRORS,
  AVATAR_STYLES,
  DEFAULT_TONE_PREFERENCE,
  TONE_PREFERENCES,
  type AvatarStyle,
  type PracticeSession,
  type TonePreference,
} from '@parley/contracts';
import { RpcError } from '@parley/server-observability';
import type { Caller } from '../../rpc-caller';
import { PracticeRepository } from '../practice.repository';
import { SESSION_ERRORS, StartSessionUseCase } from './start-session.use-case';

/**
 * "Try again from here": a new session of the same scenario, tone and avatar that starts with the
 * conversation up to (not including) one of the learner's messages, linked to the session it came from.
 * It is started like any session, so it counts against the free plan's month and a premium scenario
 * still needs premium.
 */
@Injectable()
export class StartAttemptUseCase {
  constructor(
    private readonly practice: PracticeRepository,
    private readonly start: StartSessionUseCase,
  ) {}

  async execute(caller: Caller, sessionId: string, fromIndex: number): Promise<PracticeSession> {
    const source = await this.practice.get(caller.userId, sessionId);
    if (!source) throw new RpcError(404, SESSION_ERRORS.sessionNotFound);
    if (source.messages[fromIndex]?.sender !== 'user') throw new RpcError(400, ATTEMPT_ERRORS.notLearnerLine);
    return this.start.execute(
      caller,
      {
        scenario_id: source.scenario_id,
        tone_preference: toneOf(source.tone_preference),
        avatar_style: avatarOf(source.avatar_style),
        messages: source.messages.slice(0, fromIndex),
        start_over: false,
      },
      { parentId: source.id, fromIndex },
    );
  }
}

function toneOf(tone: string): TonePreference {
  return TONE_PREFERENCES.find((t) => t === tone) ?? DEFAULT_TONE_PREFERENCE;
}

function avatarOf(avatar: string | null): AvatarStyle | null {
  return AVATAR_STYLES.find((a) => a === avatar) ?? null;
}

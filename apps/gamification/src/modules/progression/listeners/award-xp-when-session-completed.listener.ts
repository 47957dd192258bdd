import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { XP_REWARDS, type DomainEvent } from '@parley/contracts';
import { queryRows } from '@parley/server-database';
import { ListensTo, type DomainEventListener } from '@parley/server-messaging';
import { DailyChallengesRepository } from '../daily-challenges.repository';
import { utcDay, wallClock } from '../domain/calendar';
import { countOpenQuestions, focusOf, objectiveKindOf, type ScoredSession } from '../../habits/domain/focus';
import { FOCUS } from '../../habits/domain/habits.data';
import { RECENT_SESSIONS_SQL } from '../daily-challenges.repository';
import { PlayerProgress } from '../player-progress';

/**
 * A completed practice session: 50 XP, 25 more the first time the user practises that scenario, the day
 * counts for the streak (10 XP on the first activity of the day), daily challenges move, badges are
 * checked. Keyed by session id as well as by event id, so the same session announced twice counts once.
 */
@Injectable()
@ListensTo('sessions.session-completed')
export class AwardXpWhenSessionCompletedListener implements DomainEventListener<'sessions.session-completed'> {
  constructor(
    private readonly progress: PlayerProgress,
    private readonly challenges: DailyChallengesRepository,
  ) {}

  async handle(event: DomainEvent<'sessions.session-completed'>, manager: EntityManager): Promise<void> {
    const change = await this.progress.begin(manager, event.userId, event.id);
    if (!change) return;
    const { player } = change;
    const session = event.payload;
    const at = new Date(session.completedAt);
    const clock = wallClock(at, player.timezone);
    // What the feedback found: open questions among the lines it cited, and the objectives by kind.
    const openQuestions = countOpenQuestions(session.evidence?.lines ?? []);
    const objectives = (session.evidence?.objectives ?? []).map((o) => ({
      kind: objectiveKindOf(o.objective),
      met: o.met,
    }));
    const recorded = await queryRows(
      manager,
      `INSERT INTO completed_sessions (session_id, user_id, scenario_id, category, clarity, empathy, persuasion,
                                       message_count, completed_at, local_day, event_id, open_questions, objectives)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) ON CONFLICT (session_id) DO NOTHING
       RETURNING session_id`,
      [
        session.sessionId,
        player.userId,
        session.scenarioId,
        session.category,
        session.scores.clarity,
        session.scores.empathy,
        session.scores.persuasion,
        session.messageCount,
        at,
        clock.day,
        event.id,
        openQuestions,
        JSON.stringify(objectives),
      ],
    );
    if (recorded.length === 0) return;
    player.sessionsCompleted += 1;
    change.days.add(utcDay(at));

    await this.progress.award(manager, change, {
      reason: 'session-completed',
      amount: XP_REWARDS.sessionCompleted,
      sourceKey: session.sessionId,
      at,
    });
    // The ledger decides "first practice of a scenario": one new-scenario entry per scenario, ever.
    const newScenario = await this.progress.award(manager, change, {
      reason: 'new-scenario',
      amount: XP_REWARDS.newScenario,
      sourceKey: session.scenarioId,
      at,
    });
    await this.progress.recordActiveDay(manager, change, at);
    // Sessions completed that day (badges) and the sessions before it (the day's focus), in one round trip.
    const [facts] = await queryRows<{ same_day: number; recent: ScoredSession[] | null }>(
      manager,
      `SELECT (SELECT count(*)::int FROM completed_sessions WHERE user_id = $1 AND local_day = $2) AS same_day,
              (SELECT json_agg(r ORDER BY r.completed_at DESC) FROM (${RECENT_SESSIONS_SQL}) r) AS recent`,
      [player.userId, clock.day, FOCUS.sessions],
    );
    await this.challenges.advance(
      manager,
      player.userId,
      clock.day,
      {
        category: session.category,
        scores: session.scores,
        messageCount: session.messageCount,
        newScenario,
        openQuestions,
        objectiveKindsMet: objectives.filter((o) => o.met).map((o) => o.kind),
      },
      focusOf(facts?.recent ?? []),
    );
    await this.progress.evaluateBadges(manager, change, at, {
      scores: session.scores,
      messageCount: session.messageCount,
      hour: clock.hour,
      weekday: clock.weekday,
      sessionsThatDay: facts?.same_day ?? 1,
    });
    await this.progress.save(manager, change);
  }
}

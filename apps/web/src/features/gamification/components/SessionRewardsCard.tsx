import { LEVELS, type SessionRewards, type XpReason } from '@parley/contracts';
import { Spinner } from '@parley/web-ui';
import { useEffect, useState } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { useGetSettingsQuery } from '../../settings/settingsApi';
import { gamificationApi, useDailyChallengesQuery, useSessionRewardsQuery } from '../gamificationApi';
import { ProgressBar } from './ProgressBar';
import './SessionRewardsCard.css';

export const REWARDS_TEXTS = {
  title: 'What you earned',
  pending: 'Adding up your XP...',
  late: 'Your XP is still being added up; it will show on your dashboard in a moment.',
  total: (xp: number) => `+${xp} XP in all`,
  levelUp: 'Level up!',
  reached: (level: number, name: string) => `You reached Level ${level} · ${name}`,
  badges: 'New badges',
  challenges: 'Daily challenges',
  challengeDone: 'Done: claim it on your dashboard',
  challengeClaimed: 'Claimed',
} as const;

export const XP_REASON_TEXTS: Record<XpReason, string> = {
  'session-completed': 'Session completed',
  'new-scenario': 'First time practising this scenario',
  'daily-streak': 'First practice today: streak kept',
  'daily-challenge': 'Daily challenge',
};

/** How often, and how many times, the report asks whether the session's XP has been recorded. */
export const REWARDS_POLL_MS = 1000;
export const REWARDS_POLLS = 20;

/**
 * The report's reward moment: the XP the session earned, line by line, the badges it unlocked, a level-up
 * when it crossed one, and where today's challenges stand. XP is recorded a moment after the session is
 * scored (the gamification service applies the completion), so it asks again until it is; Settings' "show
 * XP progress" and "show achievements" hide their parts here as on the dashboard.
 */
export function SessionRewardsCard({ sessionId }: { sessionId: string }) {
  const dispatch = useAppDispatch();
  const [gaveUp, setGaveUp] = useState(false);
  const { data: settings } = useGetSettingsQuery();
  const { data } = useSessionRewardsQuery(sessionId, { skipPollingIfUnfocused: false, pollingInterval: 0 });
  const recorded = data?.recorded === true;
  const asking = !recorded && !gaveUp;
  // Asked again every REWARDS_POLL_MS until recorded, for REWARDS_POLLS tries at most.
  useSessionRewardsQuery(sessionId, { pollingInterval: asking ? REWARDS_POLL_MS : 0, skip: !asking });
  const { data: challenges } = useDailyChallengesQuery(undefined, { skip: !recorded });

  useEffect(() => {
    const timer = setTimeout(() => setGaveUp(true), REWARDS_POLL_MS * REWARDS_POLLS);
    return () => clearTimeout(timer);
  }, [sessionId]);
  useEffect(() => {
    // The dashboard's XP, level, streak, badges and challenges now include this session.
    if (recorded)
      dispatch(gamificationApi.util.invalidateTags(['Gamification', 'DailyChallenge', 'Leaderboard']));
  }, [recorded, dispatch]);

  const showXp = settings?.show_xp_progress !== false;
  const showAchievements = settings?.show_achievements !== false;
  if (!showXp && !showAchievements) return null;

  return (
    <section className="pw-card session-rewards" aria-labelledby="session-rewards-title">
      <h2 id="session-rewards-title">{REWARDS_TEXTS.title}</h2>
      {!recorded ? (
        asking ? (
          <p role="status" className="session-rewards__pending">
            <Spinner /> {REWARDS_TEXTS.pending}
          </p>
        ) : (
          <p className="pw-muted">{REWARDS_TEXTS.late}</p>
        )
      ) : (
        <Earned rewards={data} showXp={showXp} showAchievements={showAchievements} />
      )}
      {recorded && showXp && challenges?.length ? (
        <section className="session-rewards__challenges" aria-label={REWARDS_TEXTS.challenges}>
          <h3>{REWARDS_TEXTS.challenges}</h3>
          <ul>
            {challenges.map((c) => (
              <li key={c.id}>
                <span>{c.description}</span>
                <ProgressBar
                  label={c.description}
                  value={c.progress}
                  max={c.target}
                  valueText={`${Math.min(c.progress, c.target)} of ${c.target}`}
                />
                <span className="pw-muted">
                  {c.completed_at
                    ? REWARDS_TEXTS.challengeClaimed
                    : c.progress >= c.target
                      ? REWARDS_TEXTS.challengeDone
                      : `${c.progress}/${c.target}`}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </section>
  );
}

function Earned({
  rewards,
  showXp,
  showAchievements,
}: {
  rewards: SessionRewards;
  showXp: boolean;
  showAchievements: boolean;
}) {
  const reached = LEVELS.find((l) => l.level === rewards.level.after);
  const levelledUp = rewards.level.after > rewards.level.before && reached;
  return (
    <>
      {showXp && levelledUp ? (
        <div className="session-rewards__level-up" role="status">
          <span aria-hidden="true" className="session-rewards__burst">
            🎉
          </span>
          <p>
            <strong>{REWARDS_TEXTS.levelUp}</strong> {REWARDS_TEXTS.reached(reached.level, reached.name)}
          </p>
        </div>
      ) : null}
      {showXp ? (
        <>
          <ul className="session-rewards__xp" aria-label="XP earned">
            {rewards.xp.map((line) => (
              <li key={line.reason}>
                <span className="session-rewards__amount">+{line.amount} XP</span>{' '}
                {XP_REASON_TEXTS[line.reason]}
              </li>
            ))}
          </ul>
          <p className="session-rewards__total">{REWARDS_TEXTS.total(rewards.totalXp)}</p>
        </>
      ) : null}
      {showAchievements && rewards.badges.length > 0 ? (
        <section aria-label={REWARDS_TEXTS.badges}>
          <h3>{REWARDS_TEXTS.badges}</h3>
          <ul className="session-rewards__badges">
            {rewards.badges.map((b) => (
              <li key={b.id}>
                <span aria-hidden="true" className="session-rewards__badge-icon">
                  {b.icon}
                </span>
                <span>
                  <strong>{b.title}</strong>
                  <span className="pw-muted"> {b.description}</span>
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

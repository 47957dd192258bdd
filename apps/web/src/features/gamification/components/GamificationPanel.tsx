import type { DailyChallenge, GamificationSummary, UserSettings } from '@parley/contracts';
import { LEVELS } from '@parley/contracts/constants';
import { Button, ErrorText, LoadingView } from '@parley/web-ui';
import { useCallback, useEffect, useId, useRef } from 'react';
import { apiErrorMessage } from '../../../api/baseApi';
import { useProgressQuery } from '../../../api/practiceApi';
import type { ChartTheme } from '../../progress/chartTheme';
import { LazyChart } from '../../progress/components/LazyChart';
import { useGetSettingsQuery } from '../../settings/settingsApi';
import { challengeToShow, isClaimable } from '../dailyChallenge';
import {
  useClaimDailyChallengeMutation,
  useDailyChallengesQuery,
  useGamificationSummaryQuery,
} from '../gamificationApi';
import { performanceChartOptions } from '../performanceChart';
import { LeaderRow } from './LeaderRow';
import { LeagueCard } from './LeagueCard';
import { MostImprovedCard } from './MostImprovedCard';
import { ProgressBar } from './ProgressBar';
import { StreakFreezes } from './StreakFreezes';
import './GamificationPanel.css';

/** How many of the newest badges the panel shows (spec section 9). */
export const BADGES_SHOWN = 4;

export const GAMIFICATION_TEXTS = {
  loading: 'Loading gamification data...',
  error: (message: string) => `Error loading gamification data: ${message}`,
  loadFailed: 'Failed to load gamification data',
  empty: 'No gamification data available.',
  streakHint: 'Keep practicing daily to maintain your streak!',
  claim: 'Claim Reward',
  claimed: 'Claimed',
  claimSucceeded: 'Challenge claimed!',
  claimFailed: 'Failed to claim challenge.',
} as const;

/** Which parts of the panel the user's Settings → Gamification toggles let it show. */
export interface PanelVisibility {
  xpProgress: boolean;
  achievements: boolean;
  leaderboard: boolean;
}

/**
 * The panel's visibility from the user's settings. Every part shows by default (the spec's settings
 * defaults are all true): while the settings load, and when they could not be loaded.
 */
export function panelVisibility(settings: UserSettings | undefined): PanelVisibility {
  return {
    xpProgress: settings?.show_xp_progress !== false,
    achievements: settings?.show_achievements !== false,
    leaderboard: settings?.show_leaderboard !== false,
  };
}

/** A toast request; the dashboard shows it. */
export interface PanelToast {
  tone: 'success' | 'error';
  title: string;
  detail?: string;
}

export interface GamificationPanelProps {
  /** The signed-in user: marks their leaderboard row and reads their sessions for the chart. */
  userId: string;
  notify: (toast: PanelToast) => void;
}

/** The dashboard's gamification panel (spec section 2): level, streak, daily challenge, badges, leaderboard. */
export function GamificationPanel({ userId, notify }: GamificationPanelProps) {
  const headingId = useId();
  const { data: summary, isLoading, isSuccess, isError, error } = useGamificationSummaryQuery();
  // A failed settings read leaves `data` empty, so the panel falls back to the defaults.
  const { data: settings } = useGetSettingsQuery();
  const visible = panelVisibility(settings);
  const message = isError ? apiErrorMessage(error) || GAMIFICATION_TEXTS.loadFailed : '';

  // 'Gamification load failure: message or fallback ..., as toast and in the panel'. Once per failure:
  // a retry that fails the same way (a new subscriber refetches an errored query) does not toast again
  // until a load has succeeded in between.
  const toasted = useRef<string | null>(null);
  useEffect(() => {
    if (isSuccess) toasted.current = null;
    else if (isError && toasted.current !== message) {
      toasted.current = message;
      notify({ tone: 'error', title: message });
    }
  }, [isSuccess, isError, message, notify]);

  let body;
  if (isLoading) body = <LoadingView label={GAMIFICATION_TEXTS.loading} />;
  else if (isError) body = <ErrorText>{GAMIFICATION_TEXTS.error(message)}</ErrorText>;
  else if (!summary) body = <p className="pw-muted">{GAMIFICATION_TEXTS.empty}</p>;
  else body = <PanelContent summary={summary} userId={userId} notify={notify} visible={visible} />;

  return (
    <section className="gamification" aria-labelledby={headingId}>
      <h2 id={headingId} className="gamification__title">
        Achievements
      </h2>
      {body}
    </section>
  );
}

function PanelContent({
  summary,
  userId,
  notify,
  visible,
}: { summary: GamificationSummary; visible: PanelVisibility } & GamificationPanelProps) {
  const { level, streak, levelProgress } = summary;
  const levelName = LEVELS.find((entry) => entry.level === level)?.name;
  const xpText = `${levelProgress.currentXP} / ${levelProgress.nextLevelXP} XP`;
  return (
    <div className="gamification__grid">
      {visible.xpProgress ? (
        <article className="pw-card gamification__card" aria-labelledby="level-progress-heading">
          <h3 id="level-progress-heading">Level Progress</h3>
          <p className="gamification__big">
            Level {level}
            {levelName ? <span className="gamification__tag">{levelName}</span> : null}
          </p>
          <ProgressBar label="Level progress" value={levelProgress.progress} max={100} valueText={xpText} />
          <p className="pw-muted gamification__meta" data-testid="level-xp">
            {xpText}
          </p>
        </article>
      ) : null}

      <article className="pw-card gamification__card" aria-labelledby="streak-heading">
        <h3 id="streak-heading">Current Streak</h3>
        <p className="gamification__big" data-testid="current-streak">
          <span aria-hidden="true">🔥</span> {streak} {streak === 1 ? 'day' : 'days'}
        </p>
        <p className="pw-muted gamification__meta">{GAMIFICATION_TEXTS.streakHint}</p>
        <StreakFreezes notify={notify} />
      </article>

      <DailyChallengeCard notify={notify} />

      {visible.achievements ? (
        <article className="pw-card gamification__card" aria-labelledby="badges-heading">
          <h3 id="badges-heading">Recent Badges</h3>
          {summary.badges.length === 0 ? (
            <p className="pw-muted">No badges yet. Complete sessions to earn your first.</p>
          ) : (
            <ul className="gamification__badges">
              {summary.badges.slice(0, BADGES_SHOWN).map((badge) => (
                <li key={badge.id} className="gamification__badge">
                  <span className="gamification__badge-icon" aria-hidden="true">
                    {badge.icon}
                  </span>
                  <span>
                    <strong>{badge.title}</strong>
                    <span className="pw-muted gamification__badge-text">{badge.description}</span>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </article>
      ) : null}

      {visible.leaderboard ? (
        <article className="pw-card gamification__card" aria-labelledby="leaderboard-heading">
          <h3 id="leaderboard-heading">Leaderboard</h3>
          {summary.leaderboard.length === 0 ? (
            <p className="pw-muted">No one is on the leaderboard yet.</p>
          ) : (
            <ol className="gamification__leaderboard">
              {summary.leaderboard.map((entry, index) => (
                <LeaderRow
                  key={entry.id}
                  rank={index + 1}
                  username={entry.username}
                  level={entry.level}
                  isMe={entry.id === userId}
                  value={`${entry.xp} XP`}
                />
              ))}
            </ol>
          )}
        </article>
      ) : null}

      {/* The weekly league is a leaderboard too: the same setting hides it. */}
      {visible.leaderboard ? <LeagueCard userId={userId} /> : null}
      {visible.leaderboard ? <MostImprovedCard userId={userId} /> : null}

      <PerformanceCard userId={userId} />
    </div>
  );
}

function DailyChallengeCard({ notify }: Pick<GamificationPanelProps, 'notify'>) {
  // 'list; empty list on error' (spec section 7): a failed read simply shows no challenge.
  const { data } = useDailyChallengesQuery();
  const [claim, { isLoading: claiming }] = useClaimDailyChallengeMutation();
  const challenge = challengeToShow(data ?? []);
  if (!challenge) return null;

  const onClaim = async (target: DailyChallenge) => {
    try {
      await claim(target.id).unwrap();
      notify({ tone: 'success', title: GAMIFICATION_TEXTS.claimSucceeded });
    } catch (failure) {
      notify({ tone: 'error', title: GAMIFICATION_TEXTS.claimFailed, detail: apiErrorMessage(failure) });
    }
  };

  const claimed = challenge.completed_at !== null;
  const progressText = `${Math.min(challenge.progress, challenge.target)} / ${challenge.target}`;
  return (
    <article
      className="pw-card gamification__card gamification__challenge"
      aria-labelledby="daily-challenge-heading"
      data-testid="daily-challenge"
    >
      <div className="gamification__challenge-head">
        <h3 id="daily-challenge-heading">Daily Challenge</h3>
        <span className="gamification__tag" data-testid="challenge-xp">
          +{challenge.xp} XP
        </span>
      </div>
      <p className="gamification__challenge-text">{challenge.description}</p>
      <ProgressBar
        label="Daily challenge progress"
        value={challenge.progress}
        max={challenge.target}
        valueText={progressText}
      />
      <p className="pw-muted gamification__meta" data-testid="challenge-progress">
        {progressText}
      </p>
      <Button
        variant={claimed ? 'secondary' : 'primary'}
        disabled={claimed || claiming || !isClaimable(challenge)}
        aria-busy={claiming || undefined}
        onClick={() => void onClaim(challenge)}
      >
        {claimed ? GAMIFICATION_TEXTS.claimed : GAMIFICATION_TEXTS.claim}
      </Button>
    </article>
  );
}

function PerformanceCard({ userId }: { userId: string }) {
  const { data: records } = useProgressQuery(userId);
  const build = useCallback((theme: ChartTheme) => performanceChartOptions(records ?? [], theme), [records]);
  return (
    <article
      className="pw-card gamification__card gamification__performance"
      aria-labelledby="performance-heading"
    >
      <h3 id="performance-heading">Performance</h3>
      {records && records.length > 0 ? (
        <LazyChart build={build} label="Overall score per session" height={240} />
      ) : (
        <p className="pw-muted">Your overall score per session appears here after your first session.</p>
      )}
    </article>
  );
}

import { Link } from 'react-router';
import { profileApi } from '../../profile/profileApi';
import { useLeaderboardQuery } from '../gamificationApi';
import { LeaderRow } from './LeaderRow';

export const MOST_IMPROVED_TEXTS = {
  heading: 'Most Improved This Week',
  empty: 'Nobody has improved on last week yet. Two sessions last week and two this week put you on it.',
  rise: (value: number) => `+${value.toFixed(1)}`,
  teaser:
    'See who raised their average score the most from last week to this one — you included. The Most Improved board is part of Premium.',
  teaserLink: 'See Premium',
} as const;

/**
 * The most-improved board (Premium, like every board but all-time XP): who raised their average score
 * the most from last week to this one. A free learner sees what it is and where it is, not the board (which
 * is not asked for).
 */
export function MostImprovedCard({ userId }: { userId: string }) {
  // The dashboard has loaded the profile; reading its cache does not fetch (nor retry a failed read).
  const { data: profile } = profileApi.endpoints.getProfile.useQueryState(userId, { skip: !userId });
  const premium = profile?.plan === 'premium';
  const { data: board } = useLeaderboardQuery(
    { category: 'most-improved', period: 'weekly', limit: 10 },
    { skip: !premium },
  );
  if (profile && !premium) {
    return (
      <article
        className="pw-card gamification__card gamification__card--teaser"
        aria-labelledby="most-improved-heading"
        data-testid="most-improved-teaser"
      >
        <h3 id="most-improved-heading">
          {MOST_IMPROVED_TEXTS.heading} <span className="gamification__premium-badge">Premium</span>
        </h3>
        <p className="pw-muted">{MOST_IMPROVED_TEXTS.teaser}</p>
        <Link to="/upgrade">{MOST_IMPROVED_TEXTS.teaserLink}</Link>
      </article>
    );
  }
  if (!premium || !board) return null;
  return (
    <article
      className="pw-card gamification__card"
      aria-labelledby="most-improved-heading"
      data-testid="most-improved"
    >
      <h3 id="most-improved-heading">{MOST_IMPROVED_TEXTS.heading}</h3>
      {board.entries.length === 0 ? (
        <p className="pw-muted">{MOST_IMPROVED_TEXTS.empty}</p>
      ) : (
        <ol className="gamification__leaderboard">
          {board.entries.map((entry) => (
            <LeaderRow
              key={entry.id}
              rank={entry.rank}
              username={entry.username}
              level={entry.level}
              isMe={entry.id === userId}
              value={
                <>
                  {MOST_IMPROVED_TEXTS.rise(entry.value)}
                  <span className="pw-sr-only"> points of average score</span>
                </>
              }
            />
          ))}
        </ol>
      )}
    </article>
  );
}

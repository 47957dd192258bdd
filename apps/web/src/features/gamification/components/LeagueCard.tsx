import type { League } from '@parley/contracts';
import { useEffect, useRef } from 'react';
import { useLeagueQuery } from '../gamificationApi';
import { LeaderRow } from './LeaderRow';

export const LEAGUE_TEXTS = {
  heading: 'Weekly League',
  tier: (tier: string) => `${tier} League`,
  join: 'Earn XP this week to join a league of learners at your tier.',
  ends: (when: string) => `Week ends ${when}`,
  promotion: 'Promotion zone',
  demotion: 'Demotion zone',
  lastWeek: (r: NonNullable<League['lastResult']>) =>
    r.outcome === 'promoted'
      ? `Last week you finished #${r.rank} and moved up to ${r.tier}.`
      : r.outcome === 'demoted'
        ? `Last week you finished #${r.rank} and moved down to ${r.tier}.`
        : `Last week you finished #${r.rank} and stayed in ${r.tier}.`,
} as const;

/** The zone of a rank in a league of `size`: the top `promotion` move up, the bottom `demotion` down. */
export function zoneOf(rank: number, size: number, zones: League['zones']): 'promotion' | 'demotion' | null {
  if (rank <= zones.promotion) return 'promotion';
  if (rank > size - zones.demotion) return 'demotion';
  return null;
}

const settleTime = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { weekday: 'long', hour: 'numeric', minute: '2-digit' });

/** This week's league: the tier, members ranked by this week's XP, and the zones that move up or down. */
export function LeagueCard({ userId }: { userId: string }) {
  const { data: league } = useLeagueQuery();
  const list = useRef<HTMLOListElement>(null);
  // A league of 30 scrolls inside its card: bring the learner's own row into the middle of it.
  useEffect(() => {
    const box = list.current;
    const mine = box?.querySelector<HTMLElement>('[aria-current="true"]');
    if (box && mine)
      box.scrollTop = mine.offsetTop - box.offsetTop - (box.clientHeight - mine.clientHeight) / 2;
  }, [league]);
  if (!league) return null;
  const size = league.members.length;
  return (
    <article
      className="pw-card gamification__card gamification__league"
      aria-labelledby="league-heading"
      data-testid="league"
    >
      <div className="gamification__challenge-head">
        <h3 id="league-heading">{LEAGUE_TEXTS.heading}</h3>
        <span className="gamification__tag" data-testid="league-tier">
          {LEAGUE_TEXTS.tier(league.tier)}
        </span>
      </div>
      <p className="pw-muted gamification__meta">{LEAGUE_TEXTS.ends(settleTime(league.settlesAt))}</p>
      {league.lastResult ? (
        <p className="gamification__meta">{LEAGUE_TEXTS.lastWeek(league.lastResult)}</p>
      ) : null}
      {size === 0 ? (
        <p className="pw-muted">{LEAGUE_TEXTS.join}</p>
      ) : (
        <ol ref={list} className="gamification__leaderboard" aria-label={`${league.tier} League standings`}>
          {league.members.map((member) => {
            const zone = zoneOf(member.rank, size, league.zones);
            const boundary =
              (zone === 'promotion' && member.rank === league.zones.promotion) ||
              (zone === null && member.rank === size - league.zones.demotion);
            return (
              <LeaderRow
                key={member.id}
                rank={member.rank}
                username={member.username}
                level={member.level}
                isMe={member.id === userId}
                value={`${member.weekXp} XP`}
                className={[
                  zone ? `gamification__leader--${zone}` : '',
                  boundary ? 'gamification__leader--boundary' : '',
                ]
                  .filter(Boolean)
                  .join(' ')}
                note={
                  zone ? (zone === 'promotion' ? LEAGUE_TEXTS.promotion : LEAGUE_TEXTS.demotion) : undefined
                }
                zone={zone ?? 'safe'}
              />
            );
          })}
        </ol>
      )}
      {size > 0 ? (
        <ul className="gamification__zones" aria-label="Zones">
          {league.zones.promotion > 0 ? (
            <li className="gamification__zone gamification__zone--promotion">
              ▲ {LEAGUE_TEXTS.promotion}: top {league.zones.promotion}
            </li>
          ) : null}
          {league.zones.demotion > 0 ? (
            <li className="gamification__zone gamification__zone--demotion">
              ▼ {LEAGUE_TEXTS.demotion}: bottom {league.zones.demotion}
            </li>
          ) : null}
        </ul>
      ) : null}
    </article>
  );
}

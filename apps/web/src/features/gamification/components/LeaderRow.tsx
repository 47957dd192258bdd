import type { ReactNode } from 'react';

export interface LeaderRowProps {
  rank: number;
  username: string;
  level: number;
  /** The signed-in learner's own row: marked, and '(you)' after the name. */
  isMe: boolean;
  /** What the board ranks by, e.g. '235 XP' or '+1.3'. */
  value: ReactNode;
  /** Extra modifier classes (zones of the league). */
  className?: string;
  /** Said after the name to screen readers only, e.g. the zone. */
  note?: string;
  zone?: string;
}

/** One row of a board (the leaderboard, the weekly league, most improved): rank, name, value, level. */
export function LeaderRow({ rank, username, level, isMe, value, className, note, zone }: LeaderRowProps) {
  return (
    <li
      className={['gamification__leader', isMe ? 'gamification__leader--me' : '', className ?? '']
        .filter(Boolean)
        .join(' ')}
      aria-current={isMe ? 'true' : undefined}
      data-zone={zone}
    >
      <span className="gamification__rank">#{rank}</span>
      <span className="gamification__username">
        {username}
        {isMe ? <span className="pw-muted"> (you)</span> : null}
        {note ? <span className="pw-sr-only">, {note}</span> : null}
      </span>
      <span className="gamification__leader-xp">{value}</span>
      <span className="pw-muted gamification__leader-level">Level {level}</span>
    </li>
  );
}

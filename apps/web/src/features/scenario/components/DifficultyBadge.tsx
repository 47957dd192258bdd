import './scenario.css';

const LEVELS = ['beginner', 'intermediate', 'advanced'] as const;

/** The styling level of a difficulty: its lower-cased name, beginner when unknown (spec section 2). */
export function difficultyLevel(difficulty: string | null | undefined): (typeof LEVELS)[number] {
  const level = (difficulty ?? '').trim().toLowerCase();
  return (LEVELS as readonly string[]).includes(level) ? (level as (typeof LEVELS)[number]) : 'beginner';
}

/** The scenario's difficulty as a coloured badge. */
export function DifficultyBadge({ difficulty }: { difficulty: string }) {
  return (
    <span className={`scenario-badge scenario-badge--${difficultyLevel(difficulty)}`}>{difficulty}</span>
  );
}

/** A lock and the 'Premium' label, for scenarios a free plan cannot open. */
export function PremiumLabel({ locked }: { locked: boolean }) {
  return (
    <span className={`scenario-premium${locked ? ' scenario-premium--locked' : ''}`}>
      <span aria-hidden="true">{locked ? '🔒' : '★'}</span> Premium
    </span>
  );
}

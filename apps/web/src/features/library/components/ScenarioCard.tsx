import type { Scenario } from '@parley/contracts';
import { buttonClassName } from '@parley/web-ui';
import { memo, useId } from 'react';
import { Link } from 'react-router';
import { DifficultyBadge, PremiumLabel } from '../../scenario/components/DifficultyBadge';

export interface ScenarioCardProps {
  scenario: Scenario;
  favorite: boolean;
  onToggleFavorite: (scenarioId: string) => void;
}

/**
 * One scenario of the library. Memoised: with 200+ cards on screen, a heart or a filter change only
 * re-renders the cards whose props changed.
 */
export const ScenarioCard = memo(function ScenarioCard({
  scenario,
  favorite,
  onToggleFavorite,
}: ScenarioCardProps) {
  const titleId = useId();
  const { id, title, description, tags, difficulty, timeEstimate, userRole, aiRole, premium, locked } =
    scenario;
  return (
    <article
      className={locked ? 'library-card library-card--locked' : 'library-card'}
      aria-labelledby={titleId}
    >
      <div className="library-card__top">
        <div className="library-card__badges">
          <DifficultyBadge difficulty={difficulty} />
          {premium ? <PremiumLabel locked={locked} /> : null}
        </div>
        <button
          type="button"
          className="library-card__heart"
          aria-pressed={favorite}
          aria-label={`Favorite ${title}`}
          onClick={() => onToggleFavorite(id)}
        >
          <span aria-hidden="true">{favorite ? '♥' : '♡'}</span>
        </button>
      </div>
      <div className="library-card__body">
        <h2 id={titleId} className="library-card__title">
          {title}
        </h2>
        <p className="library-card__description">{description}</p>
        <ul className="library-card__tags" aria-label="Tags">
          {tags.map((tag) => (
            <li key={tag}>{tag}</li>
          ))}
        </ul>
        <p className="library-card__meta">
          <span className="library-card__time">
            <span aria-hidden="true">⏱ </span>
            {timeEstimate}
          </span>
          <span className="library-card__roles">
            You: {userRole} | AI: {aiRole}
          </span>
        </p>
      </div>
      <div className="library-card__action">
        {locked ? (
          <Link to="/upgrade" className={buttonClassName('secondary')} aria-describedby={titleId}>
            <span aria-hidden="true">🔒</span> Upgrade to Practice
          </Link>
        ) : (
          <Link
            to={`/scenario/${encodeURIComponent(id)}`}
            className={buttonClassName('primary')}
            aria-describedby={titleId}
          >
            Practice Now
          </Link>
        )}
      </div>
    </article>
  );
});

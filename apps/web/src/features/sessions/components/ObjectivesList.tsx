import type { StoredFeedback } from '@parley/contracts';

/**
 * The scenario's objectives, each marked met (with the line that met it), not yet met, or — where the
 * coach could not tell from the words alone — neither.
 */
export function ObjectivesList({ objectives }: { objectives: StoredFeedback['objectives'] }) {
  if (!objectives?.length) return null;
  const met = objectives.filter((o) => o.met).length;
  return (
    <section className="objectives" aria-label="Your objectives">
      <h3>
        Your Objectives{' '}
        <span className="pw-muted objectives__count">
          ({met} of {objectives.length} met)
        </span>
      </h3>
      <ul className="objectives__list">
        {objectives.map((o, i) => (
          <li key={i} className={o.met ? 'objectives__item objectives__item--met' : 'objectives__item'}>
            <span aria-hidden="true">{o.met ? '✓ ' : o.unsure ? '? ' : '○ '}</span>
            <span className="pw-sr-only">{o.met ? 'Met: ' : o.unsure ? 'Unclear: ' : 'Not yet met: '}</span>
            {o.objective}
            {o.met && o.line ? <span className="pw-muted objectives__line"> — “{o.line}”</span> : null}
            {!o.met && o.unsure ? (
              <span className="pw-muted objectives__line"> — not clear from your words alone</span>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

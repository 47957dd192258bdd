import { buttonClassName, Dialog } from '@parley/web-ui';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { FEATURES, type FeatureCard } from '../../landing/content';
import { PublicPage } from '../../site/PublicPage';
import '../../landing/components/LandingPage.css';

/** Delay before the closed modal's selection is cleared (spec section 9). */
export const MODAL_CLOSE_DELAY_MS = 300;

const WHY = [
  { title: 'Safe to fail', text: 'Rehearse without risking a real relationship, deal or job.' },
  { title: 'Measurable progress', text: 'Scores for clarity, empathy and persuasion after every session.' },
  { title: 'Always available', text: 'Practise any time, as often as you like.' },
];

/** /features — hero, feature cards with a details modal, why section, Try Free. */
export function FeaturesPage() {
  const [open, setOpen] = useState(false);
  const [selected, setSelected] = useState<FeatureCard | null>(null);

  useEffect(() => {
    if (open || selected === null) return undefined;
    const timer = setTimeout(() => setSelected(null), MODAL_CLOSE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [open, selected]);

  return (
    <PublicPage
      title="Features"
      eyebrow="PARLEY"
      lead="Everything you need to rehearse hard conversations and get better at them."
    >
      <p>
        <Link to="/auth" className={buttonClassName('primary')}>
          Get Started
        </Link>
      </p>
      <ul className="pw-grid landing__cards">
        {FEATURES.map((card) => (
          <li key={card.id}>
            <button
              type="button"
              className="pw-card landing__card"
              onClick={() => {
                setSelected(card);
                setOpen(true);
              }}
            >
              <span className="landing__icon" aria-hidden="true">
                {card.icon}
              </span>
              <span className="landing__card-title">{card.title}</span>
              <span className="landing__card-text">{card.summary}</span>
            </button>
          </li>
        ))}
      </ul>
      <section className="landing__section" aria-labelledby="why-heading">
        <h2 id="why-heading">Why Parley?</h2>
        <ul className="pw-grid landing__cards">
          {WHY.map((item) => (
            <li key={item.title} className="pw-card">
              <h3>{item.title}</h3>
              <p className="pw-muted">{item.text}</p>
            </li>
          ))}
        </ul>
        <p className="landing__center">
          <Link to="/auth" className={buttonClassName('primary')}>
            Try Free
          </Link>
        </p>
      </section>
      <Dialog open={open} onClose={() => setOpen(false)} title={selected?.title ?? ''}>
        {selected ? (
          <>
            <p>{selected.summary}</p>
            <ul>
              {selected.benefits.map((b) => (
                <li key={b}>{b}</li>
              ))}
            </ul>
            <p className="landing__tip">
              <strong>Pro tip:</strong> {selected.proTip}
            </p>
          </>
        ) : null}
      </Dialog>
    </PublicPage>
  );
}

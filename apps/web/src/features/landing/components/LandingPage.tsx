import { buttonClassName, Dialog } from '@parley/web-ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAppSelector } from '../../../app/hooks';
import { selectSession } from '../../auth/authSlice';
import { SiteFooter } from '../../site/SiteFooter';
import { SiteHeader } from '../../site/SiteHeader';
import { FEATURES, STEPS, type FeatureCard, type HowItWorksStep } from '../content';
import { PLAN_TEXTS } from '../../site/supportFacts';
import './LandingPage.css';

/** / — the landing page (spec section 2). */
export function LandingPage() {
  const session = useAppSelector(selectSession);
  const [feature, setFeature] = useState<FeatureCard | null>(null);
  const [step, setStep] = useState<HowItWorksStep | null>(null);

  return (
    <>
      <SiteHeader />
      <main className="landing" aria-labelledby="landing-title">
        <section className="landing__hero">
          <p className="pw-page__eyebrow">PARLEY</p>
          <h1 id="landing-title" className="landing__title">
            Transform Conversations with AI
          </h1>
          <p className="landing__subtitle">
            Master salary negotiations, tough feedback and sales pitches with guided, real-time role-play and
            scored coaching.
          </p>
          <Link to="/auth" className={buttonClassName('primary', 'landing__cta')}>
            Rocket to Success
          </Link>
        </section>

        <section className="landing__section" aria-labelledby="features-heading">
          <h2 id="features-heading">Everything you need to practise</h2>
          <ul className="pw-grid landing__cards">
            {FEATURES.map((card) => (
              <li key={card.id}>
                <button type="button" className="pw-card landing__card" onClick={() => setFeature(card)}>
                  <span className="landing__icon" aria-hidden="true">
                    {card.icon}
                  </span>
                  <span className="landing__card-title">{card.title}</span>
                  <span className="landing__card-text">{card.summary}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>

        <section className="landing__section" aria-labelledby="how-heading">
          <h2 id="how-heading">How it works</h2>
          <ol className="pw-grid landing__cards">
            {STEPS.map((s) => (
              <li key={s.id}>
                <button type="button" className="pw-card landing__card" onClick={() => setStep(s)}>
                  <span className="landing__step-number" aria-hidden="true">
                    {s.number}
                  </span>
                  <span className="landing__card-title">{s.title}</span>
                  <span className="landing__card-text">{s.summary}</span>
                </button>
              </li>
            ))}
          </ol>
          <p className="landing__center">
            <Link to={session ? '/dashboard' : '/auth'} className={buttonClassName('primary')}>
              Begin Your Journey
            </Link>
          </p>
        </section>

        <section className="landing__section" aria-labelledby="pricing-heading">
          <h2 id="pricing-heading">Pricing</h2>
          <div className="pw-card landing__pricing">
            <p className="landing__price">Free</p>
            <p className="pw-muted">Parley is in beta: subscribing is not possible right now.</p>
            <ul>
              <li>{PLAN_TEXTS.freeSessions}</li>
              <li>Smart AI insights</li>
              <li>E-mail and community support</li>
            </ul>
            <Link to="/auth" className={buttonClassName('primary')}>
              Start Free Trial
            </Link>
          </div>
        </section>
      </main>
      <SiteFooter />

      <Dialog open={feature !== null} onClose={() => setFeature(null)} title={feature?.title ?? ''}>
        {feature ? (
          <>
            <p>{feature.summary}</p>
            <dl className="landing__stats">
              {feature.stats.map((stat) => (
                <div key={stat.label}>
                  <dt>{stat.label}</dt>
                  <dd>{stat.value}</dd>
                </div>
              ))}
            </dl>
            <h3>Benefits</h3>
            <ul>
              {feature.benefits.map((b) => (
                <li key={b}>{b}</li>
              ))}
            </ul>
            <h3>Example scenarios</h3>
            <ul>
              {feature.scenarios.map((s) => (
                <li key={s}>{s}</li>
              ))}
            </ul>
            <p className="landing__tip">
              <strong>Pro tip:</strong> {feature.proTip}
            </p>
          </>
        ) : null}
      </Dialog>

      <Dialog
        open={step !== null}
        onClose={() => setStep(null)}
        title={step ? `Step ${step.number}: ${step.title}` : ''}
      >
        {step ? (
          <>
            <p>{step.summary}</p>
            <p>
              <strong>Estimated time:</strong> {step.time}
            </p>
            <h3>Benefits</h3>
            <ul>
              {step.benefits.map((b) => (
                <li key={b}>{b}</li>
              ))}
            </ul>
            <h3>Tips</h3>
            <ul>
              {step.tips.map((t) => (
                <li key={t}>{t}</li>
              ))}
            </ul>
            <p className="landing__tip">{step.next}</p>
          </>
        ) : null}
      </Dialog>
    </>
  );
}

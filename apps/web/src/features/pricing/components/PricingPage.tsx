import { buttonClassName } from '@parley/web-ui';
import { Link } from 'react-router';
import { PublicPage } from '../../site/PublicPage';
import { PLAN_TEXTS } from '../../site/supportFacts';
import './PricingPage.css';

const FREE = [PLAN_TEXTS.freeSessions, 'Basic scenarios (10)', 'Limited coaching feedback'];
const PREMIUM = [
  'Unlimited practice sessions',
  '200+ premium scenarios vs 10 free',
  'Advanced AI coaching and analytics',
  'Global leaderboards and 50+ badges',
  PLAN_TEXTS.prioritySupportShort,
];
const BUNDLES = [
  { sessions: 5, price: '$3', perSession: '$0.60' },
  { sessions: 15, price: '$7', perSession: '$0.47', highlight: 'Best Value' },
  { sessions: 30, price: '$12', perSession: '$0.40' },
];

/** /pricing — plans from the spec's plan facts (sections 1 and 9). Purchasing does not work yet. */
export function PricingPage() {
  return (
    <PublicPage
      title="Pricing"
      eyebrow="BETA"
      lead="Parley is in beta and pricing is not final. Purchasing is not available yet."
    >
      <div className="pricing__plans">
        <section className="pw-card pricing__plan" aria-labelledby="plan-free">
          <h2 id="plan-free">Free</h2>
          <p className="pricing__price">$0</p>
          <ul>
            {FREE.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
          <Link to="/auth" className={buttonClassName('secondary')}>
            Start Free
          </Link>
        </section>
        <section className="pw-card pricing__plan pricing__plan--premium" aria-labelledby="plan-premium">
          <h2 id="plan-premium">Premium Monthly</h2>
          <p className="pricing__price">
            $8<span className="pw-muted">/month</span>
          </p>
          <p className="pw-muted">Cancel anytime, 30-day guarantee</p>
          <p className="pricing__badge">Save 97% vs traditional coaching</p>
          <ul>
            {PREMIUM.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
          <Link to="/upgrade" className={buttonClassName('primary')}>
            Upgrade to Premium
          </Link>
        </section>
      </div>
      <h2>Session Bundles</h2>
      <ul className="pw-grid pricing__bundles">
        {BUNDLES.map((b) => (
          <li key={b.sessions} className="pw-card">
            {b.highlight ? <p className="pricing__badge">{b.highlight}</p> : null}
            <h3>{b.sessions} sessions</h3>
            <p className="pricing__price">{b.price}</p>
            <p className="pw-muted">{b.perSession} per session</p>
          </li>
        ))}
      </ul>
      <h2>Compare</h2>
      <p>
        A coach costs $75/hour ($300/month); a course costs $299 one-time. Premium is $8 per month, billed
        monthly in advance, with a 30-day money-back guarantee from your first payment.
      </p>
    </PublicPage>
  );
}

import { Button, buttonClassName, Dialog } from '@parley/web-ui';
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { alertUser } from '../../../lib/browser';
import {
  BADGES_CLAIM,
  BUNDLES,
  COACH_HOURLY,
  COACH_MONTHLY,
  COST_BREAKDOWN,
  COURSE_ONE_TIME,
  FREE_SCENARIOS,
  GUARANTEE_DAYS,
  PAYMENT_FEE_PERCENT,
  PREMIUM_MONTHLY_PRICE,
  PREMIUM_SCENARIOS_CLAIM,
  SAVINGS_VS_COACHING_PERCENT,
  TOTAL_MONTHLY_VALUE,
  USERS_CLAIM,
  VALUE_OF_SESSIONS,
  VALUE_PER_SESSION,
  VALUE_SESSIONS_PER_MONTH,
  perSessionCents,
  usd,
  type Bundle,
} from '../pricing';
import { PLAN_TEXTS } from '../../site/supportFacts';
import './UpgradePage.css';

export const UPGRADE_TEXTS = {
  title: 'Premium Upgrade',
  lead: 'Unlimited practice, every scenario and advanced AI coaching.',
  back: 'Back to Dashboard',
  betaTitle: 'Parley is in beta',
  betaText:
    'Parley is in beta and pricing is not final. Prices may change before purchasing opens, and nothing can be bought yet.',
  betaDismiss: 'Got it',
  plan: 'Premium Monthly',
  guarantee: `Cancel anytime, ${GUARANTEE_DAYS}-day guarantee`,
  savingsBadge: `Save ${SAVINGS_VS_COACHING_PERCENT}% vs traditional coaching`,
  upgrade: 'Upgrade to Premium',
  upgradeAlert: 'Stripe Checkout coming soon...',
  buyBundle: 'Buy Bundle',
  bundleAlert: 'Checkout coming soon!',
  bestValue: 'Best Value',
  noThanks: 'No thanks, take me back to dashboard',
} as const;

export const UPGRADE_TABS = [
  { id: 'monthly', label: 'Monthly Subscription' },
  { id: 'bundles', label: 'Session Bundles' },
] as const;
type TabId = (typeof UPGRADE_TABS)[number]['id'];

/** The six feature rows of Premium Monthly. */
export const PREMIUM_FEATURES = [
  {
    icon: '♾️',
    title: 'Unlimited practice sessions',
    detail: 'No monthly cap: practice as often as you like.',
  },
  {
    icon: '📚',
    title: `${PREMIUM_SCENARIOS_CLAIM} premium scenarios vs ${FREE_SCENARIOS} free`,
    detail: 'Executive communication, crisis management and every other practice area.',
  },
  { icon: '🌍', title: 'Global leaderboards', detail: 'See how your progress compares with others.' },
  { icon: '🧠', title: 'Advanced AI coaching', detail: 'Deeper feedback, analytics and enhanced rewrites.' },
  { icon: '🏅', title: `${BADGES_CLAIM} badges`, detail: 'Milestones for streaks, sessions and skills.' },
  { icon: '🛟', title: PLAN_TEXTS.prioritySupport, detail: PLAN_TEXTS.prioritySupportDetail },
] as const;

/** /upgrade — beta notice, monthly plan and session bundles, with the value panels (spec sections 2, 4, 7, 9). */
export function UpgradePage() {
  const [betaOpen, setBetaOpen] = useState(true);
  const [tab, setTab] = useState<TabId>('monthly');
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const baseId = useId();
  const tabId = (id: TabId) => `${baseId}-tab-${id}`;
  const panelId = (id: TabId) => `${baseId}-panel-${id}`;

  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = UPGRADE_TABS.length - 1;
    let next: number;
    if (event.key === 'ArrowRight') next = index === last ? 0 : index + 1;
    else if (event.key === 'ArrowLeft') next = index === 0 ? last : index - 1;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = last;
    else return;
    event.preventDefault();
    setTab(UPGRADE_TABS[next]!.id);
    tabRefs.current[next]?.focus();
  };

  return (
    <div className="upgrade">
      <main className="pw-page upgrade__page" aria-labelledby={`${baseId}-title`}>
        <div className="upgrade__header">
          <Link to="/dashboard" className={`${buttonClassName('secondary')} upgrade__back`}>
            <span aria-hidden="true">←</span>
            {UPGRADE_TEXTS.back}
          </Link>
          <span className="upgrade__beta-tag">Beta</span>
        </div>
        <h1 id={`${baseId}-title`} className="pw-page__title">
          {UPGRADE_TEXTS.title}
        </h1>
        <p className="pw-page__lead">{UPGRADE_TEXTS.lead}</p>

        <div className="upgrade__tabs" role="tablist" aria-label="Plans">
          {UPGRADE_TABS.map((t, index) => (
            <button
              key={t.id}
              ref={(element) => {
                tabRefs.current[index] = element;
              }}
              id={tabId(t.id)}
              type="button"
              role="tab"
              className="upgrade__tab"
              aria-selected={tab === t.id}
              aria-controls={panelId(t.id)}
              tabIndex={tab === t.id ? 0 : -1}
              onClick={() => setTab(t.id)}
              onKeyDown={(event) => onTabKeyDown(event, index)}
            >
              {t.label}
            </button>
          ))}
        </div>

        <div className="upgrade__layout">
          <div className="upgrade__main">
            <div
              id={panelId('monthly')}
              role="tabpanel"
              aria-labelledby={tabId('monthly')}
              hidden={tab !== 'monthly'}
              tabIndex={0}
            >
              {tab === 'monthly' ? <MonthlyPlan /> : null}
            </div>
            <div
              id={panelId('bundles')}
              role="tabpanel"
              aria-labelledby={tabId('bundles')}
              hidden={tab !== 'bundles'}
              tabIndex={0}
            >
              {tab === 'bundles' ? <Bundles /> : null}
            </div>
          </div>

          <aside className="upgrade__side" aria-label="Why Premium">
            <PriceComparison />
            <ValueBreakdown />
            <CostBreakdown />
            <TrustBadges />
          </aside>
        </div>

        <p className="upgrade__no-thanks">
          <Link to="/dashboard">{UPGRADE_TEXTS.noThanks}</Link>
        </p>
      </main>

      <Dialog open={betaOpen} onClose={() => setBetaOpen(false)} title={UPGRADE_TEXTS.betaTitle}>
        <p>{UPGRADE_TEXTS.betaText}</p>
        <div className="upgrade__dialog-actions">
          <Button onClick={() => setBetaOpen(false)}>{UPGRADE_TEXTS.betaDismiss}</Button>
        </div>
      </Dialog>
    </div>
  );
}

function MonthlyPlan() {
  const titleId = useId();
  return (
    <section className="pw-card upgrade-plan" aria-labelledby={titleId}>
      <p className="upgrade-plan__badge">{UPGRADE_TEXTS.savingsBadge}</p>
      <h2 id={titleId} className="upgrade-plan__name">
        {UPGRADE_TEXTS.plan}
      </h2>
      <p className="upgrade-plan__price">
        <span className="upgrade-plan__amount">{usd(PREMIUM_MONTHLY_PRICE)}</span>
        <span className="upgrade-plan__period">/month</span>
      </p>
      <p className="pw-muted upgrade-plan__guarantee">{UPGRADE_TEXTS.guarantee}</p>
      <ul className="upgrade-plan__features" aria-label="Premium features">
        {PREMIUM_FEATURES.map((feature) => (
          <li key={feature.title} className="upgrade-plan__feature">
            <span className="upgrade-plan__icon" aria-hidden="true">
              {feature.icon}
            </span>
            <span>
              <strong>{feature.title}</strong>
              <span className="pw-muted upgrade-plan__detail">{feature.detail}</span>
            </span>
            <span className="upgrade-plan__check" aria-hidden="true">
              ✓
            </span>
          </li>
        ))}
      </ul>
      <Button className="upgrade-plan__cta" onClick={() => alertUser(UPGRADE_TEXTS.upgradeAlert)}>
        {UPGRADE_TEXTS.upgrade}
      </Button>
    </section>
  );
}

function Bundles() {
  return (
    <ul className="upgrade-bundles">
      {BUNDLES.map((bundle) => (
        <li key={bundle.sessions}>
          <BundleCard bundle={bundle} />
        </li>
      ))}
    </ul>
  );
}

function BundleCard({ bundle }: { bundle: Bundle }) {
  const titleId = useId();
  return (
    <article
      className={bundle.bestValue ? 'pw-card upgrade-bundle upgrade-bundle--best' : 'pw-card upgrade-bundle'}
      aria-labelledby={titleId}
    >
      {bundle.bestValue ? <p className="upgrade-bundle__best">{UPGRADE_TEXTS.bestValue}</p> : null}
      <h2 id={titleId} className="upgrade-bundle__name">
        {bundle.sessions} Sessions
      </h2>
      <p className="upgrade-bundle__price">{usd(bundle.price)}</p>
      <p className="pw-muted">{usd(perSessionCents(bundle) / 100)} each</p>
      <Button
        variant={bundle.bestValue ? 'primary' : 'secondary'}
        aria-describedby={titleId}
        onClick={() => alertUser(UPGRADE_TEXTS.bundleAlert)}
      >
        {UPGRADE_TEXTS.buyBundle}
      </Button>
    </article>
  );
}

function SidePanel({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section className="pw-card upgrade-panel" aria-labelledby={titleId}>
      <h2 id={titleId} className="upgrade-panel__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Rows({ rows }: { rows: ReadonlyArray<readonly [string, string, boolean?]> }) {
  return (
    <dl className="upgrade-rows">
      {rows.map(([label, value, strong]) => (
        <div
          key={label}
          className={strong ? 'upgrade-rows__row upgrade-rows__row--strong' : 'upgrade-rows__row'}
        >
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function PriceComparison() {
  return (
    <SidePanel title="Price Comparison">
      <Rows
        rows={[
          ['Personal coach', `${usd(COACH_HOURLY)}/hour (${usd(COACH_MONTHLY)}/month)`],
          ['Online course', `${usd(COURSE_ONE_TIME)} one-time`],
          ['Parley Premium', `${usd(PREMIUM_MONTHLY_PRICE)}/month`, true],
        ]}
      />
    </SidePanel>
  );
}

function ValueBreakdown() {
  return (
    <SidePanel title="Value Breakdown">
      <Rows
        rows={[
          ['Per session', usd(VALUE_PER_SESSION)],
          [`${VALUE_SESSIONS_PER_MONTH} sessions/month`, `${usd(VALUE_OF_SESSIONS)} value`],
          ['Total monthly value', usd(TOTAL_MONTHLY_VALUE)],
          // One savings figure on the page: the badge's 97% against a coach. This panel says what $8 buys.
          ['You pay', `${usd(PREMIUM_MONTHLY_PRICE)} of ${usd(TOTAL_MONTHLY_VALUE)}`, true],
        ]}
      />
    </SidePanel>
  );
}

function CostBreakdown() {
  return (
    <SidePanel title={`Where your ${usd(PREMIUM_MONTHLY_PRICE)} goes`}>
      <ul className="upgrade-costs">
        {COST_BREAKDOWN.map((part) => (
          <li key={part.item} className="upgrade-costs__item">
            <span className="upgrade-costs__label">
              <span>{part.item}</span>
              <span>{usd(part.amount)}</span>
            </span>
            <span className="upgrade-costs__bar" aria-hidden="true">
              <span style={{ width: `${(part.amount / PREMIUM_MONTHLY_PRICE) * 100}%` }} />
            </span>
          </li>
        ))}
      </ul>
      <p className="pw-muted upgrade-costs__fee">Payment processing fee: {PAYMENT_FEE_PERCENT}%</p>
    </SidePanel>
  );
}

function TrustBadges() {
  return (
    <ul className="upgrade-trust" aria-label="Trust">
      <li>
        <span aria-hidden="true">🔒</span> 256-bit SSL
      </li>
      <li>
        <span aria-hidden="true">🛡️</span> {GUARANTEE_DAYS}-day guarantee
      </li>
      <li>
        <span aria-hidden="true">👥</span> Join {USERS_CLAIM} Users
      </li>
    </ul>
  );
}

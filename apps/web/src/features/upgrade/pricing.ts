/**
 * Every figure the upgrade page shows, in one place (spec section 9). Figures that follow from others
 * are computed here; the spec's claimed values are kept as stated and pricing.spec.ts checks that they
 * agree with the prices they are derived from.
 */

/** Premium Monthly: $8 per month, billed monthly in advance, cancel anytime, 30-day money-back guarantee. */
export const PREMIUM_MONTHLY_PRICE = 8;
export const GUARANTEE_DAYS = 30;

/** Free plan limits the premium features are compared with. */
export const FREE_SCENARIOS = 10;
export const PREMIUM_SCENARIOS_CLAIM = '200+';
export const BADGES_CLAIM = '50+';
export const USERS_CLAIM = '2,500+';

/** Traditional alternatives (price comparison). */
export const COACH_HOURLY = 75;
export const COACH_MONTHLY = 300;
export const COURSE_ONE_TIME = 299;

/** Savings versus coaching: round(292 / 300 × 100) = 97. */
export const SAVINGS_VS_COACHING_PERCENT = Math.round(
  ((COACH_MONTHLY - PREMIUM_MONTHLY_PRICE) / COACH_MONTHLY) * 100,
);

/** Session bundles: sessions and price; the per-session price is derived. */
export interface Bundle {
  sessions: number;
  price: number;
  bestValue: boolean;
}

export const BUNDLES: readonly Bundle[] = [
  { sessions: 5, price: 3, bestValue: false },
  { sessions: 15, price: 7, bestValue: true },
  { sessions: 30, price: 12, bestValue: false },
];

/** A bundle's price per session in cents, rounded to the cent: 60, 47, 40. */
export const perSessionCents = (bundle: Pick<Bundle, 'sessions' | 'price'>) =>
  Math.round((bundle.price * 100) / bundle.sessions);

/** Value breakdown (claimed values). */
export const VALUE_SESSIONS_PER_MONTH = 30;
/** $8 spread over 30 sessions a month, to the cent: $0.27. */
export const VALUE_PER_SESSION = Math.round((PREMIUM_MONTHLY_PRICE * 100) / VALUE_SESSIONS_PER_MONTH) / 100;
/** 30 sessions at $0.27: $8.10. */
export const VALUE_OF_SESSIONS = Math.round(VALUE_SESSIONS_PER_MONTH * VALUE_PER_SESSION * 100) / 100;
/** The claimed total monthly value of premium: $48.10. */
export const TOTAL_MONTHLY_VALUE = 48.1;
/** Savings against the total value: round((1 − 8 / 48.10) × 100) = 83. */
export const VALUE_SAVINGS_PERCENT = Math.round((1 - PREMIUM_MONTHLY_PRICE / TOTAL_MONTHLY_VALUE) * 100);

/** Where the $8 goes. */
export const COST_BREAKDOWN: readonly { item: string; amount: number }[] = [
  { item: 'AI', amount: 3.2 },
  { item: 'Cloud hosting', amount: 1.6 },
  { item: 'Database', amount: 0.8 },
  { item: 'Development', amount: 1.6 },
  { item: 'Operations', amount: 0.8 },
];
export const PAYMENT_FEE_PERCENT = 2.9;

/** US dollars as the page writes them: whole amounts without cents ($8), others with two decimals ($0.60). */
export function usd(amount: number): string {
  const cents = Math.round(amount * 100);
  return cents % 100 === 0 ? `$${cents / 100}` : `$${(cents / 100).toFixed(2)}`;
}

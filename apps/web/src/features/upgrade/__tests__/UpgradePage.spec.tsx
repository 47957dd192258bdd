import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { alertUser } from '../../../lib/browser';
import { settingsFetch } from '../../../test/fixtures';
import { renderApp, testSession } from '../../../test/renderApp';

vi.mock('../../../lib/browser', () => ({ reloadPage: vi.fn(), alertUser: vi.fn(), confirmUser: vi.fn() }));

async function openUpgrade() {
  // The page makes no call of its own; any call would answer 404.
  const fetchMock = settingsFetch();
  vi.stubGlobal('fetch', fetchMock);
  const view = renderApp('/upgrade', { storedSession: testSession });
  await screen.findByRole('dialog', { name: 'Parley is in beta' }, { timeout: 5000 });
  return { ...view, fetchMock };
}

function dismissBeta() {
  fireEvent.click(screen.getByRole('button', { name: 'Got it' }));
}

const panel = () => screen.getByRole('tabpanel');

describe('/upgrade', () => {
  it('opens with the beta notice, which traps focus and can be dismissed', async () => {
    await openUpgrade();
    const dialog = screen.getByRole('dialog', { name: 'Parley is in beta' });
    expect(dialog.textContent).toContain('Parley is in beta and pricing is not final.');
    expect(dialog.contains(document.activeElement)).toBe(true);
    dismissBeta();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Premium Upgrade' })).toBeTruthy();
  });

  it('the beta notice also closes on Escape', async () => {
    await openUpgrade();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('links back to /dashboard from the header and from "No thanks"', async () => {
    await openUpgrade();
    dismissBeta();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(
      screen.getByRole('link', { name: 'No thanks, take me back to dashboard' }).getAttribute('href'),
    ).toBe('/dashboard');
  });

  it('shows Premium Monthly by default: $8/month, the guarantee, the savings badge, six features', async () => {
    await openUpgrade();
    dismissBeta();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Monthly Subscription', 'Session Bundles']);
    expect(tabs[0]!.getAttribute('aria-selected')).toBe('true');
    expect(panel().getAttribute('aria-labelledby')).toBe(tabs[0]!.id);

    const plan = within(panel()).getByRole('region', { name: 'Premium Monthly' });
    expect(plan.querySelector('.upgrade-plan__price')?.textContent).toBe('$8/month');
    expect(within(plan).getByText('Cancel anytime, 30-day guarantee')).toBeTruthy();
    expect(within(plan).getByText('Save 97% vs traditional coaching')).toBeTruthy();
    const features = within(within(plan).getByRole('list', { name: 'Premium features' })).getAllByRole(
      'listitem',
    );
    expect(features.map((f) => f.querySelector('strong')?.textContent)).toEqual([
      'Unlimited practice sessions',
      '200+ premium scenarios vs 10 free',
      'Global leaderboards',
      'Advanced AI coaching',
      '50+ badges',
      'Priority support',
    ]);
    // The same hours as the Support page: not "24/7".
    expect(plan.textContent).toContain('E-mail answers within 4 hours; live chat Mon-Fri 9AM-6PM EST.');
    expect(document.body.textContent).not.toContain('24/7');
  });

  it("'Upgrade to Premium' says Stripe Checkout is coming, with no network call", async () => {
    const { fetchMock } = await openUpgrade();
    dismissBeta();
    const calls = fetchMock.mock.calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Upgrade to Premium' }));
    expect(alertUser).toHaveBeenCalledWith('Stripe Checkout coming soon...');
    expect(fetchMock.mock.calls.length).toBe(calls);
  });

  it('switches to Session Bundles with a click or the arrow keys', async () => {
    await openUpgrade();
    dismissBeta();
    const [monthly, bundles] = screen.getAllByRole('tab') as [HTMLElement, HTMLElement];
    fireEvent.click(bundles);
    expect(bundles.getAttribute('aria-selected')).toBe('true');
    expect(bundles.tabIndex).toBe(0);
    expect(monthly.tabIndex).toBe(-1);
    expect(within(panel()).queryByText('Premium Monthly')).toBeNull();

    fireEvent.keyDown(bundles, { key: 'ArrowRight' });
    expect(monthly.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(monthly);
    fireEvent.keyDown(monthly, { key: 'End' });
    expect(bundles.getAttribute('aria-selected')).toBe('true');
  });

  it('offers three bundles, 15 sessions as Best Value, each with Buy Bundle', async () => {
    await openUpgrade();
    dismissBeta();
    fireEvent.click(screen.getByRole('tab', { name: 'Session Bundles' }));
    const cards = within(panel()).getAllByRole('article');
    expect(
      cards.map((card) => [
        within(card).getByRole('heading').textContent,
        card.querySelector('.upgrade-bundle__price')?.textContent,
        within(card).getByText(/each$/).textContent,
        within(card).queryByText('Best Value') !== null,
      ]),
    ).toEqual([
      ['5 Sessions', '$3', '$0.60 each', false],
      ['15 Sessions', '$7', '$0.47 each', true],
      ['30 Sessions', '$12', '$0.40 each', false],
    ]);
    const buttons = within(panel()).getAllByRole('button', { name: 'Buy Bundle' });
    expect(buttons).toHaveLength(3);
    fireEvent.click(buttons[1]!);
    expect(alertUser).toHaveBeenCalledWith('Checkout coming soon!');
  });

  it('shows the price comparison, value and cost breakdowns and the trust badges', async () => {
    await openUpgrade();
    dismissBeta();
    const side = screen.getByRole('complementary', { name: 'Why Premium' });
    const rows = (name: string) =>
      Array.from(within(side).getByRole('region', { name }).querySelectorAll('dt')).map((dt) => [
        dt.textContent,
        dt.nextElementSibling?.textContent,
      ]);
    expect(rows('Price Comparison')).toEqual([
      ['Personal coach', '$75/hour ($300/month)'],
      ['Online course', '$299 one-time'],
      ['Parley Premium', '$8/month'],
    ]);
    expect(rows('Value Breakdown')).toEqual([
      ['Per session', '$0.27'],
      ['30 sessions/month', '$8.10 value'],
      ['Total monthly value', '$48.10'],
      ['You pay', '$8 of $48.10'],
    ]);
    // One savings figure on the page (the badge's 97% against a coach), not a second, different one.
    expect(document.body.textContent?.match(/\d+(?:\.\d+)?%/g)?.filter((p) => p !== '2.9%')).toEqual(['97%']);
    const costs = within(side).getByRole('region', { name: 'Where your $8 goes' });
    expect(
      Array.from(costs.querySelectorAll('.upgrade-costs__label')).map((label) => label.textContent),
    ).toEqual(['AI$3.20', 'Cloud hosting$1.60', 'Database$0.80', 'Development$1.60', 'Operations$0.80']);
    expect(within(costs).getByText('Payment processing fee: 2.9%')).toBeTruthy();
    expect(within(side).getByRole('list', { name: 'Trust' }).textContent).toContain('256-bit SSL');
    expect(within(side).getByText(/30-day guarantee/)).toBeTruthy();
    expect(within(side).getByText(/Join 2,500\+ Users/)).toBeTruthy();
  });

  it('returns to the dashboard through "No thanks"', async () => {
    const { router } = await openUpgrade();
    dismissBeta();
    fireEvent.click(screen.getByRole('link', { name: 'No thanks, take me back to dashboard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});

import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { alertUser } from '../../../lib/browser';
import { renderApp, testSession } from '../../../test/renderApp';

vi.mock('../../../lib/browser', () => ({ reloadPage: vi.fn(), alertUser: vi.fn(), confirmUser: vi.fn() }));

describe('landing page', () => {
  afterEach(() => {
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });

  it('shows the hero, six feature cards, four steps and the pricing teaser', async () => {
    renderApp('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Transform Conversations with AI' }),
    ).toBeTruthy();
    expect(screen.getByText('PARLEY')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Rocket to Success' }).getAttribute('href')).toBe('/auth');
    const features = screen.getByRole('region', { name: 'Everything you need to practise' });
    expect(within(features).getAllByRole('button')).toHaveLength(6);
    const how = screen.getByRole('region', { name: 'How it works' });
    expect(within(how).getAllByRole('button')).toHaveLength(4);
    expect(screen.getByRole('link', { name: 'Begin Your Journey' }).getAttribute('href')).toBe('/auth');
    expect(screen.getByRole('link', { name: 'Start Free Trial' }).getAttribute('href')).toBe('/auth');
    // The free plan is 5 sessions a month, and its support is not Premium's (issue 31).
    for (const text of ['5 practice sessions a month', 'Smart AI insights', 'E-mail and community support'])
      expect(screen.getByText(text)).toBeTruthy();
    expect(screen.queryByText(/unlimited/i)).toBeNull();
    expect(screen.queryByText('Premium support')).toBeNull();
    const footer = screen.getByRole('contentinfo');
    expect(
      within(footer)
        .getAllByRole('link')
        .map((l) => l.getAttribute('href')),
    ).toEqual(['/privacy', '/terms', '/support']);
  });

  it('header: Sign In and Get Started signed out; Dashboard and Sign Out signed in', async () => {
    renderApp('/', { storedSession: testSession });
    expect(await screen.findByRole('button', { name: 'Sign Out' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.getByRole('link', { name: 'Begin Your Journey' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.queryByRole('link', { name: 'Sign In' })).toBeNull();
  });

  it('header turns translucent after 50 px of scrolling and has a mobile menu toggle', async () => {
    renderApp('/');
    const header = await screen.findByRole('banner');
    expect(header.getAttribute('data-scrolled')).toBe('false');
    Object.defineProperty(window, 'scrollY', { value: 50, configurable: true });
    act(() => void window.dispatchEvent(new Event('scroll')));
    expect(header.getAttribute('data-scrolled')).toBe('false');
    Object.defineProperty(window, 'scrollY', { value: 51, configurable: true });
    act(() => void window.dispatchEvent(new Event('scroll')));
    expect(header.getAttribute('data-scrolled')).toBe('true');
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('button', { name: 'Close menu' })).toBe(toggle);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Features', 'Pricing', 'Documentation', 'Support', 'Sign In', 'Get Started']);
  });

  it('a feature modal traps focus, locks scroll and closes on Escape, backdrop and its button', async () => {
    renderApp('/');
    const card = await screen.findByRole('button', { name: /Scored Feedback/ });
    card.focus();
    fireEvent.click(card);
    const dialog = screen.getByRole('dialog', { name: 'Scored Feedback' });
    expect(within(dialog).getByText(/Pro tip:/)).toBeTruthy();
    expect(within(dialog).getByRole('heading', { name: 'Example scenarios' })).toBeTruthy();
    expect(document.body.style.overflow).toBe('hidden');
    expect(dialog.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.style.overflow).toBe('');
    expect(document.activeElement).toBe(card);

    fireEvent.click(card);
    fireEvent.mouseDown(screen.getByTestId('dialog-backdrop'));
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(card);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a how-it-works step opens its modal with time, benefits, tips and the next step', async () => {
    renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: /Talk to the AI/ }));
    const dialog = screen.getByRole('dialog', { name: 'Step 2: Talk to the AI' });
    expect(within(dialog).getByText('5-15 minutes')).toBeTruthy();
    expect(within(dialog).getByRole('heading', { name: 'Tips' })).toBeTruthy();
    expect(within(dialog).getByText(/^Next:/)).toBeTruthy();
  });
});

describe('support page', () => {
  it("validates required fields, alerts the spec's text and resets the form to priority normal", async () => {
    renderApp('/support');
    await screen.findByRole('heading', { level: 1, name: 'Support' });
    for (const label of ['Name', 'Email', 'Subject', 'Message'])
      expect(screen.getByLabelText(label)).toHaveProperty('required', true);
    expect(screen.getByLabelText('Email').getAttribute('type')).toBe('email');
    expect(screen.getByLabelText('Message').getAttribute('rows')).toBe('6');
    const priority = screen.getByLabelText('Priority') as HTMLSelectElement;
    expect(Array.from(priority.options).map((o) => o.value)).toEqual(['low', 'normal', 'high', 'urgent']);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ada' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Hi' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Hello' } });
    fireEvent.change(priority, { target: { value: 'urgent' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(alertUser).toHaveBeenCalledWith("Thank you! We'll get back to you within 24 hours.");
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
    expect(priority.value).toBe('normal');
    expect(screen.getByRole('link', { name: 'Upgrade to Premium' }).getAttribute('href')).toBe('/upgrade');
  });
});

describe('documentation page', () => {
  it('starts with getting-started active and expanded; selecting a section toggles it', async () => {
    renderApp('/docs');
    const start = await screen.findByRole('button', { name: 'Getting Started' });
    expect(start.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(
      '#getting-started-create-account',
    );
    const troubleshooting = screen.getByRole('button', { name: 'Troubleshooting' });
    expect(troubleshooting.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(troubleshooting);
    expect(troubleshooting.getAttribute('aria-expanded')).toBe('true');
    expect(troubleshooting.getAttribute('aria-current')).toBe('true');
    expect(screen.getByRole('heading', { level: 2, name: 'Troubleshooting' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Upgrade' })[0]!.getAttribute('href')).toBe('/upgrade');
    fireEvent.click(troubleshooting);
    expect(troubleshooting.getAttribute('aria-expanded')).toBe('false');
  });
});

describe('legal pages', () => {
  it('terms list the spec sections and were last updated June 14, 2025', async () => {
    renderApp('/terms');
    await screen.findByRole('heading', { level: 1, name: 'Terms and Conditions' });
    expect(screen.getByText('Last updated: June 14, 2025')).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(14);
    expect(screen.getByText('You must be at least 13 years old to use Parley.')).toBeTruthy();
    expect(screen.getByText(/amounts you paid us in the 12 months/)).toBeTruthy();
  });

  it('privacy was last updated June 14, 2025', async () => {
    renderApp('/privacy');
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
    expect(screen.getByText('Last updated: June 14, 2025')).toBeTruthy();
    expect(screen.getByText(/within 30 days/)).toBeTruthy();
  });
});

import { COMMUNICATION_GOALS } from '@parley/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { alertUser } from '../../../lib/browser';
import { json, testProfile } from '../../../test/fixtures';
import { renderApp, testSession } from '../../../test/renderApp';

vi.mock('../../../lib/browser', () => ({ reloadPage: vi.fn(), alertUser: vi.fn(), confirmUser: vi.fn() }));

const next = () => screen.getByRole('button', { name: 'Next' });

async function open() {
  const view = renderApp('/onboarding', { storedSession: testSession });
  await screen.findByRole('heading', { level: 1, name: 'Onboarding' });
  return view;
}

describe('/onboarding', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers the full name and every goal, and Next stays disabled until a goal is chosen', async () => {
    await open();
    expect((screen.getByLabelText('Full name') as HTMLInputElement).value).toBe('Ada');
    for (const goal of COMMUNICATION_GOALS) expect(screen.getByRole('checkbox', { name: goal })).toBeTruthy();
    expect(next()).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Persuasion' }));
    expect(next()).toHaveProperty('disabled', false);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Persuasion' }));
    expect(next()).toHaveProperty('disabled', true);
  });

  it('steps through tone and level with Next rules, Back goes one step down', async () => {
    await open();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Breakups' }));
    fireEvent.click(next());
    expect(screen.getByText('Step 2 of 4: AI tone')).toBeTruthy();
    expect(screen.getAllByRole('radio').map((r) => (r as HTMLInputElement).value)).toEqual([
      'friendly',
      'neutral',
      'tough',
    ]);
    expect(next()).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('radio', { name: 'Tough' }));
    fireEvent.click(next());
    expect(screen.getAllByRole('radio').map((r) => (r as HTMLInputElement).value)).toEqual([
      'beginner',
      'intermediate',
      'advanced',
    ]);
    expect(next()).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByText('Step 2 of 4: AI tone')).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Tough' })).toHaveProperty('checked', true);
  });

  it('Finish saves the profile with POST /api/user/profile and goes to /dashboard', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => json(testProfile));
    vi.stubGlobal('fetch', fetchMock);
    const { router } = await open();
    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'Ada Lovelace' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Salary Negotiation' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Persuasion' }));
    fireEvent.click(next());
    fireEvent.click(screen.getByRole('radio', { name: 'Friendly' }));
    fireEvent.click(next());
    fireEvent.click(screen.getByRole('radio', { name: 'Advanced' }));
    fireEvent.click(next());
    expect(screen.getAllByRole('radio').map((r) => (r as HTMLInputElement).value)).toEqual([
      'neutral',
      'friendly',
      'direct',
    ]);
    expect(screen.getByRole('radio', { name: 'Neutral' })).toHaveProperty('checked', true);
    fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'fr' } });
    fireEvent.click(screen.getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    const request = fetchMock.mock.calls[0]![0] as Request;
    expect(request.method).toBe('POST');
    expect(new URL(request.url).pathname).toBe('/api/user/profile');
    expect(await request.json()).toEqual({
      id: testSession.user.id,
      full_name: 'Ada Lovelace',
      communication_goals: ['Salary Negotiation', 'Persuasion'],
      tone_preference: 'friendly',
      experience_level: 'advanced',
      avatar_style: 'neutral',
      language: 'fr',
    });
  });

  it("alerts 'Error saving onboarding: {message}' and stays on failure", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => json({ error: 'Identity is unavailable' }, 503)),
    );
    const { router } = await open();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Persuasion' }));
    fireEvent.click(next());
    fireEvent.click(screen.getByRole('radio', { name: 'Neutral' }));
    fireEvent.click(next());
    fireEvent.click(screen.getByRole('radio', { name: 'Beginner' }));
    fireEvent.click(next());
    fireEvent.click(screen.getByRole('button', { name: 'Finish' }));
    await waitFor(() =>
      expect(alertUser).toHaveBeenCalledWith('Error saving onboarding: Identity is unavailable'),
    );
    expect(router.state.location.pathname).toBe('/onboarding');
  });
});

import type { CustomScenario } from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/fixtures';
import { renderApp, testSession } from '../../../test/renderApp';
import { requestOf, stubFetch } from '../../sessions/__tests__/sessionsFixtures';

const mine = (n: number): CustomScenario => ({
  id: `custom-00000000-0000-4000-8000-00000000000${n}`,
  title: `My talk ${n}`,
  description: 'I ask Dana for a raise on Thursday.',
  category: 'custom',
  tags: ['raise'],
  difficulty: 'Intermediate',
  timeEstimate: '10-15 min',
  userRole: 'Engineer',
  aiRole: 'Manager',
  premium: false,
  locked: false,
  custom: true,
  persona: '',
  personaGoals: [],
  holdsFirmOn: [],
  learnerObjectives: ['Name the number'],
  created_at: '2026-11-25T09:00:00Z',
  updated_at: '2026-11-25T09:00:00Z',
});

async function openLibrary() {
  renderApp('/library', { storedSession: testSession });
  return screen.findByRole('region', { name: 'My Scenarios' }, { timeout: 5000 });
}

describe('My Scenarios in the library', () => {
  it('shows the empty state with Create Scenario', async () => {
    stubFetch({ 'GET /api/user/scenarios': [], 'GET /api/user/scenarios/custom': [] });
    const section = await openLibrary();
    await within(section).findByText('No scenarios of your own yet');
    expect(within(section).getByText('0 of 3 on the free plan')).toBeTruthy();
    expect(within(section).getByRole('link', { name: 'Create Scenario' }).getAttribute('href')).toBe(
      '/scenarios/new',
    );
  });

  it('lists them with Edit, Duplicate and Delete, and offers Premium once the free plan’s three are kept', async () => {
    let kept = [mine(1), mine(2), mine(3)];
    const fetchMock = stubFetch({
      'GET /api/user/scenarios': [],
      'GET /api/user/scenarios/custom': () => json(kept),
      [`DELETE /api/user/scenarios/custom/${mine(2).id}`]: () => {
        kept = kept.filter((s) => s.id !== mine(2).id);
        return json({ success: true });
      },
    });
    const section = await openLibrary();
    const card = await within(section).findByRole('article', { name: 'My talk 2' });
    expect(within(section).getByRole('link', { name: 'Upgrade for unlimited scenarios' })).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(
      `/scenarios/${mine(2).id}/edit`,
    );
    expect(within(card).getByRole('link', { name: 'Duplicate' }).getAttribute('href')).toBe(
      `/scenarios/new?from=${mine(2).id}`,
    );
    vi.stubGlobal('confirm', () => true);
    fireEvent.click(within(card).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(section).queryByRole('article', { name: 'My talk 2' })).toBeNull());
    expect(requestOf(fetchMock, `DELETE /api/user/scenarios/custom/${mine(2).id}`)).toBeTruthy();
    expect(within(section).getByText('2 of 3 on the free plan')).toBeTruthy();
    expect(within(section).getByRole('link', { name: 'Create Scenario' })).toBeTruthy();
  });
});

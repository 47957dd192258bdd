import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, testProfile, testSettings } from '../../../test/fixtures';
import { renderApp, testSession } from '../../../test/renderApp';
import { stubDashboardApi } from '../../dashboard/__tests__/dashboardFixtures';

vi.mock('../../progress/highcharts', () => ({ default: { chart: () => ({ destroy: () => {} }) } }));

const SLOW = { timeout: 5000 };

describe('a new display name reaches the dashboard greeting', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('greets with the new name after it is saved in Settings', async () => {
    // The server: one name, which the settings change sets and the profile then reads.
    let name = 'Nora Nilsson';
    const { fetchMock: dashboardFetch } = stubDashboardApi({
      profile: () => json({ ...testProfile, full_name: name }),
      settings: () => json({ ...testSettings, display_name: name }),
    });
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (input, init) => {
        const request = input instanceof Request ? input : new Request(String(input), init);
        const { pathname } = new URL(request.url);
        if (pathname === '/api/user/settings' && request.method === 'PATCH') {
          name = ((await request.json()) as { display_name: string }).display_name;
          return json({ ...testSettings, display_name: name });
        }
        if (pathname === '/auth/v1/user')
          return json({ ...testSession.user, user_metadata: { full_name: name } });
        return dashboardFetch(input, init);
      }),
    );

    renderApp('/dashboard', { storedSession: testSession });
    expect((await screen.findByTestId('greeting', {}, SLOW)).textContent).toMatch(/, Nora Nilsson$/);

    fireEvent.click((await screen.findAllByRole('link', { name: 'Settings' }))[0]!);
    const input = await screen.findByLabelText('Display Name', {}, SLOW);
    fireEvent.change(input, { target: { value: 'Nora N.' } });
    fireEvent.blur(input);
    await waitFor(() => expect(name).toBe('Nora N.'));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(''));

    fireEvent.click(screen.getByRole('link', { name: 'Back to Dashboard' }));
    await waitFor(() => expect(screen.getByTestId('greeting').textContent).toMatch(/, Nora N\.$/), SLOW);
  });
});

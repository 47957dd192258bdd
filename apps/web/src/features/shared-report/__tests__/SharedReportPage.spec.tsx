import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadPage } from '../../../lib/browser';
import { json } from '../../../test/fixtures';
import { renderApp, testSession } from '../../../test/renderApp';
import { requestOf, sent, sharedReport, stubFetch } from '../../sessions/__tests__/sessionsFixtures';

vi.mock('../../../lib/browser', () => ({ reloadPage: vi.fn(), alertUser: vi.fn(), confirmUser: vi.fn() }));

const TOKEN = 'Ab3_-xYz'.repeat(5) + 'Q9k';
const KEY = `GET /api/export/shared/${TOKEN}`;

async function open(options: Parameters<typeof renderApp>[1] = {}) {
  const view = renderApp(`/shared/${TOKEN}`, options);
  await screen.findByRole('heading', { level: 1, name: 'Shared Report' });
  return view;
}

describe('/shared/:token', () => {
  beforeEach(() => vi.clearAllMocks());

  it('shows the shared report read-only: scenario, date, tone, messages, scores and lists, and the PDF', async () => {
    const fetchMock = stubFetch({ [KEY]: sharedReport() });
    await open();
    expect(await screen.findByText('Salary Negotiation Basics')).toBeTruthy();
    expect(screen.getByText('Practice Session Report')).toBeTruthy();
    expect(screen.getByText('June 14, 2025')).toBeTruthy();
    expect(screen.getByText('friendly')).toBeTruthy();
    const messages = within(screen.getByRole('list', { name: 'Messages' })).getAllByRole('listitem');
    expect(messages).toHaveLength(2);
    expect(within(messages[0]!).getByRole('img', { name: 'AI avatar' }).textContent).toBe('🧠');
    const scores = within(screen.getByRole('list', { name: 'Scores' })).getAllByRole('listitem');
    expect(scores.map((s) => s.getAttribute('data-band'))).toEqual(['high', 'medium', 'low']);
    expect(screen.getByText('Clear ask')).toBeTruthy();
    expect(screen.getByText('Rushed the close')).toBeTruthy();
    const suggestions = screen.getByRole('heading', { name: 'Suggestions' }).nextElementSibling!;
    expect(suggestions.tagName).toBe('OL');
    expect(suggestions.textContent).toBe('Pause after the numberSummarise agreement');
    expect(screen.getByRole('link', { name: 'Download PDF' }).getAttribute('href')).toBe(
      `/api/export/shared/${TOKEN}/pdf`,
    );
    // Nothing to edit, share or delete on a shared report.
    // Read-only: the report itself offers no control (the public site header above it has its menu).
    const report = screen.getByRole('main');
    expect(within(report).queryByRole('button')).toBeNull();
    expect(within(report).queryByRole('textbox')).toBeNull();
    expect(sent(fetchMock)).toEqual([KEY]);
  });

  it('reads the report without a token, even for a signed-in visitor, and calls nothing else', async () => {
    const fetchMock = stubFetch({ [KEY]: sharedReport() });
    await open({ storedSession: testSession });
    await screen.findByText('Clear ask');
    expect(requestOf(fetchMock, KEY)!.headers.get('authorization')).toBeNull();
    expect(sent(fetchMock).filter((k) => k.includes('/api/'))).toEqual([KEY]);
    expect(document.body.textContent).not.toContain(testSession.user.email);
  });

  it("says 'This link is no longer available' for a revoked, expired or unknown link", async () => {
    stubFetch({ [KEY]: () => json({ error: 'This link does not exist or has expired' }, 404) });
    await open();
    expect(
      await screen.findByRole('heading', { level: 2, name: 'This link is no longer available' }),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Download PDF' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to Parley' }).getAttribute('href')).toBe('/');
  });

  it('shows the failure with Try Again when the server fails', async () => {
    stubFetch({ [KEY]: () => json({ error: 'Service temporarily unavailable' }, 503) });
    await open();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Service temporarily unavailable')).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(reloadPage).toHaveBeenCalledOnce();
  });

  it('a report without feedback says so', async () => {
    stubFetch({ [KEY]: sharedReport({ feedback: null, tone: null }) });
    await open();
    expect(await screen.findByText('This session had no feedback when it was shared.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Scores' })).toBeNull();
    expect(screen.queryByText('Tone')).toBeNull();
  });
});

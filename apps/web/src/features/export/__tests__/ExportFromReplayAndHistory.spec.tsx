import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/fixtures';
import { renderApp, testSession } from '../../../test/renderApp';
import { fullSession, requestOf, stubFetch, summary } from '../../sessions/__tests__/sessionsFixtures';

const FIRST = summary().id;
const RETRY = '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
const JOB = { id: '22222222-2222-4222-8222-222222222222', status: 'done', progress: 100 };

/** The export job (already done) and its file, and a browser download that is only recorded. */
function exportRoutes() {
  const clicked: HTMLAnchorElement[] = [];
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:transcript'), revokeObjectURL: vi.fn() }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this);
  });
  const routes = {
    'POST /api/export/jobs': () => json(JOB, 202),
    [`GET /api/export/jobs/${JOB.id}/file`]: () =>
      new Response('%PDF-1.7', { status: 200, headers: { 'Content-Type': 'application/pdf' } }),
  };
  return { clicked, routes };
}

describe('the PDF export from Replay and History', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('History: each row exports its session, and a retry says which session it is an attempt of', async () => {
    const { clicked, routes } = exportRoutes();
    const fetchMock = stubFetch({
      ...routes,
      'GET /api/user/sessions': [
        summary({ id: RETRY, parent_session_id: FIRST, branch_from_index: 1 }),
        summary(),
      ],
    });
    renderApp('/history', { storedSession: testSession });
    const list = await screen.findByRole('list', { name: 'Sessions' }, { timeout: 5000 });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);

    const attempt = within(rows[0]!).getByTestId('attempt-of');
    expect(attempt.textContent).toBe(`Retry of session ${FIRST.slice(0, 8)} · Compare attempts`);
    expect(
      within(attempt)
        .getByRole('link', { name: `session ${FIRST.slice(0, 8)}` })
        .getAttribute('href'),
    ).toBe(`/session/view/${FIRST}`);
    expect(within(attempt).getByRole('link', { name: 'Compare attempts' }).getAttribute('href')).toBe(
      `/session/compare/${FIRST}/${RETRY}`,
    );
    expect(within(rows[1]!).queryByTestId('attempt-of')).toBeNull();

    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'Export Transcript' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]!.download).toBe('conversation-transcript.pdf');
    expect(await requestOf(fetchMock, 'POST /api/export/jobs')!.json()).toEqual({ session_id: FIRST });
  });

  it('Replay: offers the same export for the session on screen', async () => {
    const { clicked, routes } = exportRoutes();
    const fetchMock = stubFetch({
      ...routes,
      [`GET /api/user/sessions/view/${FIRST}`]: fullSession(),
    });
    renderApp(`/session/view/${FIRST}`, { storedSession: testSession });
    fireEvent.click(await screen.findByRole('button', { name: 'Export Transcript' }, { timeout: 5000 }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(await requestOf(fetchMock, 'POST /api/export/jobs')!.json()).toEqual({ session_id: FIRST });
  });
});

import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/fixtures';
import { renderApp, testSession } from '../../../test/renderApp';
import { requestOf, stubFetch } from '../../sessions/__tests__/sessionsFixtures';
import { readableProblem } from '../scenarioForm';

async function openForm() {
  renderApp('/scenarios/new', { storedSession: testSession });
  return screen.findByRole('heading', { level: 1, name: 'Create Your Scenario' }, { timeout: 5000 });
}

describe('the own-scenario form', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('refuses an empty form in readable words, marks the fields and sends nothing', async () => {
    const fetchMock = stubFetch({
      'POST /api/user/scenarios/custom': () =>
        json({ error: 'title: title must be at least 3 characters' }, 400),
    });
    await openForm();
    fireEvent.click(screen.getByRole('button', { name: 'Save Scenario' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).not.toContain('title: title');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Title: Give your scenario a title (at least 3 characters).',
      'The situation: Describe the situation (at least 10 characters).',
      'Your role: Say who you are in this conversation (at least 3 characters).',
      'Their role: Say who the other person is (at least 3 characters).',
    ]);
    expect(screen.getByLabelText(/^Title/).getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText(/^Title/));
    expect(requestOf(fetchMock, 'POST /api/user/scenarios/custom')).toBeUndefined();

    // Typing a title takes it off the list.
    fireEvent.change(screen.getByLabelText(/^Title/), { target: { value: 'Raise talk' } });
    expect(within(screen.getByRole('alert')).getAllByRole('listitem')).toHaveLength(3);
  });

  it("says a server refusal in the form's words", () => {
    expect(readableProblem('title: title must be at least 3 characters')).toBe(
      'Title must be at least 3 characters.',
    );
    expect(readableProblem('description: description (the situation) must be at least 10 characters')).toBe(
      'The situation must be at least 10 characters.',
    );
    expect(readableProblem('userRole: userRole must be at least 3 characters')).toBe(
      'Your role must be at least 3 characters.',
    );
    expect(readableProblem('Custom scenario limit reached')).toBe('Custom scenario limit reached');
  });
});

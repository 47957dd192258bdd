import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ObjectivesList } from '../components/ObjectivesList';

describe('the objectives of a report', () => {
  it('marks each objective met with its line, not yet met, or unclear from the words alone', () => {
    render(
      <ObjectivesList
        objectives={[
          {
            objective: 'Name the date you need it by',
            met: true,
            line: 'I need it by Friday the 12th.',
            index: 1,
          },
          { objective: 'Apologise for the mix-up', met: false },
          { objective: 'Keep the update under two minutes', met: false, unsure: true },
        ]}
      />,
    );
    expect(screen.getByText('(1 of 3 met)')).toBeTruthy();
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual([
      '✓ Met: Name the date you need it by — “I need it by Friday the 12th.”',
      '○ Not yet met: Apologise for the mix-up',
      '? Unclear: Keep the update under two minutes — not clear from your words alone',
    ]);
  });
});

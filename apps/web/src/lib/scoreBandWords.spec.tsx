import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { FeedbackReport as ReportAfterChat } from '../features/chat/components/FeedbackReport';
import { FeedbackScores as ReplayScores } from '../features/sessions/components/FeedbackReport';

/** The same score is said with the same word on the end-of-session report and in replay (issue 31). */
describe('one band word for a score', () => {
  const scores = { clarity: 7.7, empathy: 8.4, persuasion: 5.2 };

  const bandWords = (list: HTMLElement) =>
    within(list)
      .getAllByRole('listitem')
      .map((item) => /(strong|developing|needs work|fair|low)/.exec(item.textContent ?? '')?.[1]);

  it('says 7.7 is "developing", 8.4 "strong" and 5.2 "needs work" in the report and in replay alike', () => {
    const { unmount } = render(
      <MemoryRouter>
        <ReportAfterChat
          feedback={{
            status: 'shown',
            feedback: {
              ...scores,
              strengths: [],
              weaknesses: [],
              suggestions: [],
              objectives: [],
            } as never,
          }}
        />
      </MemoryRouter>,
    );
    const report = bandWords(screen.getByRole('list', { name: 'Scores' }));
    unmount();
    render(
      <ReplayScores
        scores={[
          { label: 'Clarity', value: scores.clarity },
          { label: 'Empathy', value: scores.empathy },
          { label: 'Persuasion', value: scores.persuasion },
        ]}
      />,
    );
    const replay = bandWords(screen.getByRole('list', { name: 'Scores' }));
    expect(report).toEqual(['developing', 'strong', 'needs work']);
    expect(replay).toEqual(report);
  });
});

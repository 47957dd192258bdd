import type { SpeechAnalysis } from '@parley/contracts';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SpeechReport } from '../components/SpeechReport';

const speech: SpeechAnalysis = {
  totalWords: 40,
  fillerWords: [{ word: 'um', count: 3 }],
  totalFillers: 3,
  fillerRatePer100Words: 7.5,
  wordsPerMinute: 132,
  longPauses: [{ messageIndex: 1, seconds: 4 }],
  fluencyScore: 71,
  fluencyExplanation: 'Three fillers in forty words.',
};

/** The tile's value: its text outside the small explanation. */
function valueOf(tile: HTMLElement): string {
  const copy = tile.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('.speech-report__note').forEach((note) => note.remove());
  return copy.textContent?.trim() ?? '';
}

describe('SpeechReport', () => {
  it('shows a measured pace as the number, with the unit in the small text', () => {
    render(<SpeechReport speech={speech} />);
    const pace = screen.getByTestId('speech-pace');
    expect(pace.textContent).toBe('132 words per minute');
    expect(valueOf(pace)).toBe('132');
  });

  it("shows '—' for typed messages, with the explanation in the small text", () => {
    render(<SpeechReport speech={{ ...speech, wordsPerMinute: null }} />);
    const pace = screen.getByTestId('speech-pace');
    expect(valueOf(pace)).toBe('—');
    const note = within(pace).getByText('Not measured (typed messages)');
    expect(note.className).toBe('speech-report__note');
    // Screen readers skip the dash and read the explanation.
    expect(pace.querySelector('[aria-hidden="true"]')?.textContent).toBe('—');
  });

  it('shows the filler count as the value and the rate in the small text', () => {
    render(<SpeechReport speech={speech} />);
    const region = screen.getByRole('region', { name: 'Speech Analysis' });
    const fillers = within(region).getByText('Filler words').nextElementSibling as HTMLElement;
    expect(valueOf(fillers)).toBe('3');
    expect(fillers.textContent).toBe('3 (7.5 per 100 words)');
  });

  it('shows spoken turns one by one: speaking time, pace while speaking, long pauses inside the turn', () => {
    render(
      <SpeechReport
        speech={{
          ...speech,
          wordsPerMinute: 171.4,
          turns: [
            {
              messageIndex: 1,
              spoken: false,
              words: 12,
              fillers: 0,
              speakingSeconds: null,
              wordsPerMinute: null,
              longPauses: [],
            },
            {
              messageIndex: 3,
              spoken: true,
              words: 20,
              fillers: 2,
              speakingSeconds: 7,
              wordsPerMinute: 171.4,
              longPauses: [1.4],
            },
          ],
        }}
      />,
    );
    expect(screen.getByTestId('speech-pace').textContent).toBe('171 words per minute (while speaking)');
    const rows = screen
      .getAllByTestId('speech-turn')
      .map((row) => Array.from(row.children).map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['1', '12', 'Typed', '—', '—', '0'],
      ['2', '20', '7 s', '171 wpm', '1.4 s', '2'],
    ]);
  });

  it('shows no table of turns when nothing was spoken', () => {
    render(<SpeechReport speech={speech} />);
    expect(screen.queryByRole('table')).toBeNull();
  });
});

import { render, screen } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import ReactMarkdown from 'react-markdown';
import { describe, expect, it } from 'vitest';
import { Markdown, mayHoldMarkdown } from './Markdown';

// Lines as partners, learners and the coach write them: plain ones, and ones with markdown in them.
const PLAIN = [
  'I hear you. What number did you have in mind?',
  "Honestly, I'm not sure that matters much right now.",
  'First line of a thought\nand its second line.',
  'One paragraph.\n\nAnother paragraph, after a blank line.',
  '  Leading spaces and trailing ones   ',
  'Prices went up 12% since March; that is 45 pounds a month.',
  'Three visits missed: Monday, Tuesday, and Friday.',
  'ok 👍 see u tmrw',
];
const MARKED = [
  'Thanks for meeting. **What number** did you have in mind?',
  'A stronger way to say it:\n> I understand where you are coming from.',
  '- Met: Name the number\n- Not yet met: Agree a date',
  '1. Ask\n2. Listen',
  'Use `code` here',
  '# A heading',
  'See [the guide](https://example.com)',
  'Fish & chips <b>bold?</b>',
  'A line with a hard break  \nand the next',
  'Setext heading\n---',
];

const markdownHtml = (text: string) => renderToStaticMarkup(<ReactMarkdown skipHtml>{text}</ReactMarkdown>);

describe('Markdown', () => {
  it('renders a plain line exactly as the markdown parser would, without loading it', () => {
    for (const text of PLAIN) {
      expect(mayHoldMarkdown(text)).toBe(false);
      expect(renderToStaticMarkup(<Markdown skipHtml>{text}</Markdown>)).toBe(markdownHtml(text));
    }
  });

  it('sends every line that may hold markdown to the parser', () => {
    for (const text of MARKED) expect(mayHoldMarkdown(text)).toBe(true);
  });

  it('renders markdown with the parser once it has loaded', async () => {
    const { container } = render(<Markdown skipHtml>{MARKED[0]!}</Markdown>);
    expect((await screen.findByText('What number')).tagName).toBe('STRONG');
    expect(container.innerHTML).toBe(markdownHtml(MARKED[0]!));
  });
});

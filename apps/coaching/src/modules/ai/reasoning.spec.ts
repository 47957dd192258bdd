import { ReasoningFilter, stripReasoning, templateOpensReasoning } from './reasoning';

function streamed(pieces: string[], opened = false): string {
  const filter = new ReasoningFilter({ opened });
  return pieces.map((p) => filter.push(p)).join('') + filter.end();
}

describe('reasoning blocks', () => {
  it('strips <think> blocks from a whole answer, closed, unclosed, or opened in the prompt', () => {
    expect(stripReasoning('<think>\nhmm\n</think>\n\nHello there.')).toBe('Hello there.');
    expect(stripReasoning('Hello <thinking>a</thinking>there.')).toBe('Hello there.');
    expect(stripReasoning('Hello.<think>never closed because the limit hit')).toBe('Hello.');
    expect(stripReasoning('the template opened it, so only the end shows</think>Hello.')).toBe('Hello.');
    expect(stripReasoning('No reasoning at all.')).toBe('No reasoning at all.');
  });

  it('strips a block split across stream pieces at any point, tags included', () => {
    const answer = '<think>\nI should be brief.\n</think>\n\nThat is a fair point, but the band is fixed.';
    for (const size of [1, 2, 3, 5, 7, 11]) {
      const pieces = answer.match(new RegExp(`[\\s\\S]{1,${size}}`, 'g')) ?? [];
      expect(streamed(pieces)).toBe('That is a fair point, but the band is fixed.');
    }
  });

  it('lets a "<" that starts no tag through once the next piece shows it', () => {
    expect(streamed(['a <', 'b and c <', '/p> d'])).toBe('a <b and c </p> d');
    expect(streamed(['ends with <th'])).toBe('ends with <th');
  });

  it('shows nothing of a block the stream ended inside, and says it was thinking', () => {
    const filter = new ReasoningFilter();
    expect(filter.push('<think>still going')).toBe('');
    expect(filter.thinking).toBe(true);
    expect(filter.end()).toBe('');
  });

  it('holds back a stream whose template opened the block until it closes, at any split', () => {
    const answer = 'I should be brief.\n</think>\n\nThat is a fair point, but the band is fixed.';
    for (const size of [1, 2, 3, 5, 7, 11]) {
      const pieces = answer.match(new RegExp(`[\\s\\S]{1,${size}}`, 'g')) ?? [];
      expect(streamed(pieces, true)).toBe('That is a fair point, but the band is fixed.');
    }
    // It did not think this time: everything held is the answer.
    expect(streamed(['No thinking ', 'here.'], true)).toBe('No thinking here.');
  });

  it('reports an orphan closing tag in a stream not known to be opened, and in a whole answer', () => {
    const filter = new ReasoningFilter();
    expect(filter.push('thinking out loud</th')).toBe('thinking out loud');
    expect(filter.sawOrphanClose).toBe(false);
    expect(filter.push('ink>Hello.')).toBe('Hello.');
    expect(filter.sawOrphanClose).toBe(true);
    expect(templateOpensReasoning('thinking</think>Hello.')).toBe(true);
    expect(templateOpensReasoning('<think>a</think>Hello.')).toBe(false);
    expect(templateOpensReasoning('Hello.')).toBe(false);
  });
});

import { tightenText } from './rewrite';

describe('a rewritten line', () => {
  it('says a restart once when the filler between its halves is gone', () => {
    const { text, fillersRemoved } = tightenText('So, we, uh, we could move the launch to May.');
    expect(fillersRemoved).toEqual(expect.arrayContaining(['uh']));
    expect(text).not.toMatch(/\bwe,? we\b/i);
    expect(text).toMatch(/we could move the launch to May/i);
  });

  it('keeps no filler it tells the learner to drop', () => {
    const { text, fillersRemoved } = tightenText('Like, I need the figures by Thursday, you know?');
    for (const filler of fillersRemoved) expect(text.toLowerCase()).not.toContain(filler.toLowerCase());
    expect(text).toMatch(/^I need the figures by Thursday/);
  });

  it('leaves a word said twice on purpose alone', () => {
    expect(tightenText('It had had three owners before us.').text).toBe('It had had three owners before us.');
  });
});

import { scoreBandColour, scoreBandWord } from './score-band';

describe('scoreBandWord', () => {
  it.each([
    [10, 'green', 'strong'],
    [8, 'green', 'strong'],
    [7.9, 'amber', 'developing'],
    [7.7, 'amber', 'developing'],
    [6, 'amber', 'developing'],
    [5.9, 'red', 'needs work'],
    [0, 'red', 'needs work'],
  ])('says %s is %s, "%s"', (score, colour, word) => {
    expect(scoreBandColour(score)).toBe(colour);
    expect(scoreBandWord(score)).toBe(word);
  });
});

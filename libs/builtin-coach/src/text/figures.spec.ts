import { comparable, extractFigures, formatLike, niceRound, parseAmount, parseNumberWords } from './figures';

describe('figures', () => {
  it.each([
    ['fifty-two thousand', 52_000],
    ['four hundred and eighty thousand', 480_000],
    ['a hundred', 100],
    ['twenty', 20],
  ])('reads "%s" as %d', (text, value) => {
    expect(parseNumberWords(text)).toBe(value);
  });

  it.each([
    ['$57,000', 57_000],
    ['$57k', 57_000],
    ['£1.2 million', 1_200_000],
    ['about 55', 55],
    ['three percent', 3],
  ])('parses the amount in "%s"', (text, value) => {
    expect(parseAmount(text)).toBe(value);
  });

  it('keeps rates and currency', () => {
    const [fee] = extractFigures('We charge $22 a month.');
    expect(fee).toMatchObject({ kind: 'money', value: 22, currency: '$', per: 'month' });
  });

  it('compares like with like, at a similar scale', () => {
    const [a, b, c] = extractFigures('$56,000 versus $57,000 versus $9.');
    expect(comparable(a!, b!)).toBe(true);
    expect(comparable(a!, c!)).toBe(false);
  });

  it('rounds counters to sensible numbers and formats them like the original', () => {
    expect(niceRound(54_350)).toBe(54_500);
    const [like] = extractFigures('$57,000');
    expect(formatLike(54_000, like!)).toBe('$54,000');
  });

  it('reads a decimal said in words as one figure', () => {
    expect(extractFigures('you would get point-two-five percent of the company')).toEqual([
      expect.objectContaining({ kind: 'percent', text: 'point-two-five percent', value: 0.25 }),
    ]);
    expect(extractFigures('margins fell by two point four percent in the quarter')).toEqual([
      expect.objectContaining({ kind: 'percent', text: 'two point four percent', value: 2.4 }),
    ]);
  });
});

describe('"and" between figures', () => {
  it.each([
    ['We have a two-seater at £640 and one at £780.', ['£640', '£780']],
    ['Parking is €12 and two euro for the shuttle.', ['€12', 'two euro']],
  ])('"%s" keeps its figures apart', (text, money) => {
    expect(
      extractFigures(text)
        .filter((f) => f.kind === 'money')
        .map((f) => f.text),
    ).toEqual(money);
  });

  it('"three hundred and twenty" is still one number', () => {
    expect(extractFigures('about three hundred and twenty of them').map((f) => f.value)).toEqual([320]);
  });
});

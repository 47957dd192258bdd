import {
  LINE_ACTS,
  canonicalLine,
  lineActReader,
  lineFeatures,
  readSplit,
  trainLineActs,
  vocabularyOf,
} from './line-acts';

describe('line acts', () => {
  it('reads a line through wink-nlp features: words, parts of speech, how sentences start and end', () => {
    const features = lineFeatures('What would you need to check, and with whom?');
    expect(features).toEqual(expect.arrayContaining(['w:what', 's0:what', 'end:q']));
    expect(lineFeatures('I need $4,000 by the 14th.')).toEqual(expect.arrayContaining(['digit', 'end:p']));
  });

  it('reads a line in one spelling: casing, contractions, British spelling and a slip of the fingers alike', () => {
    const vocabulary = vocabularyOf([
      { text: 'We should organize the schedule before the deadline.', labels: [] },
    ]);
    const plain = canonicalLine('We should not organize the schedule before the deadline.', vocabulary);
    expect(canonicalLine("we shouldn't organise the shcedule before the deadline", vocabulary)).toBe(
      plain.replace(/\.$/, ''),
    );
    expect(canonicalLine('We shouldnt organise the schedule before the deadlnie.', vocabulary)).toBe(plain);
    // Pause sounds go only where asked; a name nobody spelled before stays as typed.
    expect(canonicalLine('Erm, we met Wojciech.', vocabulary, false)).toBe('we met wojciech.');
    expect(canonicalLine('Erm, we met Wojciech.', vocabulary, true)).toBe('erm, we met wojciech.');
  });

  it('trains on train, with thresholds from out-of-fold odds', () => {
    const train = readSplit('train');
    expect(train.length).toBeGreaterThan(1000);
    const model = trainLineActs(train);
    for (const act of LINE_ACTS) {
      const a = model.acts[act];
      if (a.claimable) expect(a.cvPrecision).toBeGreaterThanOrEqual(0.97);
    }
    const reader = lineActReader(model);
    // Lines written here, not in the corpus: the classifier must generalise to them.
    expect(
      reader.actsOf("I'm so sorry I missed your call yesterday, that was my mistake.").has('apology'),
    ).toBe(true);
    expect(reader.actsOf('Thanks for the update.').has('attack')).toBe(false);

    // A claim confirmed over the lines a cue fires on: here every line, so only the classifier decides.
    const confirmsApology = reader.confirmer(['apology'], () => true);
    expect(confirmsApology('I apologise for snapping at you in the stand-up this morning.')).toBe(true);
    expect(confirmsApology('The quarterly numbers go to the board on Thursday.')).toBe(false);
    // A cue no training line fires on gives no cut: the claim is never made.
    expect(reader.confirmer(['apology'], () => false)("I'm so sorry, that was my fault.")).toBe(false);
  });

  it('claims nothing for an act no line was labelled with', () => {
    const lines = [
      { text: 'Could you send it by Friday?', labels: ['ask', 'closed-question'] },
      { text: 'Hi there.', labels: [] },
    ];
    const model = trainLineActs(lines);
    expect(model.acts['attack'].claimable).toBe(false);
    expect(lineActReader(model).actsOf('You are useless.').has('attack')).toBe(false);
  });
});

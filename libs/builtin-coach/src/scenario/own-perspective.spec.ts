import { toFirstPerson } from './perspective';

const refs = { names: ['Jonas'], learnerNouns: [], theyIsLearner: false };

describe('a persona field the learner wrote in the first person', () => {
  it('keeps the learner as "you" when the partner speaks it in its own voice', () => {
    const said = toFirstPerson(
      'Shares a two-bed flat with me and owes my share of the bills.',
      { ...refs, meIsLearner: true },
      {
        impliedSubject: true,
      },
    );
    expect(said).toMatch(/^I share a two-bed flat with you and owe your share of the bills\.$/);
  });
});

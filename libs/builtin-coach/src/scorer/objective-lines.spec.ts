import type { ScenarioDefinition } from '@parley/contracts';
import { catalogueScenario } from '../__fixtures__/conversation';
import { SERVICE_LATE_GIFT } from '../__fixtures__/scenarios';
import { lineFeatures } from './line-features';
import { checkObjectives } from './objectives';
import { scoreTranscript } from './score-transcript';

/* Objectives met by the line that does what they ask, in lines written for this test. */

const withObjectives = (...learnerObjectives: string[]): ScenarioDefinition => ({
  ...SERVICE_LATE_GIFT,
  id: 'cs-objective-lines',
  title: 'A loan between friends',
  learnerObjectives,
});
const check = (scenario: ScenarioDefinition, ...texts: string[]) =>
  checkObjectives(
    texts.map((text, i) => lineFeatures(i * 2 + 1, text, undefined)),
    scenario,
  );

describe('the line that meets an objective', () => {
  it('is not one that only names what the talk will be about', () => {
    const [result] = check(
      withObjectives('Agree a repayment plan for the money'),
      "Hiya Sam, thanks for meeting me. I'd like to talk about a repayment plan.",
      'Could you pay back £50 a month from March until the money is cleared?',
    );
    expect(result?.met).toBe(true);
    expect(result?.line).toMatch(/£50 a month/);
  });

  it('asks for a specific amount only in a line that names one', () => {
    const objective = withObjectives('Ask for a specific amount for the childcare costs');
    const [named] = check(
      objective,
      "The childcare costs are the bit I'd really like to sort out with you today.",
      "For the childcare costs over the summer, I'd need 2,400 from you.",
    );
    expect(named?.met).toBe(true);
    expect(named?.line).toMatch(/2,400/);
    const [unnamed] = check(
      objective,
      "The childcare costs are the bit I'd really like to sort out with you today.",
    );
    expect(unnamed?.met).toBe(false);
  });

  it('is the ask itself, not a line that only asks leave to speak', () => {
    const [result] = check(
      withObjectives('Ask for what you need clearly'),
      'Hiya Jo. Could I bring something up? Bit awkward, sorry.',
      'Could you pay the 300 back by the end of the month?',
    );
    expect(result?.met).toBe(true);
    expect(result?.line).toMatch(/pay the 300 back/);
  });

  it('is not met on a word as general as "role" alone', () => {
    const [result] = check(
      withObjectives('Prove you can add value in the role quickly'),
      'My role changed twice in a year, so I moved on.',
    );
    expect(result?.met).toBe(false);
  });

  it('does not rest on the owner in "the crew\'s safety" alone', () => {
    const [result] = check(
      withObjectives("Protect the crew's safety on the roof"),
      'The crew has been brilliant all week, honestly, top lads.',
      'Nobody goes up without a harness from today, safety comes before the deadline.',
    );
    expect(result?.met).toBe(true);
    expect(result?.line).toMatch(/harness/);
  });

  it('is a question when the objective asks for one, however many words stand between', () => {
    const [result] = check(
      withObjectives('Ask the site manager at least one question about the rota'),
      'I think the rota should change next month for everybody on nights.',
    );
    expect(result?.met).toBe(false);
  });
});

describe('the close', () => {
  it('counts an offer of the next thing to do, with when, as a next step', () => {
    const feedback = scoreTranscript(
      [
        { sender: 'ai', content: "We've got a hole on Saturday night in the ICU." },
        { sender: 'user', content: "I know, and I hate saying this, but I can't do Saturday." },
        { sender: 'ai', content: "I want to fill this weekend's shift." },
        {
          sender: 'user',
          content: "I've done five extra shifts in six weeks. The last one put me over the duty hour limit.",
        },
        { sender: 'ai', content: 'What does that mean for us, in practice?' },
        {
          sender: 'user',
          content:
            "It's not that I don't want to help. I'm just running on empty, and that's when mistakes happen.",
        },
        { sender: 'ai', content: 'Go on.' },
        {
          sender: 'user',
          content: "Could we set up a proper backup rota, so it's not always the same three people?",
        },
        { sender: 'ai', content: 'Possibly. Tell me more.' },
        { sender: 'user', content: "I'm happy to help draft it this week if that makes it easier." },
      ],
      catalogueScenario('sb-covering-another-shift'),
    );
    expect(feedback.weaknesses.join(' ')).not.toMatch(/didn't close|next step/i);
  });
});

import type { ScenarioDefinition } from '@parley/contracts';
import { catalogueScenario } from '../__fixtures__/conversation';
import { SERVICE_LATE_GIFT } from '../__fixtures__/scenarios';
import { extractFigures } from '../text/figures';
import type { ChatLine } from './conversation-state';
import { analyseMessage } from './message-analysis';
import { generateReply, planReply } from './roleplay-engine';

/*
 * Lines written for this test, in voices of their own: news told is not a pledge, a grievance repeated is
 * not a promise, a figure named to measure the offer by is not the offer.
 */

/** An own scenario as a learner writes it, with the drafted persona's general goals. */
const OWN_NEWS: ScenarioDefinition = {
  ...SERVICE_LATE_GIFT,
  id: 'custom-quitting-the-choir',
  title: 'Leaving the choir',
  description:
    "I've sung in my village choir for nine years and I'm stepping down after the spring concert. I have to tell the director, Hilde, who counts on me for the alto part.",
  category: 'setting-boundaries',
  userRole: 'Alto in the choir',
  aiRole: 'Choir director',
  persona: {
    name: 'Hilde',
    background: 'The choir director.',
    personality: 'Direct but fair.',
    speakingStyle: 'Plain.',
  },
  personaGoals: ['Understand exactly what is being asked and why', 'Hear what the other person suggests'],
  holdsFirmOn: ['Will ask for concrete details and a clear reason before they agree to anything.'],
  learnerObjectives: ['Say clearly what you need and why', "Listen to the other person's side"],
  openingLine: 'Thanks for making the time. You wanted to talk — what is on your mind?',
};

const play = (scenario: ScenarioDefinition, tone: 'friendly' | 'neutral' | 'tough', ...lines: string[]) => {
  const messages: ChatLine[] = [{ sender: 'ai', content: scenario.openingLine }];
  const replies: string[] = [];
  for (const line of lines) {
    messages.push({ sender: 'user', content: line });
    const reply = generateReply({ scenario, tone, messages });
    replies.push(reply);
    messages.push({ sender: 'ai', content: reply });
  }
  return replies;
};

describe('what a line pledges', () => {
  it.each([
    'Priya and I are going to move to Bristol in June.',
    "The committee has decided we're going to close the Leeds office.",
    "We've sent the forms twice and heard nothing back.",
    'We have phoned the depot repeatedly and nobody picks up.',
  ])('tells news or a grievance, not a pledge to hold to: %s', (line) => {
    expect(analyseMessage(line).commitment).toBe(false);
  });

  it.each(["I'll call the plumber today.", "We're going to refund the full fare by Friday."])(
    'still pledges: %s',
    (line) => {
      expect(analyseMessage(line).commitment).toBe(true);
    },
  );

  it('reads a clock time as a time', () => {
    expect(extractFigures('The 7:25 train gets in at 10:05pm.').map((f) => [f.kind, f.text])).toEqual([
      ['time', '7:25'],
      ['time', '10:05pm'],
    ]);
  });

  it('takes "sorry, I know you\'re swamped" for a courtesy, not an apology to accept', () => {
    expect(analyseMessage("hi sorry, i know you're wiped. got five mins?").minorApology).toBe(true);
  });

  it.each([
    "I don't think it was laziness on her part, the scanner was down.",
    "I don't think they meant any harm.",
  ])('does not take a view of someone else for pushback: %s', (line) => {
    expect(analyseMessage(line).pushback).toBe(false);
  });

  it('still takes disagreeing with the listener for pushback', () => {
    expect(analyseMessage("I don't think that's a fair reading of the contract.").pushback).toBe(true);
  });
});

describe('the figure on offer', () => {
  it('is the one offered, not the one it is measured against', () => {
    const messages: ChatLine[] = [
      { sender: 'ai', content: SERVICE_LATE_GIFT.openingLine },
      {
        sender: 'user',
        content: 'What I can do is a new set at cost, about $40 instead of $64.',
      },
    ];
    const plan = planReply({ scenario: SERVICE_LATE_GIFT, tone: 'neutral', messages });
    const figures = plan.moves.flatMap((m) => (m.kind === 'figure' ? [m.figure] : []));
    expect(figures).not.toContain('$64');
    expect(plan.text).not.toMatch(/\$64/);
  });
});

describe('news told in an own scenario', () => {
  it('is asked why or taken in, not asked what is being asked for', () => {
    const [, second] = play(
      OWN_NEWS,
      'neutral',
      'Hi Hilde, thanks for staying behind after rehearsal.',
      "I've decided the spring concert will be my last one with the choir.",
    );
    expect(second).toMatch(/\b(?:why|decide|take in|see that coming|a minute)\b/i);
    expect(second).not.toMatch(/asking me for|would you suggest/i);
  });

  it('is taken in once explained, not filed as useful to know', () => {
    const replies = play(
      OWN_NEWS,
      'neutral',
      "I've decided the spring concert will be my last one with the choir.",
      'My knees are bad now and standing for two hours has become really hard for me.',
    );
    expect(replies[1]).not.toMatch(/useful to know|hadn't looked at it that way|would you suggest/i);
  });

  it('does not ask what a learner suggests who has said what needs doing', () => {
    const replies = play(
      {
        ...OWN_NEWS,
        id: 'custom-broken-boiler',
        title: 'The broken boiler',
        description: 'My boiler has been broken for a week and my landlord keeps putting me off.',
      },
      'neutral',
      "I'm ringing about the boiler. There's been no hot water since last Tuesday.",
      'The pilot light keeps going out. The whole boiler needs replacing, not another patch.',
    );
    expect(replies[1]).not.toMatch(/would you suggest|asking me for|would you like me to do/i);
  });
});

describe('what is asked and what is told', () => {
  it.each([
    "When you're on nights the whole street hears the van.",
    'What I can do is move the van to the side road.',
    'Please, have a seat.',
    'Have a look at the photos first.',
  ])('reads a statement or a bidding as no question: %s', (line) => {
    expect(analyseMessage(line).question).toBeNull();
  });

  it.each(['When will the van be moved', 'Have you seen the photos?'])(
    'still reads a question: %s',
    (line) => {
      expect(analyseMessage(line).question).not.toBeNull();
    },
  );

  it('weighs a suggestion put as a question rather than answering it', () => {
    const messages: ChatLine[] = [
      { sender: 'ai', content: SERVICE_LATE_GIFT.openingLine },
      {
        sender: 'user',
        content: 'maybe next time you could order a week early and we upgrade the shipping for free?',
      },
    ];
    const plan = planReply({ scenario: SERVICE_LATE_GIFT, tone: 'neutral', messages });
    expect(plan.moves[0]?.kind).not.toBe('answer');
  });

  it('does not ask what is wanted of a learner who says what they are entitled to', () => {
    const replies = play(
      {
        ...OWN_NEWS,
        id: 'custom-faulty-heater',
        title: 'The faulty heater',
        description: 'My new heater keeps cutting out.',
      },
      'neutral',
      "I'm calling about the heater I bought from you in October.",
      "It's cut out four times this week. I'm entitled to a replacement under the warranty.",
    );
    expect(replies[1]).not.toMatch(/asking me for|would you suggest|would you like me to do/i);
  });
});

describe('a demand once met', () => {
  it('is not pressed after the learner has brought what it asks for', () => {
    const replies = play(
      catalogueScenario('ec-launch-that-flopped'),
      'tough',
      'Adoption is four percent. We planned for twenty.',
      'We assumed travellers plan alone; most plan with friends in group chats.',
      'My recommendation is to retire the planner and move two engineers onto shared itineraries.',
    );
    expect(replies.join(' ')).not.toMatch(/I want a recommendation/i);
  });
});

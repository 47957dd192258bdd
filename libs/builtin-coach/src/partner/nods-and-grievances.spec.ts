import type { ScenarioDefinition } from '@parley/contracts';
import { analyseMessage } from './message-analysis';
import { catalogueScenario, play } from '../__fixtures__/conversation';
import { SALARY_FIRST_OFFER } from '../__fixtures__/scenarios';
import { EMPATHY, HOSTILE_MILD, HOSTILE_STRONG } from './phrase-bank';
import { ASKS_FOR_ASK, WRITES_IT_UP } from './phrasing';

/**
 * From a reading of fresh conversations: a grievance in dark words is no attack, a nod that opens a
 * question is no sympathy to thank anyone for, a change of terms is an ask, a hello before "got a sec?"
 * still asks for a minute, and the persona does not promise what the learner has just promised.
 */

const TONES = ['friendly', 'neutral', 'tough'] as const;
const rebukes = TONES.flatMap((t) => [...HOSTILE_MILD[t], ...HOSTILE_STRONG[t]]);
const said = (reply: string, options: string[]): string[] => options.filter((o) => reply.includes(o));

describe('a grievance in dark words', () => {
  it.each([
    'You have charged me 45 pounds a month since March for a service I cannot use anyway.',
    'You billed me twice in June and nobody has answered my three emails about it.',
    'Your engineer missed both appointments and I lost two days of wages waiting in.',
  ])('"%s" is answered, not rebuked', (line) => {
    for (const tone of TONES) {
      const [reply] = play(catalogueScenario('cs-third-call-dishwasher-repair'), tone, [line]);
      expect(said(reply!, rebukes)).toEqual([]);
    }
  });
});

describe('impatience', () => {
  it.each(['ok whatever, just tell me yes or no', 'fine whatever, just give me the number'])(
    '"%s" is rebuked once, with no nod of agreement after it',
    (line) => {
      const [, reply] = play(SALARY_FIRST_OFFER, 'neutral', [
        'Thanks, I am really pleased about the offer.',
        line,
      ]);
      expect(reply).not.toMatch(/\b(?:Good|Okay|Great)\.\s/);
      expect(reply!.match(/\bcivil\b/gi)?.length ?? 0).toBeLessThanOrEqual(1);
    },
  );
});

describe('a nod that opens the point', () => {
  const thanksForSympathy = TONES.flatMap((t) => EMPATHY[t]);
  it.each([
    'I understand. Is it possible to have a review after six months, maybe to 56000?',
    'That makes sense. Could we look at 55,000 with a review in March?',
    'Fair enough. What about an extra week of leave instead?',
  ])('"%s" is answered without thanks for sympathy', (line) => {
    for (const tone of TONES) {
      const [, reply] = play(SALARY_FIRST_OFFER, tone, ['Thank you, I am excited about the role.', line]);
      expect(said(reply!, thanksForSympathy)).toEqual([]);
    }
  });

  it('"if that is hard" supposes: it is no sympathy either', () => {
    const [, reply] = play(catalogueScenario('cr-three-weeks-of-dishes'), 'tough', [
      'the electric bill is two weeks overdue and your half is 64',
      "can you pay it by friday? if that's hard we can split it in two",
    ]);
    expect(said(reply!, EMPATHY.tough)).toEqual([]);
  });
});

describe('asking for a minute and for time', () => {
  it.each(['hey tomasz got a sec?', 'hi, got a minute?', 'hiya Tomasz, have you got five minutes?'])(
    '"%s" gets leave to go on, not the persona\'s life story',
    (line) => {
      const def = catalogueScenario('cr-three-weeks-of-dishes');
      const [reply] = play(def, 'neutral', [line]);
      expect(reply).not.toMatch(/PhD|stipend|second-year/i);
    },
  );

  it.each([
    'Can I answer you tomorrow?',
    'Could I reply to you on Monday?',
    'I need two days to think. Is that okay?',
  ])('"%s" is given the time', (line) => {
    const [, reply] = play(SALARY_FIRST_OFFER, 'neutral', [
      'Thank you so much, I am thrilled about the offer.',
      line,
    ]);
    expect(reply).toMatch(/take the time you need|of course|that's fine|sure/i);
  });
});

/** An own scenario whose situation is the learner's, in the first person. */
const OWN_RATES: ScenarioDefinition = {
  ...SALARY_FIRST_OFFER,
  id: 'custom-dog-walking-rates',
  title: 'Raising my dog-walking price',
  description:
    "I walk Mr Patel's two dogs every weekday and I need to tell him my price goes up from 12 to 15 pounds a walk in March.",
  userRole: 'Dog walker',
  aiRole: 'Client whose dogs I walk',
  persona: {
    ...SALARY_FIRST_OFFER.persona,
    name: 'Mr Patel',
    background:
      "A client of several years. The situation: I walk Mr Patel's two dogs every weekday and I need to tell him my price goes up from 12 to 15 pounds a walk in March.",
  },
  personaGoals: ['What number did you have in mind?', "What's that based on?"],
  holdsFirmOn: [],
};

describe('a change of terms said plainly', () => {
  it.each([
    'From March my price is going up from 12 to 15 pounds a walk.',
    'The new rate will be 15 pounds a walk from March.',
  ])('"%s" is not followed by a question asking what the learner wants', (line) => {
    const [, reply] = play(OWN_RATES, 'neutral', [
      'Hi Mr Patel, have you got a minute after the walk?',
      line,
    ]);
    expect(reply).not.toMatch(ASKS_FOR_ASK);
    expect(reply).not.toMatch(/what number|how much/i);
  });
});

describe('a close after the learner promises the paperwork', () => {
  it('does not promise to write it up too', () => {
    const replies = play(SALARY_FIRST_OFFER, 'neutral', [
      'Thank you, I am delighted with the offer.',
      'Based on market data for junior accountants here, would 56,000 be possible?',
      "Great, so 56,000 and a September start. I'll confirm it all in writing by email today.",
    ]);
    expect(replies.at(-1)).not.toMatch(WRITES_IT_UP);
  });
});

describe('figures on the persona’s side of its line', () => {
  it('an offer under what it will pay is not refused', () => {
    for (const tone of TONES) {
      const replies = play(catalogueScenario('cs-cancelling-after-eleven-years'), tone, [
        'Good morning Mr Okafor, thank you for being with us so long.',
        "There's the digital edition at 9 a month, with the crossword app too.",
      ]);
      expect(replies[1]).not.toMatch(/won't pay|not paying/i);
    }
  });

  it('a discount offered to it is not a claim to ask the basis of', () => {
    const replies = play(catalogueScenario('cs-birthday-gift-arrived-late'), 'neutral', [
      "Hello, I'm Sam from customer care. I'm so sorry the gift arrived after the party.",
      'I can refund the delivery charge and give you 15 percent off the order. Would that help?',
    ]);
    expect(replies[1]).not.toMatch(
      /where does that (?:number|figure) come from|what's that based on|how you got to/i,
    );
  });

  it('a reference number asked for is read out, not put on the table', () => {
    const replies = play(catalogueScenario('cs-birthday-gift-arrived-late'), 'neutral', [
      "Hello, I'm Sam from customer care. I'm so sorry the gift arrived after the party.",
      'Can I take the order number, please?',
    ]);
    expect(replies[1]).not.toMatch(/on the table|figure I have for you/i);
  });
});

describe('pressing what is on the table', () => {
  it('a tough recruiter answers talk of pay without an unrelated firm position', () => {
    const replies = play(SALARY_FIRST_OFFER, 'tough', [
      'hi. thanks for the offer',
      'can we talk salary. 52 is low for this area, most ads i see are 55 to 58',
      'i want 57',
      "54 isn't enough. i have 2 cpa exams done already",
    ]);
    expect(replies.join(' ')).not.toMatch(/start date|September 2/i);
  });
});

describe('a topic named and then said', () => {
  it('is answered on what was said, not on the announcement', () => {
    const [, reply] = play(catalogueScenario('gf-report-that-came-in-late'), 'friendly', [
      'Hi Tyler, thanks for coming in. How are things?',
      'I need to talk to you about the weekly report. It was late again last Friday and the director saw it.',
    ]);
    expect(reply).not.toMatch(/(?:talk|chat) about the (?:weekly )?report/i);
  });
});

describe('an interviewer who listens', () => {
  it('does not ask for the background, the measured result or the reason to apply just given', () => {
    const replies = play(catalogueScenario('ji-tell-me-about-yourself'), 'tough', [
      "Sure. I'm a nurse, four years on a surgical ward, the last two as a shift lead.",
      'Last year I set up a handover checklist and it cut missed medication rounds from 9 a month to 2.',
      "I'm applying because your hospital is opening a day-surgery unit and that's where I want to grow.",
    ]);
    // Each is asked for, if at all, only before the candidate has given it.
    expect(replies.join(' ')).not.toMatch(
      /walk me through your background|tell me (?:a bit )?about yourself/i,
    );
    expect(replies.slice(1).join(' ')).not.toMatch(/result you could measure/i);
    expect(replies.slice(2).join(' ')).not.toMatch(/what made you apply/i);
  });
});

describe('saying no', () => {
  it.each([
    "I'm going to say no to it this year, I'm afraid.",
    "I'll have to pass on the committee this time.",
  ])('"%s" is no promise with a date to note', (line) => {
    const analysis = analyseMessage(line);
    expect(analysis.commitment).toBe(false);
    expect(analysis.refusal).toBe(true);
  });
});

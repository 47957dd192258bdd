import { analyseMessage } from './message-analysis';
import { catalogueScenario, play } from '../__fixtures__/conversation';
import { CLOSE, DEFER } from './phrase-bank';
import { selfIntroduction } from '../text/introduction';

/**
 * From a reading of fresh conversations: a "sorry" that softens a no is said for the no, leaving with the
 * door open is no deal, "I am Maya's mother" names someone else, "could you or your sister" asks no promise
 * of the persona alone, "I could have stayed" promises nothing, a manager asked for a raise has made no
 * offer, a friendly person takes apologies as meant, and a question the persona cannot answer is not
 * put off with "let's come back to that".
 */

const TONES = ['friendly', 'neutral', 'tough'] as const;

describe('a "sorry" that softens a no', () => {
  it.each([
    "I'm so sorry Mark, but we can't take the dog this weekend.",
    'nope, sorry, 450 is over my limit',
    "Sorry, that's way too much for a car this old.",
  ])('"%s" is no apology', (line) => {
    expect(analyseMessage(line).apology).toBe(false);
  });

  it.each([
    "I'm sorry I forgot to call you back.",
    'Sorry for the mix-up with the invoice, that was our error.',
  ])('"%s" still apologises', (line) => {
    expect(analyseMessage(line).apology).toBe(true);
  });
});

describe('leaving without a deal', () => {
  it.each([
    'ok thanks anyway, if you change your mind give me a call',
    "Right, I'll look elsewhere then. Thanks for your time.",
  ])('"%s" leaves, agreeing to nothing', (line) => {
    const read = analyseMessage(line);
    expect(read.walksAway).toBe(true);
    expect(read.agreement).toBe(false);
    expect(read.closing).toBe(true);
  });

  it('the persona does not close on a deal the learner walked away from', () => {
    const scenario = catalogueScenario('sn-first-offer-ask-for-more');
    for (const tone of TONES) {
      const replies = play(scenario, tone, [
        'Thank you, I am glad to have the offer. I was hoping for 60,000 given my two internships.',
        'I understand the budget. 59,000 is the lowest I can go.',
        'Okay, thanks anyway. If anything changes, you have my email.',
      ]);
      for (const yes of CLOSE['salary-negotiation'].yes) expect(replies[2]).not.toContain(yes);
    }
  });
});

describe('who is talking', () => {
  it.each(["Hello, I am Maya's mother, from the swimming club.", 'Hi, I’m Leo’s dad.'])(
    '"%s" gives no name of the speaker',
    (line) => {
      expect(selfIntroduction(line)).toBeNull();
    },
  );
  it('"I am Maya, from the swimming club" does', () => {
    expect(selfIntroduction('Hi, I am Maya, from the swimming club.')).toBe('Maya');
  });
  it.each([
    ["Morning, I'm Joseph Mensah's son, Kofi.", 'Kofi'],
    ['Hello, I am Ruth Allen’s niece.', null],
  ])('"%s" names the speaker only after whose they are', (line, name) => {
    expect(selfIntroduction(line)).toBe(name);
  });
});

describe('promises', () => {
  it.each([
    "I could have stayed on as an analyst, but it wasn't the job I came for.",
    "I'll be honest, the move was partly my call.",
  ])('"%s" promises nothing', (line) => {
    expect(analyseMessage(line).commitment).toBe(false);
  });
  it('"I\'ll send you the figures tonight." promises', () => {
    expect(analyseMessage("I'll send you the figures tonight.").commitment).toBe(true);
  });

  it('"could you or your sister…" asks no promise of the persona alone', () => {
    const scenario = catalogueScenario('cr-who-takes-mum-to-appointments');
    for (const tone of TONES) {
      const [reply] = play(scenario, tone, ['Could you or your wife drive her to the clinic on Thursday?']);
      expect(reply).not.toMatch(/\bI(?:'ll| will)? or\b/);
    }
  });
});

describe('an offer only where one was made', () => {
  it('a manager asked for a raise neither holds an offer nor waits for an answer', () => {
    const scenario = catalogueScenario('sn-barista-supervisor-raise');
    for (const tone of TONES) {
      const replies = play(scenario, tone, [
        'Hi, do you have five minutes before you head out?',
        'I have run the Saturday close on my own since March and trained the two new starters.',
        'I would like my rate to go up to $18.75 an hour.',
        'Could you let me know by the end of next week?',
        'Great, thanks. Talk then.',
      ]);
      for (const reply of replies) expect(reply).not.toMatch(/\bthe (?:updated )?offer\b|give me an answer/i);
    }
  });
});

describe('apologies and questions, taken as meant', () => {
  it('a friendly person never tires of apologies', () => {
    const scenario = catalogueScenario('sb-friend-who-always-cancels');
    const replies = play(scenario, 'friendly', [
      "I'm sorry I missed your birthday dinner.",
      "I'm so sorry, I really let you down that night.",
      'Sorry again, I feel awful about it.',
    ]);
    for (const reply of replies)
      expect(reply).not.toMatch(/enough apolog|doesn't (?:solve|fix)|need action/i);
  });

  it('a question the persona cannot answer is not put off for later', () => {
    for (const tone of ['friendly', 'neutral'] as const)
      for (const option of DEFER[tone]) expect(option).not.toMatch(/come back to|get to that|later/i);
  });
});

describe('a first line of manners only', () => {
  it.each(TONES)('is met, in a %s tone, with the first question asked again', (tone) => {
    const [reply] = play(catalogueScenario('ji-left-after-eight-months'), tone, [
      'Hi, thanks so much for having me. Sorry, I am a bit nervous.',
    ]);
    expect(reply).toMatch(
      /(?:take your time|whenever you are ready|no rush at all|fine, so|right —)[^.?!]*\?$/i,
    );
  });
});

describe('owning it without the word', () => {
  it.each(TONES)('"That\'s on me" is not answered, in a %s tone, as a "sorry"', (tone) => {
    const [reply] = play(catalogueScenario('ji-left-after-eight-months'), tone, [
      'I took the job without asking how secure the team was. That was on me, and I have learned from it.',
    ]);
    expect(reply).not.toMatch(/\bsorry\b/i);
  });
});

describe('history is no offer', () => {
  it.each([
    "I've paid £1,800 towards your car since spring and none of it has come back.",
    'Last year we gave you 400 for the deposit and it was never repaid.',
  ])('"%s" puts no amount on the table', (line) => {
    for (const tone of TONES) {
      const [reply] = play(catalogueScenario('sb-brother-asks-for-money-again'), tone, [line]);
      expect(reply).not.toMatch(/covers it|\bdeal\b|that works|I can (?:do|accept|live with)|it is\b/i);
    }
  });

  it('a date in a story of what happened is not taken up as a proposed date', () => {
    for (const tone of TONES) {
      const replies = play(catalogueScenario('ji-greatest-weakness-retail'), tone, [
        'I used to say yes to every extra shift and I was exhausted by the spring.',
        'In March I told my manager I was doing too many closes, and we swapped two with a colleague.',
      ]);
      expect(replies[1]).not.toMatch(/\bMarch\b/);
    }
  });
});

describe('asking for a minute, however it is typed', () => {
  it.each(['hey sam, u got a sec?', 'u got 5 mins?'])('"%s" is answered as a request for time', (line) => {
    const [reply] = play(catalogueScenario('cr-three-weeks-of-dishes'), 'friendly', [line]);
    expect(reply).not.toMatch(/think about that|not sure/i);
  });
});

describe('a long first question asked again', () => {
  it('is asked again in one sentence when the learner has only said hello', () => {
    const [reply] = play(catalogueScenario('ji-greatest-weakness-retail'), 'neutral', [
      'Morning, thank you for having me in today.',
    ]);
    expect(reply).toMatch(/(?:take your time —|whenever you are ready:) what is your greatest weakness\?$/i);
  });
});

describe('words heard for what they say', () => {
  it.each(['i can hear you through the wall every night', 'I can hear you shouting at two in the morning.'])(
    '"%s" is a complaint, not sympathy',
    (line) => {
      expect(analyseMessage(line).empathy).toBe(false);
    },
  );
  it('"I hear you, and I get why it matters." is sympathy', () => {
    expect(analyseMessage('I hear you, and I get why it matters.').empathy).toBe(true);
  });
  it.each(["Yeah hi, I've been charged twice since I cancelled.", 'ok hi, calling about my bill'])(
    '"%s" is a hello, not a yes',
    (line) => {
      expect(analyseMessage(line).agreement).toBe(false);
    },
  );
});

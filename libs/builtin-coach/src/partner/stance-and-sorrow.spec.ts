import type { ScenarioDefinition } from '@parley/contracts';
import { catalogueScenario, lastRepliesOverSeeds, play, variantOf } from '../__fixtures__/conversation';
import { SERVICE_LATE_GIFT } from '../__fixtures__/scenarios';
import { personaProfile } from '../scenario/persona-profile';

/*
 * Lines written for this test, in voices of their own: a firm position is held against a push for what it
 * refuses, not against a line that shares its subject or rules the thing out; sympathy that comes with an
 * explanation is not waved off as words; a promise that names its deed is no "words are cheap"; news of
 * an illness in the family is met with sorrow, and nerves with patience.
 */

const scenario = (over: Partial<ScenarioDefinition>): ScenarioDefinition =>
  variantOf(SERVICE_LATE_GIFT, over);

/** Every reply the partner could give to the learner's last line, over a spread of seeds. */
const replies = lastRepliesOverSeeds;

const KITCHEN = scenario({
  id: 'test-kitchen-head-chef',
  title: 'The new operations manager meets the head chef',
  description:
    'You have just started as operations manager at a busy bistro. The head chef has run the kitchen for ten years.',
  category: 'team-meetings',
  userRole: 'Operations manager',
  aiRole: 'Head chef',
  persona: {
    name: 'Marco',
    background: 'Marco has run the kitchen for ten years and built the menu himself.',
    personality: 'Proud and wary.',
    speakingStyle: 'Short.',
  },
  personaGoals: ['Keep control of the menu', 'Find out what the new manager will change'],
  holdsFirmOn: ["Won't accept any changes to the menu without being asked first"],
  learnerObjectives: ['Acknowledge what the kitchen has built', 'Say what your role covers'],
  openingLine: "So you're the new manager. Are you here to change my menu?",
});

const ALLOWANCE = scenario({
  id: 'test-water-bill',
  title: 'A water bill after a year of estimates',
  description: 'A tenant has a catch-up water bill after a year of estimated readings.',
  category: 'customer-service',
  userRole: 'Billing adviser',
  aiRole: 'Tenant with a large water bill',
  persona: {
    name: 'Gwen',
    background: 'Gwen is a part-time care worker who budgets every week.',
    personality: 'Worried but polite.',
    speakingStyle: 'Plain.',
  },
  personaGoals: ['Understand the bill', 'Keep the monthly payment low'],
  holdsFirmOn: ["Won't agree to any plan over £15 a month extra"],
  learnerObjectives: ['Explain the bill', 'Offer a plan she can afford'],
  openingLine: "I've had a water bill for £390 and I don't understand it.",
});

describe('a firm position is held against a push for what it refuses', () => {
  it.each(['friendly', 'neutral', 'tough'] as const)(
    "'No plans to change the menu' rules out what it refuses: no stance restated (%s)",
    (tone) => {
      for (const reply of replies(KITCHEN, tone, ["I've got no plans to change the menu, honestly."]))
        expect(reply).not.toMatch(/won't accept any changes|position hasn't changed/i);
    },
  );

  it("'Can we change two dishes on the menu?' still meets the stance", () => {
    const all = replies(KITCHEN, 'tough', ["I'd like to change two dishes on the menu next week."]);
    expect(all.some((r) => /changes to the menu|not without|position/i.test(r))).toBe(true);
  });

  it.each(['neutral', 'tough'] as const)(
    "'twelve months of estimated readings' comes nowhere near '£15 a month' (%s)",
    (tone) => {
      for (const reply of replies(ALLOWANCE, tone, [
        'For the last twelve months your readings were estimated, because nobody could get to the meter.',
      ]))
        expect(reply).not.toMatch(/£15/);
    },
  );
});

describe('an amount read off a record is offered by nobody', () => {
  it.each(['Okay, the invoice on my screen is 690, and I can see why that is a shock.'])('%s', (line) => {
    for (const reply of replies(catalogueScenario('cs-vet-bill-over-estimate'), 'neutral', [line]))
      expect(reply).not.toMatch(/690 (?:works|it is)|live with 690|\bagreed\b/i);
  });
});

describe('sympathy and promises, heard for what comes with them', () => {
  it('sympathy with its explanation is not "saying so doesn\'t change the facts"', () => {
    for (const reply of replies(KITCHEN, 'tough', [
      "I know you're allowed to park there, I checked the council rules as well, I'm not saying you've broken any rule.",
    ]))
      expect(reply).not.toMatch(/saying so doesn't change|more than sympathy/i);
  });

  it.each([
    "I'll repaint the fence panel myself and split the cost of the wood with you.",
    'If the van ever has to sit there, just knock and I will shift my bike out of the way.',
  ])('a promise that names its deed is no "words are cheap": %s', (line) => {
    for (const reply of replies(KITCHEN, 'tough', [line])) expect(reply).not.toMatch(/words are cheap/i);
  });

  it('"I\'ll look into it" is still pressed for specifics', () => {
    const all = replies(KITCHEN, 'tough', ["I'll look into it."]);
    expect(
      all.some((r) =>
        /specifics|when, exactly|in writing|who is responsible|believe it|mean|detail/i.test(r),
      ),
    ).toBe(true);
  });
});

const OWN: ScenarioDefinition = scenario({
  id: 'custom-00000000-0000-0000-0000-000000000042',
  title: 'Asking for Fridays at home',
  description:
    'I want to ask my manager, Rosa, if I can work from home on Fridays for a few months because of things at home.',
  category: 'setting-boundaries',
  userRole: 'Support engineer',
  aiRole: 'My manager',
  persona: { name: 'Rosa', background: 'My manager.', personality: 'Fair.', speakingStyle: 'Plain.' },
  personaGoals: ['Understand exactly what is being asked and why', 'Hear what the other person suggests'],
  holdsFirmOn: ['Will ask for concrete details and a clear reason before they agree to anything.'],
  learnerObjectives: ['Say clearly what you need and why', 'Agree a trial'],
  openingLine: 'Thanks for making the time. You wanted to talk — what is on your mind?',
});

describe('in an own scenario, the listener is the learner’s own person', () => {
  it.each(['friendly', 'neutral'] as const)(
    'news of an illness in the family is met with sorrow (%s)',
    (tone) => {
      const [reply] = play(OWN, tone, [
        "My mum's had a stroke and she's in hospital in Cardiff. I'd like to work from home on Fridays so I can drive down.",
      ]);
      expect(reply).toMatch(/\bsorry\b/i);
      expect(reply).not.toMatch(/why does this matter/i);
    },
  );

  it('news told before the ask, in the same breath, is why: not "why does this matter so much?"', () => {
    for (const reply of replies(OWN, 'neutral', [
      "My partner's just started night shifts at the depot, so there's nobody to do the school run. I'd like Fridays at home until Easter.",
    ]))
      expect(reply).not.toMatch(/why does this matter/i);
  });

  it('nerves and manners only: the question again, patiently, and no "what are you asking me for"', () => {
    for (const reply of replies(OWN, 'neutral', [
      "Thanks for fitting me in. I'm really rather nervous, I've never asked for anything like this before.",
    ])) {
      expect(reply).not.toMatch(/what exactly are you asking|what would you suggest/i);
      expect(reply).toMatch(/on your mind|take your time|whenever|ready/i);
    }
  });
});

describe('who the persona is, in its own words', () => {
  it('"a driver who has lived here for thirty years" is a driver, not "I\'ve been a driver"', () => {
    const profile = personaProfile(
      scenario({
        persona: {
          name: 'Stan',
          background:
            'A retired bus driver who has lived on the street for thirty years, mostly for the quiet.',
          personality: 'Gruff.',
          speakingStyle: 'Short.',
        },
      }),
    );
    const said = profile.facts.map((f) => f.statement).join(' ');
    expect(said).toMatch(/\bI'm a retired bus driver\b/);
    expect(said).not.toMatch(/I've been a retired/);
  });
});

const OWN_DECLINE: ScenarioDefinition = {
  ...OWN,
  id: 'custom-00000000-0000-0000-0000-000000000043',
  title: 'Not running the half marathon with Tom',
  description:
    'My brother Tom signed us both up for a half marathon in April. My knee has been bad all winter and I want to tell him I am pulling out without letting him down.',
  userRole: 'Younger brother',
  aiRole: 'Tom, my older brother',
  persona: { name: 'Tom', background: 'My older brother.', personality: 'Keen.', speakingStyle: 'Plain.' },
};

describe('in an own scenario, what the learner tells is heard as told', () => {
  it('"I don\'t think I can do it" is news, not an opinion argued with', () => {
    for (const reply of replies(OWN_DECLINE, 'friendly', [
      "Tom, I've been going back and forth on this. My knee's been swollen since January and the physio says no long runs till summer.",
      "So I don't think I can do the half with you. I'm gutted, honestly.",
    ]))
      expect(reply).not.toMatch(/not so sure about that|I don't agree|I see it differently/i);
  });

  it('"I cried a bit" and "I was a bit nervous" tell a feeling, and ask for no specifics', () => {
    for (const reply of replies(OWN_DECLINE, 'neutral', [
      'When you sent the entry confirmation I cried a bit, to be honest.',
    ]))
      expect(reply).not.toMatch(/'a bit'|what does that look like/i);
  });

  it('"I could pace you on your long runs if you\'d like?" offers, and is taken up or weighed', () => {
    for (const reply of replies(OWN_DECLINE, 'friendly', [
      "My knee won't manage 13 miles, so I'm pulling out.",
      "I could still cycle next to you on your long Sunday runs if you'd like?",
    ]))
      expect(reply).not.toMatch(/good question|not sure, to be honest|what would that mean for me/i);
  });

  it('thanks, nerves and a story begun: no "what exactly are you asking me for?"', () => {
    for (const lines of [
      ['Thanks for coming over, I really appreciate it.'],
      [
        "Thanks for coming over. I know you've been training hard and I've watched you do every single session since November.",
      ],
    ])
      for (const reply of replies(OWN_DECLINE, 'neutral', lines))
        expect(reply).not.toMatch(/what exactly are you asking/i);
  });

  it('"I want to be honest with you about something" announces, and asks for nothing yet', () => {
    for (const reply of replies(OWN_DECLINE, 'neutral', ['I want to be honest with you about something.']))
      expect(reply).not.toMatch(/why does this matter|what would that mean for me/i);
  });

  it('a situation told with its figures is why: "I leave at 6" is not met by "why does this matter?"', () => {
    for (const reply of replies(OWN_DECLINE, 'neutral', [
      'i run before work at 6 most days and three times this month i had to stop after two miles',
      'is there any way we could switch to the 10k in june?',
    ]))
      expect(reply).not.toMatch(/why does this matter/i);
  });
});

describe('a demand for a real apology is met by one', () => {
  it.each(['neutral', 'tough'] as const)(
    'an apology that names what happened is not refused (%s)',
    (tone) => {
      for (const reply of replies(catalogueScenario('cm-viral-video-restaurant'), tone, [
        "I'm so sorry. You were kept waiting 90 minutes, your parents' meals came out cold, and a server was rude to you on their anniversary. It should never have happened.",
      ]))
        expect(reply).not.toMatch(
          /not moving|position hasn't changed|won't budge|apology for what actually happened/i,
        );
    },
  );
});

describe('a sum said in the talk’s own shorthand', () => {
  it.each([
    "Thanks so much! Honestly I'd been hoping for more like fifty-seven.",
    "That's lovely news. I was thinking somewhere nearer 57 though.",
  ])('"fifty-seven" after "fifty-two thousand" is a sum, heard and weighed: %s', (line) => {
    for (const reply of replies(catalogueScenario('sn-first-offer-ask-for-more'), 'neutral', [line]))
      expect(reply).toMatch(/fifty-seven|\b57\b/i);
  });
});

import type { ChatTone, ScenarioDefinition } from '@parley/contracts';
import { loadScenarios } from '../__fixtures__/catalogue';
import {
  conversationsOverSeeds,
  lastRepliesOverSeeds,
  variantOf,
  ownScenarioOf,
} from '../__fixtures__/conversation';
import { SERVICE_LATE_GIFT } from '../__fixtures__/scenarios';
import { draftScenario } from '../scenario/draft-scenario';
import { extractFigures } from '../text/figures';
import { analyseMessage } from './message-analysis';

/*
 * Lines written for this test, in voices of their own: what a question really asks (the damage, not a
 * yes or no to "anything else?"; feelings about a move, not "how are you"), what a line really does
 * (understanding granted only to blame; an order to "get lost" against a parcel that got lost), who
 * answers to whom, and what the learner's own account says the other person holds.
 */

const CATALOGUE = loadScenarios();

const scenario = (over: Partial<ScenarioDefinition>): ScenarioDefinition =>
  variantOf(SERVICE_LATE_GIFT, over);

/** Every reply the partner could give to the learner's last line, over a spread of seeds. */
const replies = lastRepliesOverSeeds;

/** Every reply of the conversation, over a spread of seeds. */
const everyReply = (def: ScenarioDefinition, tone: ChatTone, lines: string[]): string[] =>
  conversationsOverSeeds(def, tone, lines).flat();

/** An own scenario as the sessions service builds it from the learner's fields and the draft. */
const ownScenario = (fields: { title: string; description: string; userRole: string; aiRole: string }) =>
  ownScenarioOf(SERVICE_LATE_GIFT, fields, { id: 'custom-asked-and-told', name: 'Dev' });

const BIKE = scenario({
  id: 'test-bike-bent-wheel',
  title: 'The bike that arrived bent',
  description: 'A customer’s new road bike arrived with a bent front wheel and a scratched frame.',
  category: 'customer-service',
  userRole: 'Support agent at an online bike shop',
  aiRole: 'Customer whose bike arrived damaged',
  persona: {
    name: 'Joanna Kessler',
    background:
      'Joanna is a nurse who saved for the bike for a year. The courier left the box on its side in the rain, and the front wheel is bent and the frame scratched.',
    personality: 'Tired and disappointed rather than angry.',
    speakingStyle: 'Direct.',
  },
  personaGoals: ['Get a bike that is not damaged before the charity ride', 'Not pay for the return'],
  holdsFirmOn: ['Will not accept a discount on a damaged bike'],
  learnerObjectives: ['Acknowledge the disappointment', 'Offer a concrete remedy with a date'],
  openingLine:
    'I opened the box this morning and the wheel is bent. I have been waiting a year for this bike.',
});

describe('what a question asks', () => {
  it('answers "what exactly is damaged?" with the damage, whatever trails it', () => {
    for (const reply of replies(BIKE, 'neutral', [
      "I'm so sorry, Joanna. Could you walk me through it — what exactly is damaged? And anything else?",
    ]))
      expect(reply).toMatch(/\b(?:bent|scratched)\b/);
  });

  it('reads "how are you feeling about the move?" as asking for a view, not small talk', () => {
    const lines = ['How are you feeling about the move to the new site, honestly?'];
    for (const reply of replies(BIKE, 'friendly', lines))
      expect(reply).not.toMatch(/\b(?:I'm well|Busy, but good|thanks for asking)\b/i);
    expect(analyseMessage('How are you feeling about the new rota?').question?.kind).toBe('opinion');
    expect(analyseMessage('Hi Sam, how are you feeling today?').question?.kind).toBe('wellbeing');
  });

  it('takes "have ye got a minute?" as asking for time, however it is spelt', () => {
    const own = ownScenario({
      title: 'The shed my neighbour built on my side',
      description: 'My neighbour Dev built his shed a foot over the boundary onto my garden.',
      userRole: 'Neighbour',
      aiRole: 'Dev, my neighbour',
    });
    for (const reply of replies(own, 'neutral', ["Dev, have ye got a minute? It's about the shed."]))
      expect(reply).not.toMatch(/\bnot sure\b/i);
  });
});

describe('what a line does', () => {
  it('hears a parcel that "got lost" as a question, and "get lost" as abuse', () => {
    expect(analyseMessage('Do parcels ever get lost between the depot and the shop?').hostility).toBe(0);
    expect(analyseMessage('Things come in and get lost in the post room.').hostility).toBe(0);
    expect(analyseMessage('Oh just get lost.').hostility).toBe(2);
    expect(analyseMessage('Get lost, I am done with you.').hostility).toBe(2);
  });

  it('reads understanding granted only to blame as the blame, not sympathy', () => {
    expect(
      analyseMessage("I know you're stretched this month, but you left the van unlocked twice.").empathy,
    ).toBe(false);
    expect(analyseMessage("I know you've had a rough month, and that must be hard.").empathy).toBe(true);
    expect(analyseMessage('I understand it is tight, but we can move the date to June.').empathy).toBe(true);
  });

  it('takes "I just want to understand how that happened" as a question', () => {
    const question = analyseMessage(
      "I'm not blaming anyone, I just want to understand how that happened before the audit.",
    ).question;
    expect(question).not.toBeNull();
  });

  it('hears something "on my mind" as news announced, and lets the learner say it', () => {
    for (const reply of replies(BIKE, 'neutral', [
      "Thanks for calling back. There's something that's been on my mind since Tuesday, if that's alright.",
    ]))
      expect(reply).not.toMatch(/\?$/);
  });
});

describe('who answers to whom', () => {
  const NEW_STARTER = scenario({
    id: 'test-new-starter-tills',
    title: 'The tills left open',
    description: 'A new starter on your shift left two tills unlocked at closing.',
    category: 'giving-feedback',
    userRole: 'Shift manager at a garden centre',
    aiRole: 'New sales assistant on your shift',
    persona: {
      name: 'Rory',
      background: 'Rory is nineteen and in his second week.',
      personality: 'Eager, a little anxious.',
      speakingStyle: 'Short sentences.',
    },
    personaGoals: ['Keep the job', 'Know what is expected at closing'],
    holdsFirmOn: ['Will not admit he was on his phone at closing'],
    learnerObjectives: ['Say what happened without blame', 'Agree a closing routine'],
    openingLine: 'Hi, you wanted a word? Is it about last night?',
  });

  it('takes a plain instruction from the one it reports to', () => {
    const lines = [
      'Yeah, about last night. Two tills were left unlocked at close.',
      'From now on, lock each till and tick it on the sheet before you leave, okay?',
    ];
    for (const reply of replies(NEW_STARTER, 'neutral', lines))
      expect(reply).not.toMatch(/\b(?:possibly|tell me more|maybe)\b/i);
  });

  it('does not ask the one it reports to how long it has been bothering them', () => {
    const lines = [
      'Two tills were left unlocked at close on Friday.',
      'The float was still in one of them overnight.',
      'It could have gone badly.',
      'Anyone could have walked in.',
      'The alarm code was on a post-it too.',
      'I had to explain it to the area manager.',
    ];
    for (const reply of everyReply(NEW_STARTER, 'neutral', lines))
      expect(reply).not.toMatch(/bothering you/i);
  });
});

describe('what the learner’s own account says', () => {
  const SISTER = {
    title: "My sister won't chip in for Dad's carer",
    description:
      "Dad needs a carer three mornings a week. My sister Priti says she can't afford to chip in, but she's just booked a holiday. I want us to split it.",
    userRole: 'Daughter',
    aiRole: 'Priti, my sister',
  };

  it('drafts what the other person says as what they hold, in the account’s own words', () => {
    const draft = draftScenario(SISTER, CATALOGUE);
    expect(draft.holdsFirmOn).toContain("Argues that she can't afford to chip in.");
    const plain = draftScenario(
      { ...SISTER, description: 'Dad needs a carer three mornings a week and I want us to split it.' },
      CATALOGUE,
    );
    expect(plain.holdsFirmOn.some((l) => /^Argues\b/.test(l))).toBe(false);
  });

  it('reads a promise the other person made as told, not as a view they argue', () => {
    const draft = draftScenario(
      {
        ...SISTER,
        description:
          'In March I lent my cousin Femi 300 pounds for a course. He said he would pay it back by summer. I want a date.',
      },
      CATALOGUE,
    );
    expect(draft.holdsFirmOn.some((l) => /^Argues\b/.test(l))).toBe(false);
  });

  it('turns the learner’s own words in the account to "you"', () => {
    const draft = draftScenario(
      {
        ...SISTER,
        description: 'My brother insists I never told him about the vet bill. I want him to pay half.',
      },
      CATALOGUE,
    );
    expect(draft.holdsFirmOn).toContain('Argues that you never told him about the vet bill.');
  });

  it('gives that side once the learner has said what they want, and never as a position "unchanged"', () => {
    const own = ownScenario(SISTER);
    const told = replies(own, 'neutral', [
      'Hi Priti. It’s about Dad’s carer.',
      "It's 180 pounds a week. I've been paying all of it since March and I'd like us to split it.",
    ]);
    expect(told.some((r) => /\bI can(?:'|no)t afford to chip in\b/i.test(r))).toBe(true);
    for (const reply of told) expect(reply).not.toMatch(/hasn't changed/);
  });
});

describe('amounts and choices', () => {
  it('reads a bare figure followed by a currency word as money in that currency', () => {
    const [cover] = extractFigures('The warranty pays up to 1500 dollars per claim.');
    expect(cover).toMatchObject({ kind: 'money', value: 1500, currency: '$' });
    expect(extractFigures('She still owes me 300 quid.')[0]).toMatchObject({ kind: 'money', currency: '£' });
    expect(extractFigures('We paid seventy euros for it.')[0]).toMatchObject({
      kind: 'money',
      currency: '€',
    });
    expect(extractFigures('In 2019 we moved to Leeds.')[0]).toMatchObject({ kind: 'date' });
  });

  it('answers a choice put as what each side can do with one of them', () => {
    const lines = [
      'A technician can true the wheel and touch up the frame, or we can send you a brand new bike. Which would you prefer?',
    ];
    for (const reply of replies(BIKE, 'neutral', lines))
      expect(reply).toMatch(/\b(?:the technician|a brand new bike)\b/i);
  });
});

describe('a word that is not what it seems', () => {
  it('reads "this one" and "the blue one" as things, and "one night" as a count', () => {
    expect(extractFigures("Try this one. This one's firmer.").some((f) => f.value === 1)).toBe(false);
    expect(extractFigures('I prefer the blue one, honestly.').some((f) => f.value === 1)).toBe(false);
    expect(extractFigures('One of them is broken.').some((f) => f.value === 1)).toBe(false);
    expect(extractFigures('We can offer one night free.').some((f) => f.value === 1)).toBe(true);
  });

  it('hears a belief reported, or a step back decided, as no promise', () => {
    expect(analyseMessage('I know you think I could run the team one day.').commitment).toBe(false);
    expect(analyseMessage("I'm going to quit the choir after the spring concert.").commitment).toBe(false);
    expect(analyseMessage("I'll send you the figures by Thursday.").commitment).toBe(true);
  });

  it('hears a feeling said with a rising tone as said, not asked', () => {
    expect(
      analyseMessage("and honestly it just makes me feel like I'm an afterthought? dunno").question,
    ).toBeNull();
    expect(analyseMessage('Do you feel like I am an afterthought?').question).not.toBeNull();
  });

  it('lets the learner be honest when they ask to be', () => {
    for (const reply of replies(BIKE, 'friendly', [
      'this is a bit awkward but could I be straight with you about something',
    ]))
      expect(reply).not.toMatch(/\?$/);
  });
});

describe('who the persona is', () => {
  const SHOPPER = scenario({
    id: 'test-sofa-shopper',
    title: 'The sofa shopper',
    description: 'A shopper has come into the showroom for a sofa after a bad experience elsewhere.',
    category: 'sales',
    userRole: 'Sales associate at a furniture showroom',
    aiRole: 'Shopper who was burned by a cheap sofa',
    persona: {
      name: 'Hal',
      background: 'Hal bought a sofa online that sagged within a year.',
      personality: 'Wary.',
      speakingStyle: 'Dry.',
    },
    personaGoals: ['Find out the total cost including delivery', 'Know what happens if it sags again'],
    holdsFirmOn: ["Won't pay for the extended warranty"],
    learnerObjectives: ['Find out what went wrong last time', 'Offer a trial'],
    openingLine: "I'm only looking. The last sofa I bought fell apart in a year.",
  });

  it('a shopper asks for themselves, not for an "us" or a boss', () => {
    const lines = [
      'Hi there, no rush at all.',
      'This is our best seller.',
      'It is made in Wales.',
      'It comes in four colours.',
    ];
    for (const reply of replies(SHOPPER, 'tough', lines))
      expect(reply).not.toMatch(/\b(?:us|our|my boss)\b/i);
  });

  it('a friend closes as a friend, and after saying yes closes satisfied', () => {
    const FRIEND = scenario({
      id: 'test-friend-always-late',
      title: 'The friend who is always late',
      description: 'Your friend is late to every plan you make.',
      category: 'setting-boundaries',
      userRole: 'Friend',
      aiRole: 'Your friend from university',
      persona: {
        name: 'Mo',
        background: 'Mo is always running late.',
        personality: 'Warm.',
        speakingStyle: 'Chatty.',
      },
      personaGoals: ['Keep the friendship', 'Not feel told off'],
      holdsFirmOn: ['Will not promise to never be late'],
      learnerObjectives: ['Say how it feels', 'Agree one change'],
      openingLine: 'Hey you! Sorry, traffic was mad.',
    });
    const lines = [
      'You were 40 minutes late on Saturday and I waited outside the cinema.',
      "Maybe we could meet inside next time, so I'm not standing in the cold?",
      'Great. Love you, bye, see you Friday!',
    ];
    for (const reply of everyReply(FRIEND, 'friendly', lines)) {
      expect(reply).not.toMatch(/\byour time\b/i);
      expect(reply).not.toMatch(/\bdon't love it\b/i);
    }
  });

  it('an interviewer asked what the work is like talks about the work, not about themselves', () => {
    const INTERVIEW = scenario({
      id: 'test-lab-interview',
      title: 'Lab technician interview',
      description: 'A first interview for a lab technician post.',
      category: 'job-interviews',
      userRole: 'Candidate',
      aiRole: 'Lab manager interviewing for a technician',
      persona: {
        name: 'Dr Ines Moreau',
        background: 'Ines manages a lab of twelve at a university hospital.',
        personality: 'Precise.',
        speakingStyle: 'Formal.',
      },
      personaGoals: ['Check the candidate can follow protocols', 'Hear an example of careful work'],
      holdsFirmOn: ['Will not hire anyone who skips safety steps'],
      learnerObjectives: ['Give an example', 'Ask about the role'],
      openingLine: 'Good morning. Tell me about yourself.',
    });
    for (const reply of replies(INTERVIEW, 'neutral', [
      'Could you tell me what a normal day looks like for a technician on your team?',
    ]))
      expect(reply).not.toMatch(/\b(?:I manage a lab|not sure)\b/i);
  });
});

describe('what brings you here', () => {
  const MIXER = scenario({
    id: 'test-trade-fair-stand',
    title: 'Coffee at the trade fair',
    description: 'You meet a designer by the coffee stand at a furniture trade fair.',
    category: 'networking',
    userRole: 'Furniture maker',
    aiRole: 'Lighting designer at the fair',
    persona: {
      name: 'Aiko',
      background: 'Aiko designs lamps for hotels. She is at the fair to find a maker for a new range.',
      personality: 'Reserved.',
      speakingStyle: 'Quiet.',
    },
    personaGoals: ['Enjoy a short chat', 'Learn who makes good oak furniture'],
    holdsFirmOn: ['Will not hand out her card unless the talk is worthwhile'],
    learnerObjectives: ['Ask open questions', 'Agree a follow-up'],
    openingLine: 'Is this queue for the coffee?',
  });

  it('is answered with what the persona came for, never with a limit of theirs', () => {
    for (const reply of replies(MIXER, 'neutral', ['It is! So what brings you to the fair?'])) {
      expect(reply).not.toMatch(/\bcard\b/i);
      expect(reply).not.toMatch(/\bnot sure\b/i);
    }
  });
});

describe('small words, read right', () => {
  it('hears "…or whatever" as a trailing off, and a bare "whatever" as a shrug at them', () => {
    expect(analyseMessage('It might be the washing, or the bus, or whatever.').hostility).toBe(0);
    expect(analyseMessage('Whatever. Just fix it.').hostility).toBe(1);
  });

  it('lets the learner ask a few questions without naming "the couple" or "the bit" as a topic', () => {
    for (const reply of replies(BIKE, 'neutral', ['Before we start, can I ask a couple of quick questions?']))
      expect(reply).not.toMatch(/\bthe (?:couple|bit|few)\b/i);
  });

  it('says "love you" back to someone close', () => {
    const own = ownScenario({
      title: 'Telling my dad I am moving to Canada',
      description: 'I got a job in Calgary and I leave in April. Dad will miss the grandkids.',
      userRole: 'Daughter',
      aiRole: 'My dad',
    });
    const lines = [
      'Dad, I got the job in Calgary. We leave in April.',
      "Love you, Dad. I'll call you Sunday.",
    ];
    for (const reply of replies(own, 'friendly', lines)) expect(reply).toMatch(/\blove you too\b/i);
  });

  it('takes news of a decision as news, not as an offer to weigh', () => {
    const own = ownScenario({
      title: 'Telling my aunt I am not coming to the wedding',
      description: 'My cousin is getting married in Lagos in May and I cannot travel because of my visa.',
      userRole: 'Niece',
      aiRole: 'My aunt',
    });
    const lines = [
      "Aunty, I'm not going to make it to the wedding. My visa won't come through in time and we want to save for next year.",
    ];
    for (const reply of replies(own, 'neutral', lines))
      expect(reply).not.toMatch(/\bday to day\b|\bin practice\b/i);
  });
});

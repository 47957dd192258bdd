import { catalogueScenario, play } from '../__fixtures__/conversation';
import { ASKS_FOR_ASK } from './phrasing';

/**
 * From a reading of fresh conversations: the partner takes one of the options it is offered, does not ask
 * for what the learner has just asked, takes no bill read out to it for an offer, and ends the talk when
 * the learner settles on what it has just said yes to.
 */

describe('a choice offered to the partner', () => {
  it.each([
    [
      'Would you rather have a refund or a credit on your account?',
      /^(?:a refund|a credit on my account)\b/i,
    ],
    [
      'Do you want to stop it today or at the end of the month?',
      /^(?:stop it today|at the end of the month)\b/i,
    ],
    [
      'Would weekday mornings or Saturday afternoons be easier?',
      /^(?:weekday mornings|saturday afternoons)\b/i,
    ],
  ])('%s is answered with one of its options', (asked, option) => {
    for (const tone of ['friendly', 'neutral', 'tough'] as const) {
      const [, reply] = play(catalogueScenario('cs-cancelling-after-eleven-years'), tone, [
        'Good morning, I can help you with that.',
        asked,
      ]);
      expect(reply).toMatch(option);
    }
  });

  it('"Which would you prefer?" takes one of the two offers just made', () => {
    const replies = play(catalogueScenario('cm-stranded-at-gate-14'), 'neutral', [
      "I'm the duty manager. I'm sorry, you've waited a long time without a straight answer.",
      'I can book you on the first flight tomorrow morning, with a hotel tonight on us.',
      "Or there's a seat with our partner airline tonight, with a change on the way.",
      'Which would you prefer?',
    ]);
    expect(replies[3]).toMatch(/^(?:tomorrow morning|tonight)\b/i);
  });

  it('"…or not?" is still a yes-or-no question, and options said from the learner\'s side are not echoed', () => {
    const [, first] = play(catalogueScenario('cs-cancelling-after-eleven-years'), 'neutral', [
      'Good morning, I can help you with that.',
      'Do you want me to call you back or email you?',
    ]);
    expect(first).not.toMatch(/^(?:me to call you back|email you)\b/i);
  });
});

describe('what the learner has already said', () => {
  it('a stated ask is not met with "what are you asking for?" or "what would you suggest?"', () => {
    const replies = play(catalogueScenario('ec-budget-ask-during-freeze'), 'neutral', [
      "Thanks for seeing me. I'll keep it short.",
      "I'd like to fund two contractors for six months instead of permanent hires.",
      'It would bring back roughly 35k a month we now lose to failed payments.',
    ]);
    for (const reply of replies.slice(1)) expect(reply).not.toMatch(ASKS_FOR_ASK);
  });

  it("a bill read out to the partner is not taken as the learner's offer", () => {
    const [reply] = play(catalogueScenario('cs-vet-bill-over-estimate'), 'neutral', [
      'Right, so the estimate was 450 and the bill in front of me is 760. I can see why that stings.',
    ]);
    expect(reply).not.toMatch(/\b760 (?:works|it is)\b|\bagreed\b/i);
  });

  it('asked when its own side can act, the partner does not answer "yesterday"', () => {
    const replies = play(catalogueScenario('cs-third-call-dishwasher-repair'), 'tough', [
      "I'm sorry, three calls is too many. Let me sort it properly this time.",
      'What day can the technician come out to you?',
    ]);
    expect(replies[1]).not.toMatch(/^(?:yesterday|today\. not next week)/i);
  });

  it('a named topic is heard by name, and a hello is not said twice', () => {
    const [reply] = play(catalogueScenario('cr-three-weeks-of-dishes'), 'friendly', [
      'hey, sorry to grab you when you just got in. its about the bins tbh',
    ]);
    expect(reply).toMatch(/\bthe bins\b/);
    expect(reply).not.toMatch(/\btbh\b/);
    expect(reply).not.toMatch(/^(?:hi|hello|hey)\b/i);
  });

  it('settling on what the partner just said yes to ends the conversation', () => {
    const replies = play(catalogueScenario('cr-three-weeks-of-dishes'), 'friendly', [
      'hey, have you got a sec? its about the kitchen',
      'the sink has been full most of this week and it is getting to me',
      'what if we took turns, you do the weekends and i do weekdays?',
      'cool, ill write it on the whiteboard tonight',
    ]);
    expect(replies[2]).toMatch(/\b(?:i like that|that could work|let'?s do that|open to that)\b/i);
    expect(replies[3]).not.toMatch(/\?/);
    expect(replies[3]).toMatch(/\b(?:leave it there|thanks for your time|talk soon|take care)\b/i);
  });
});

describe('kindness, feelings and promises read as they are meant', () => {
  it('what the learner offers to hand over is taken, and a passive request is promised', () => {
    const replies = play(catalogueScenario('cs-surprise-bill-after-mri'), 'neutral', [
      "Hello, I'm sorry about the bill, let's get to the bottom of it.",
      'I can forward you the insurer letter if you want to see it.',
      'Could the charge be reviewed by our billing team this week?',
      'Could I get the outcome in writing?',
    ]);
    expect(replies[1]).toMatch(/\byes\b/i);
    expect(replies[2]).not.toMatch(/come back to that|get to that/i);
    expect(replies[3]).toMatch(/\bI'll\b|\bI can\b/);
  });

  it('a feeling said plainly, or "whatever time you need", is not taken for rudeness', () => {
    const hurt = play(catalogueScenario('cr-colleague-took-the-credit'), 'neutral', [
      'Yes, it went well. Can I mention something about it?',
      "I'm sure it wasn't on purpose, but I felt a bit invisible in that meeting.",
    ]);
    const kind = play(catalogueScenario('cr-who-takes-mum-to-appointments'), 'friendly', [
      'She is fine. Take whatever time you need to get settled first.',
    ]);
    for (const reply of [...hurt, ...kind])
      expect(reply).not.toMatch(/civil|respectful|not like this|talk to me like that/i);
  });

  it('"Yes" to the persona\'s own "…, isn\'t it?" confirms; it is not agreement to a deal', () => {
    const [reply] = play(catalogueScenario('cm-telling-team-about-grace'), 'neutral', [
      "Yes, it is. I'm so sorry. Please come and sit with me for a minute.",
    ]);
    expect(reply).not.toMatch(/\b(?:that works|settled|glad we agree)\b/i);
  });

  it('asked how it is in a crisis, the persona is not "well, thanks"', () => {
    const [, reply] = play(catalogueScenario('cm-stranded-at-gate-14'), 'friendly', [
      "I'm the duty manager, and I'm sorry about today.",
      'How are you holding up?',
    ]);
    expect(reply).not.toMatch(/\b(?:I'm well|busy, but good)\b/i);
  });

  it('a tough persona told when and how much does not ask for specifics', () => {
    const replies = play(catalogueScenario('cs-third-call-dishwasher-repair'), 'tough', [
      "You're right, and I'm sorry. I have the whole history open here.",
      "I've booked the senior engineer for Monday, 8 to 10, the first visit of the day.",
    ]);
    expect(replies[1]).not.toMatch(/need specifics|when, exactly/i);
  });
});

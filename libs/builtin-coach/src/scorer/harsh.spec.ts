import { lineFeatures } from './line-features';
import { scoreTranscript } from './score-transcript';

/* Sentences with sad or negative words that are kind, not harsh (written for this test, not taken from any script). */
const KIND = [
  "I'm sorry your daughter didn't get it in time for the party.",
  "That sounds really draining, and I'm sorry it went unnoticed for so long.",
  'I might be missing something here, so how did you see it?',
  'Losing two orders in one week must have been awful for you.',
  "It's a horrible feeling when you've worked hard and nobody noticed.",
];

describe('harsh lines', () => {
  it.each(KIND)('does not call a kind line harsh: %s', (line) => {
    expect(lineFeatures(0, line, undefined).harsh).toEqual([]);
  });

  it('does not score sympathy as harsh or give it no empathy', () => {
    const f = scoreTranscript([
      { sender: 'ai', content: 'Honestly, nobody even noticed I stayed late all month.' },
      { sender: 'user', content: KIND[1]! },
    ]);
    expect(f.weaknesses.join(' ')).not.toMatch(/harsh/);
    expect(f.empathy).toBeGreaterThan(0);
  });

  it('still calls an attack on the other person harsh or dismissive', () => {
    const f = lineFeatures(0, "You're useless and you've ruined this whole project for everyone.", undefined);
    expect(f.harsh.length + f.dismissive.length + f.blame.length).toBeGreaterThan(0);
  });
});

describe('claims read from an own scenario played through', () => {
  it('does not call a refund offered in the learner’s favour blame', () => {
    const f = lineFeatures(
      0,
      "I won't offer you a voucher instead; you should have your money back.",
      undefined,
    );
    expect(f.blame).toEqual([]);
    expect(lineFeatures(0, 'You should have told me on Monday.', undefined).blame.length).toBe(1);
  });

  it('meets "Apologise without excuses" with a plain apology, whatever its other words', () => {
    const scenario = {
      id: 'own-test',
      title: 'Wrong order',
      description: 'I run a shop and sent the wrong order to a customer.',
      category: 'customer-service' as const,
      difficulty: 'Beginner' as const,
      timeEstimate: '5-10 min',
      tags: ['custom', 'practice'],
      premium: false,
      userRole: 'Shop owner',
      aiRole: 'My customer',
      persona: { name: 'Ana', background: 'A customer.', personality: 'Upset.', speakingStyle: 'Direct.' },
      personaGoals: ['Get an apology', 'Get a refund'],
      holdsFirmOn: ['No vouchers'],
      learnerObjectives: ['Apologise without excuses', 'Offer a concrete refund'],
      strongResponses: ['Apologises', 'Refunds'],
      openingLine: 'My order was wrong.',
    };
    const f = scoreTranscript(
      [
        { sender: 'ai', content: scenario.openingLine },
        {
          sender: 'user',
          content: "I'm so sorry, we packed the wrong boxes and that was our mistake entirely.",
        },
      ],
      scenario,
    );
    expect(f.objectives?.[0]?.met).toBe(true);
  });
});

describe('a dismissal denied', () => {
  it.each([
    "It's not that I don't care about you, I just can't lend it again.",
    "That doesn't mean I don't care.",
  ])('"%s" is not dismissive, and no rewrite turns it round', (line) => {
    const f = scoreTranscript([
      { sender: 'ai', content: 'Go on.' },
      { sender: 'user', content: line },
    ]);
    expect([...f.weaknesses, ...f.suggestions].join(' ')).not.toMatch(/Dismissive|less concerned/);
  });
});

/* Lines written for this test: kind lines that carry words a harsh line also uses. */
describe('what they were owed, how much it matters, how long', () => {
  it.each([
    'You should have been called before anyone touched your car, and that did not happen.',
    'Honestly you should have had a proper handover, that one is on me.',
    'You should have received the refund last week; I am sorry it is late.',
  ])('does not call what they were owed blame: %s', (line) => {
    expect(lineFeatures(0, line, undefined).blame).toEqual([]);
  });

  it.each([
    'You should have checked the tyres before you left.',
    'You should have been more careful with the keys.',
  ])('still calls a deed they failed to do blame: %s', (line) => {
    expect(lineFeatures(0, line, undefined).blame.length).toBeGreaterThan(0);
  });

  it.each([
    'I realise this move is a big deal for you and the kids.',
    "I know the reunion is a big deal to your dad, so I'm telling you early.",
  ])('does not call granting how much it matters dismissive: %s', (line) => {
    expect(lineFeatures(0, line, undefined).dismissive).toEqual([]);
  });

  it.each(["Relax, it isn't a big deal.", 'Why are you making such a big deal of one late invoice?'])(
    'still calls waving it away dismissive: %s',
    (line) => {
      expect(lineFeatures(0, line, undefined).dismissive.length).toBeGreaterThan(0);
    },
  );

  it.each([
    "We've shared this kitchen since I started here.",
    'The invoice has been open since we moved offices.',
    'Ever since you joined the rota has run smoothly.',
  ])('does not take "since" telling how long for a reason: %s', (line) => {
    expect(lineFeatures(0, line, undefined).reasons).toEqual([]);
  });

  it('still takes a causal "since" for a reason', () => {
    expect(
      lineFeatures(0, "Since you're the one on call, you decide.", undefined).reasons.length,
    ).toBeGreaterThan(0);
  });
});

describe('a name said to the person spoken to', () => {
  it.each([
    'Hi Marguerite, thanks for calling back.',
    'Sorry, Deepak, I should have rung sooner.',
    'That works for me, Tomás.',
  ])('is an address, not a detail: %s', (line) => {
    expect(lineFeatures(0, line, undefined).specifics).toEqual([]);
  });

  it('still counts a person named in what is said', () => {
    expect(lineFeatures(0, 'I asked Marguerite to cover the Friday shift.', undefined).specifics).toContain(
      'Marguerite',
    );
  });
});

import { SALARY_FIRST_OFFER } from '../__fixtures__/scenarios';
import { scoreTranscript } from './score-transcript';

/**
 * From a reading of fresh conversations: impatience is no giving in, an objective is met in the learner's
 * own words, a negated feeling expresses nothing, and "spoke plainly" shows the line with most in it.
 */

type Line = { sender: 'user' | 'ai'; content: string };
const talk = (...learner: string[]): Line[] =>
  learner.flatMap((content) => [
    { sender: 'ai' as const, content: 'Go on.' },
    { sender: 'user' as const, content },
  ]);
const metBy = (objective: string, ...learner: string[]): string | null => {
  const f = scoreTranscript(talk(...learner), { ...SALARY_FIRST_OFFER, learnerObjectives: [objective] });
  const o = f.objectives?.[0];
  return o?.met ? (o.line ?? null) : null;
};

describe('giving ground', () => {
  it.each(['ok whatever, just tell me yes or no', 'fine, whatever, just send me the number'])(
    '"%s" is impatience, not giving in',
    (line) => {
      const f = scoreTranscript(talk('Would 57,000 be possible?', line), SALARY_FIRST_OFFER);
      expect(f.weaknesses.join(' ')).not.toMatch(/gave ground/);
    },
  );

  it.each(['Fine, whatever.', 'ok whatever then', 'Okay, whatever, you win.'])('"%s" gives in', (line) => {
    const f = scoreTranscript(talk('Would 57,000 be possible?', line), SALARY_FIRST_OFFER);
    expect([...f.weaknesses, ...f.suggestions].join(' ')).toMatch(/gave ground|Before conceding/);
  });
});

describe('how the learner will speak is no offer', () => {
  it('"I\'ll be honest with you about the policy" does not meet an objective to offer something', () => {
    const objective = 'Offer a goodwill gesture beyond the policy that you can get signed off';
    const manner = "I'll be honest with you about the policy: it only covers the first fourteen days.";
    const offer =
      'What I can do is send a replacement lamp at our cost, once my supervisor signs it off this afternoon.';
    expect(metBy(objective, manner, offer)).toBe(offer);
  });
});

describe('what the learner trades and what they ask for are theirs', () => {
  it.each([
    "I'd drop to four days, and the pay I give up could cover a part-time assistant.",
    'Take the weekend shifts off me and put the overtime I give up toward the new hire.',
  ])('"%s" proposes a trade; it gives no ground', (line) => {
    const f = scoreTranscript(talk(line), SALARY_FIRST_OFFER);
    expect([...f.weaknesses, ...f.suggestions].join(' ')).not.toMatch(/gave ground|Before conceding/);
  });

  it.each(['Okay, I give up, have it your way.', 'honestly i give up. fine.'])(
    '"%s" still gives in',
    (line) => {
      const f = scoreTranscript(talk('Would 57,000 be possible?', line), SALARY_FIRST_OFFER);
      expect([...f.weaknesses, ...f.suggestions].join(' ')).toMatch(/gave ground|Before conceding/);
    },
  );

  it('"Would it be possible to…?" asks for something; it is not praised as asking about their side', () => {
    const f = scoreTranscript(
      talk(
        'Evening, thanks for staying behind, I know you give up a lot of time for the club.',
        'I am not here to pick the team for you. Ella has started on the bench for most of this term and she is losing heart.',
        'What should she be working on, in your view, to get more time on the pitch?',
        'That makes sense, we can practise her passing at the weekend.',
        'Would it be possible to give her the second half on Saturday, so she can show you?',
      ),
      SALARY_FIRST_OFFER,
    );
    expect(f.strengths.join(' ')).not.toMatch(/asked about their side, e\.g\. “Would it/);
  });
});

describe('objectives met in the learner’s own words', () => {
  const ASK = 'Ask for a specific number and give one or two reasons';
  it.each([
    'In my research the range here is 55,000 to 58,000, and I have passed two CPA exams. Would 57,000 work?',
    'Based on what the big four pay graduates in this city, would 57,000 be possible?',
  ])('"%s" asks for a number with a reason', (line) => {
    expect(metBy(ASK, 'Thank you, I am really pleased.', line)).toBe(line);
  });

  it('a line with no figure does not meet it', () => {
    expect(
      metBy(
        ASK,
        'Thank you, I am really pleased.',
        'Could you do a bit better on the salary because of my exams?',
      ),
    ).toBeNull();
  });

  const ENTHUSIASM = 'Express genuine enthusiasm before negotiating';
  it('"I am very happy and I want to join your team" expresses enthusiasm', () => {
    const line = 'Thank you very much for this offer, I am very happy and I want to join your team.';
    expect(metBy(ENTHUSIASM, line)).toBe(line);
  });

  it('"I am not happy with the number" does not', () => {
    expect(metBy(ENTHUSIASM, 'Honestly I am not happy with the number you have offered me.')).toBeNull();
  });
});

describe('the line shown for plain speaking', () => {
  it('is the one with the figure in it, not the opener', () => {
    const f = scoreTranscript(
      talk(
        "There's something I wanted to let you know today.",
        'From January my rate for lessons is going up from 30 to 35 pounds.',
      ),
      SALARY_FIRST_OFFER,
    );
    const plain = f.strengths.find((s) => s.startsWith('You spoke plainly'));
    if (plain) expect(plain).toMatch(/30 to 35 pounds/);
  });
});

describe('questions that find things out', () => {
  const OBJECTIVE = 'Ask open questions to find the real cause';
  it.each(["How's your week going?", 'How are things?', 'Good weekend?'])(
    '"%s" asks after them, not about the matter',
    (pleasantry) => {
      expect(
        metBy(
          OBJECTIVE,
          `Hi Tyler, thanks for coming in. ${pleasantry}`,
          'The report was late again on Friday.',
        ),
      ).toBeNull();
    },
  );

  it('"What has been getting in the way?" does', () => {
    const line = "I'm not here to tell you off. What has been getting in the way?";
    expect(metBy(OBJECTIVE, "Hi Tyler, thanks for coming in. How's your week going?", line)).toBe(line);
  });
});

describe('an apology for the intrusion is manners, not owning a mistake', () => {
  const OWN = 'Acknowledge the mistake on both sides';
  it.each([
    'Sorry to catch you before work, have you got five minutes?',
    'hey, sorry for interrupting, can we talk about the rota',
    "I'm sorry to message so late. Can we sort out the rent tomorrow?",
    'Sorry to ask, but is the flat still free on Saturday?',
    'I apologise for bothering you on a Sunday. The boiler is still broken.',
  ])('"%s" does not meet it', (line) => {
    expect(metBy(OWN, line)).toBeNull();
  });

  it.each([
    "I'm sorry I snapped at you on Friday, and I think we both got it wrong.",
    'Sorry, I should have told you sooner about the deadline.',
    'I am sorry to have let the team down on the launch.',
  ])('"%s" meets it', (line) => {
    expect(metBy(OWN, line)).toBe(line);
  });
});

describe('an objective is met by a line that does what it asks, about what it names', () => {
  const metIn = (title: string, objective: string, ...learner: string[]): string | null => {
    const f = scoreTranscript(talk(...learner), {
      ...SALARY_FIRST_OFFER,
      title,
      learnerObjectives: [objective],
    });
    const o = f.objectives?.[0];
    return o?.met ? (o.line ?? null) : null;
  };

  it('an acknowledgement of something else does not meet "Acknowledge her share of the childcare costs"', () => {
    const objective = 'Acknowledge her share of the childcare costs';
    expect(metBy(objective, "Sorry, it's been a long week and I'm tired today.")).toBeNull();
    const line = 'I know you cover most of the childcare costs every month, and I am grateful for it.';
    expect(metBy(objective, "Sorry, it's been a long week and I'm tired today.", line)).toBe(line);
  });

  it('owning a part is met by the line that takes it on, not by a nervous "sorry"', () => {
    const line = 'The missed deadline was partly my call, I should have flagged the risk earlier.';
    expect(
      metBy('Own your part in the outcome', 'Sorry, bear with me, I am a bit flustered this morning.', line),
    ).toBe(line);
  });

  it.each([
    [
      'Find out whether the delivery schedule changed',
      'Did the delivery schedule change at some point this autumn?',
    ],
    [
      'Ask for the missing £120 back',
      "I'd rather not argue about it, I just want the £120 returned to my card.",
    ],
    ['Set a deadline for the refund', 'Please have the money back in my account by 3 March at the latest.'],
    [
      'Get a firm commitment from her',
      'So will you clip on every single time you go above two metres, from today?',
    ],
  ])('"%s" is met by "%s"', (objective, line) => {
    expect(metBy(objective, line)).toBe(line);
  });

  it('an objective about nothing but the title topic is met by a line about it', () => {
    const line = "I'm honoured, truly, but no, I can't do the speech this year.";
    expect(metIn('Turning down the wedding speech', 'Say no to the speech clearly', line)).toBe(line);
    expect(
      metIn(
        'Turning down the wedding speech',
        'Say no to the speech clearly',
        'Can we talk about the speech at the wedding?',
      ),
    ).toBeNull();
  });
});

describe('the objective’s verb is what the learner does, and its first object what it is about', () => {
  it.each([
    [
      'Leave with a firm start date',
      'Since the old supervisor left, I have covered both night shifts on my own.',
      'Before we finish, could we fix the start date for the new rota, say the 4th?',
    ],
    [
      'Describe the backlog and what it costs the team',
      'I would describe myself as patient, but this is getting out of hand.',
      'The backlog is 240 tickets now, and the team loses a day a week chasing them.',
    ],
  ])('"%s" is not met by a line that only shares its verb', (objective, verbOnly, line) => {
    expect(metBy(objective, verbOnly)).toBeNull();
    expect(metBy(objective, verbOnly, line)).toBe(line);
  });

  it('of two lines sharing one word each, the one with the objective’s head meets it', () => {
    const objective = 'Explain the audit, his rights and who will keep him updated';
    const aside = 'You have every right to be cross about the wait, honestly, I would be too.';
    const line = 'The audit starts on Monday and an independent reviewer is running it.';
    expect(metBy(objective, aside, line)).toBe(line);
  });
});

describe('what a bare "Listen" is of, when the clauses after it say', () => {
  const OBJECTIVE = 'Listen, and acknowledge the move and the children';
  it.each([
    'Hi Marta, thanks for making time tonight, I know you were busy.',
    'Thank you for seeing me, I really appreciate it.',
  ])('"%s" thanks them, and names neither', (line) => {
    expect(metBy(OBJECTIVE, line, 'I wanted to talk about the weekends.')).toBeNull();
  });

  it('a line about the move meets it', () => {
    const line = 'I know the move has been hard on you and on the children.';
    expect(metBy(OBJECTIVE, 'Thank you for seeing me.', line)).toBe(line);
  });

  it('"Listen to her side, and ask open questions" still needs only a listening line about her side', () => {
    const line = "I hear you, that's a fair point about the hours.";
    expect(metBy('Listen to her side, and ask what she needs', line, 'What would help you most?')).toBe(line);
  });
});

describe('"both of us" is a benefit only when it says what both gain', () => {
  const benefitPraise = (line: string) =>
    scoreTranscript(talk(line), SALARY_FIRST_OFFER).strengths.some((s) =>
      /what the other side gains/.test(s),
    );
  it.each([
    'Still, we agreed that big decisions go through both of us.',
    'Both of us were in the room when it was decided.',
    'We both signed the lease in March.',
    'A mutual friend told me about the job.',
  ])('"%s" says who, not what they gain', (line) => {
    expect(benefitPraise(line)).toBe(false);
  });

  it.each([
    'A three-year term would work better for both of us: you lock the price, I plan the team.',
    'If we both gain from the pilot, the budget is easy to defend.',
  ])('"%s" says what both gain', (line) => {
    expect(benefitPraise(line)).toBe(true);
  });
});

import { analyseMessage } from './message-analysis';
import { catalogueScenario, play } from '../__fixtures__/conversation';
import { AGREE, DEFER, REFUSED, SETTLE } from './phrase-bank';
import { personaProfile } from '../scenario/persona-profile';
import { INTERVIEW_ABOUT_YOURSELF, SALARY_FIRST_OFFER } from '../__fixtures__/scenarios';

/**
 * From a reading of fresh conversations: bad news prefaced kindly is no disagreement, "isn't something I
 * can do" refuses, lacking experience refuses nothing, "I'll be a good fit" promises nothing, a reassuring
 * "ok?" asks nothing, a "yes" to a question of fact agrees to nothing, a thank-you is answered before the
 * question is asked again, an interviewer answers questions about the job, a cause explained is not asked
 * for, and a refusal the persona holds is said when the learner comes near it.
 */

const TONES = ['friendly', 'neutral', 'tough'] as const;

describe('what a line does', () => {
  it.each([
    "It's not what you were hoping to hear, but the van won't be back until Monday.",
    "I'm afraid it's not what you wanted to hear: the grant was turned down.",
  ])('"%s" breaks news; it is no pushback', (line) => {
    expect(analyseMessage(line).pushback).toBe(false);
  });

  it.each([
    "Thirty per cent isn't something we can do this year.",
    "A refund isn't something I could approve.",
  ])('"%s" refuses and promises nothing', (line) => {
    const read = analyseMessage(line);
    expect(read.refusal).toBe(true);
    expect(read.commitment).toBe(false);
  });

  it('"were" opening a texted clause is still "we\'re"', () => {
    expect(analyseMessage('ok were going to sort the boiler tomorrow morning').commitment).toBe(true);
  });

  it.each([
    "I don't have experience with Salesforce yet, but I've used HubSpot for two years.",
    'honestly i dont have much background in finance but i pick things up quick',
  ])('"%s" admits a gap; it refuses nothing', (line) => {
    expect(analyseMessage(line).refusal).toBe(false);
  });

  it.each([
    "I think I'll be a strong fit for the team because I've run events before.",
    'I will be a great asset to your kitchen.',
  ])('"%s" is a claim about oneself, not a promise', (line) => {
    expect(analyseMessage(line).commitment).toBe(false);
  });

  it('"I\'ll be there at nine on Monday" still promises', () => {
    expect(analyseMessage("I'll be there at nine on Monday.").commitment).toBe(true);
  });

  it.each(["We're good, ok?", "I'm still in your corner, okay?", "It'll be fine, yeah?"])(
    '"%s" reassures and asks nothing',
    (line) => {
      expect(analyseMessage(line).question).toBeNull();
    },
  );

  it('"We split it fifty-fifty, ok?" still asks', () => {
    expect(analyseMessage('We split the cost fifty-fifty, ok?').question).not.toBeNull();
  });

  it.each(["I know that's not what you wanted to hear."])('"%s" acknowledges how it lands', (line) => {
    expect(analyseMessage(line).empathy).toBe(true);
  });
});

describe('the partner hears it so', () => {
  it.each(TONES)('a "yes" to "Is this about my review?" agrees to nothing (%s)', (tone) => {
    const [reply] = play(catalogueScenario('cs-one-star-review-callback'), tone, [
      'Yes, I read it this morning and wanted to call you myself.',
    ]);
    const agreed = [...AGREE.friendly, ...AGREE.neutral, ...AGREE.tough];
    expect(agreed.some((a) => reply!.startsWith(a))).toBe(false);
  });

  it.each(TONES)(
    'thanked for calling back, it asks its question again without "take your time" (%s)',
    (tone) => {
      const scenario = catalogueScenario('nw-reconnecting-former-manager');
      const [reply] = play(scenario, tone, ['Hi Joanne, thanks so much for getting back to me!']);
      expect(reply).toMatch(/still in portland\?/i);
      const settle = [...SETTLE.friendly, ...SETTLE.neutral, ...SETTLE.tough].map((t) =>
        t.replace(' {q}', '').replace('{q}', ''),
      );
      expect(settle.some((s) => reply!.startsWith(s.trim()))).toBe(false);
    },
  );

  it.each(TONES)('an interviewer asked about training answers it (%s)', (tone) => {
    const replies = play(INTERVIEW_ABOUT_YOURSELF, tone, [
      "I'm a marketing graduate and I ran the social accounts for my uncle's garden centre for two summers.",
      'What would the first few weeks look like? Is there any training?',
    ]);
    const deferred = [...DEFER.friendly, ...DEFER.neutral, ...DEFER.tough];
    expect(deferred.some((d) => replies[1]!.includes(d))).toBe(false);
    expect(replies[1]).toMatch(/\b(?:weeks?|shadow|alongside)\b/i);
  });

  it.each(TONES)('a cause explained is not asked for (%s)', (tone) => {
    const [reply] = play(catalogueScenario('cr-edits-without-asking'), tone, [
      'Twice this month things went out that I had never seen, because someone changed them after I approved them.',
    ]);
    expect(reply).not.toMatch(/what exactly is the problem/i);
  });

  it.each(TONES)('"I won\'t delete the video" waits for talk of deleting it (%s)', (tone) => {
    const replies = play(catalogueScenario('cm-viral-video-restaurant'), tone, [
      'I saw the video this morning.',
      'How you were treated in the video was not okay.',
    ]);
    expect(replies[1]).not.toMatch(/won't delete/i);
    expect(replies[1]).not.toMatch(/say that again/i);
  });
});

describe('more of what a line does', () => {
  it('"ok. if the deposit stays at 500 then I\'d want the keys on Friday" counters; it agrees to nothing', () => {
    const read = analyseMessage("ok. if the deposit stays at 500 then I'd want the keys on Friday.");
    expect(read.agreement).toBe(false);
    expect(read.proposal).toBe(true);
  });

  it.each([
    "No no, your plan is fine, it's more about the timing.",
    "No, no, you're right about the numbers. It's the tone I mean.",
  ])('"%s" reassures; it is no pushback', (line) => {
    expect(analyseMessage(line).pushback).toBe(false);
  });

  it('"No, that\'s not what we agreed." still pushes back', () => {
    expect(analyseMessage("No, that's not what we agreed.").pushback).toBe(true);
  });
});

describe('and the partner hears that so', () => {
  it.each(TONES)('a gap between two amounts is not probed as an ask (%s)', (tone) => {
    const [reply] = play(catalogueScenario('sn-startup-equity-vs-cash'), tone, [
      'Thanks for the offer. The base is 20k less than my current salary.',
    ]);
    expect(reply).not.toMatch(/^20k/i);
  });

  it.each(TONES)(
    '"I can\'t keep that up", with nothing asked of the learner, is their own limit (%s)',
    (tone) => {
      const replies = play(catalogueScenario('gf-report-that-came-in-late'), tone, [
        'Yes, it is.',
        "I've been chasing the carrier data myself every Friday and I can't keep doing that.",
      ]);
      expect([...REFUSED.friendly, ...REFUSED.neutral, ...REFUSED.tough]).not.toContain(replies[1]);
    },
  );

  it.each(TONES)('"Can we talk again on Sunday?" proposes a time; it names no subject (%s)', (tone) => {
    const replies = play(catalogueScenario('sb-friend-who-always-cancels'), tone, [
      'Honestly it was great, you would have loved it.',
      'Can we talk again on Sunday?',
    ]);
    expect(replies[1]).not.toMatch(/the sunday/i);
  });
});

describe('what a persona keeps to itself', () => {
  it('a goal about how it will persuade is its own business', () => {
    const profile = personaProfile({
      ...SALARY_FIRST_OFFER,
      personaGoals: [
        'Pitch the pension scheme persuasively',
        'Fill the role without raising the team budget',
      ],
    });
    expect(profile.goals.map((g) => g.kind)).toEqual(['hidden', 'hidden']);
  });
});

describe('on their side', () => {
  it.each([
    'How you were treated in that video was not okay.',
    'The way the driver spoke to you was unacceptable.',
  ])('"%s" condemns what was done to them; it attacks no one', (line) => {
    const read = analyseMessage(line);
    expect(read.hostility).toBe(0);
    expect(read.pushback).toBe(false);
  });
  it('"The way you spoke to me was not acceptable" still pushes back', () => {
    expect(analyseMessage('The way you spoke to me was not acceptable.').pushback).toBe(true);
  });
});

describe('a few more', () => {
  it.each([
    "I'm not going to ask you to fill in the form again.",
    "I'm not going to make you wait for a callback.",
  ])('"%s" spares them; it is no pushback', (line) => {
    expect(analyseMessage(line).pushback).toBe(false);
  });

  it('"I\'m not going to pay that" still pushes back', () => {
    expect(analyseMessage("I'm not going to pay that.").pushback).toBe(true);
  });

  it.each(TONES)('an interviewer asked "what the team\'s like" answers it (%s)', (tone) => {
    const replies = play(INTERVIEW_ABOUT_YOURSELF, tone, [
      "I'm a marketing graduate and I ran the social accounts for my uncle's garden centre for two summers.",
      "Could I ask what the team's like?",
    ]);
    expect(replies[1]).toMatch(/\bteam\b/i);
    const deferred = [...DEFER.friendly, ...DEFER.neutral, ...DEFER.tough];
    expect(deferred.some((d) => replies[1]!.includes(d))).toBe(false);
  });

  it.each(TONES)('a story told last summer is not asked for again as an example (%s)', (tone) => {
    const replies = play(catalogueScenario('ji-greatest-weakness-retail'), tone, [
      "I'm too quick to jump in and fix things myself instead of asking for help.",
      'Last summer I stayed two hours late to fix a stock count on my own instead of asking my supervisor.',
    ]);
    expect(replies[1]).not.toMatch(/an example|a concrete example|tell me about a time/i);
  });
});

describe('figures the persona weighs by whose they are', () => {
  const REVIEW = catalogueScenario('sn-raise-after-absorbing-duties');

  it.each(['tough', 'neutral'] as const)('its own figure taken up is accepted, not weighed (%s)', (tone) => {
    const [, reply] = play(REVIEW, tone, [
      "Since March I've run payables as well as my own ledger, about 300 invoices a month.",
      "Alright, three percent it is then, if that's really the ceiling.",
    ]);
    expect(reply).toMatch(/three percent (?:it is|works)/i);
    expect(reply).not.toMatch(/I hear why|where does|based on/i);
  });

  it.each(TONES)('"Yes, one." to "Any questions?" agrees to nothing (%s)', (tone) => {
    const [reply] = play(REVIEW, tone, [
      'Yes, a quick one. Three percent feels low for what I have been covering since March.',
    ]);
    expect(reply).not.toMatch(/glad we agree|^Good\b|That's one thing/i);
  });
});

describe('a persona that hears what it was told', () => {
  const DOSE = catalogueScenario('cm-medication-error-disclosure');
  const LINES = [
    "Mrs Ruiz, my name is Dr Okafor and I lead the team looking after your dad. I'm afraid we got something badly wrong.",
    'He was given far more of his blood-thinning drug than prescribed, because of an error in the dose. That is why he bled, and it was our mistake.',
    'Right now he is stable in intensive care and the bleeding has stopped.',
  ];

  it.each(TONES)('meets bad news with no pleasantry, and stops asking what it was told (%s)', (tone) => {
    const replies = play(DOSE, tone, LINES);
    expect(replies[0]).not.toMatch(/nice to meet you|good to meet you|pleased to meet you/i);
    expect(replies.slice(1).join(' ')).not.toMatch(/was it a mistake|did someone make a mistake/i);
    expect(replies.join(' ')).not.toMatch(/what does anticoagulant mean/i);
  });

  it('"I wish I could, but…" leads into a limit, never into what the persona wants to hear', () => {
    const REMOTE = catalogueScenario('ji-remote-customer-success');
    const replies = play(REMOTE, 'friendly', [
      'Morning! I usually start around half eight with the support queue and our account health dashboard.',
      'After that I keep a two-hour block for calls with accounts whose usage is slipping.',
      'Last spring one client in Chile went quiet for ten days; I rang them and found their admin had left.',
      'My manager gets a written note from me every Friday with risks, wins and anything I need from her, so she never needs a status meeting.',
    ]);
    expect(replies.join(' ')).not.toMatch(/I wish I could, but I want/i);
  });
});

describe('asking for the time to talk', () => {
  it.each(TONES)('"Can I have ten minutes about…?" is granted, not promised to be sent (%s)', (tone) => {
    const [reply] = play(catalogueScenario('sb-boss-personal-errands'), tone, [
      'Morning Richard, could I have ten minutes about how my hours are going?',
    ]);
    expect(reply).not.toMatch(/send you|I'll get you/i);
  });
});

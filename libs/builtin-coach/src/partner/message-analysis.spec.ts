import { analyseMessage, MAX_ANALYSED_CHARS, normalise } from './message-analysis';

describe('reading what the learner did in a message', () => {
  it.each([
    ['Why can’t you move on the start date?', 'why'],
    ['How much were you thinking of paying?', 'number'],
    ['What would you need from me to make this work?', 'want'],
    ['Could you do $57,000?', 'request'],
    ['Can I take your name?', 'request'],
    ['When will the report be ready?', 'when'],
    ['What do you mean?', 'clarify'],
    ['How are you today?', 'wellbeing'],
    ['Do you think that is fair?', 'opinion'],
    ['Is the parking included', 'yes-no'],
    ['Tell me about the team', 'open'],
  ])('"%s" is a %s question', (text, kind) => {
    expect(analyseMessage(text).question?.kind).toBe(kind);
  });

  it('does not take a statement for a question', () => {
    expect(analyseMessage('I will send the report by Friday.').question).toBeNull();
    expect(analyseMessage('What a week it has been.').question).toBeNull();
  });

  it.each([
    'What went wrong is that the courier lost the parcel twice.',
    'What I am offering is a refund of the delivery charge.',
    'How we handle it from here is up to you.',
    'What worries me most is the deadline.',
    'Where we ended up was a week late.',
  ])('reads "%s" as a statement about something, not a question', (text) => {
    expect(analyseMessage(text).question).toBeNull();
  });

  it.each(['What happened to the order', 'What is the next step', 'How long will it take'])(
    'still reads "%s" as a question without its question mark',
    (text) => {
      expect(analyseMessage(text).question).not.toBeNull();
    },
  );

  it.each(['So the new rota starts on Monday, yeah?', 'We split it three ways from now, fair?'])(
    'reads "%s" as something put forward for agreement',
    (text) => {
      expect(analyseMessage(text).question?.declarative).toBe(true);
    },
  );

  it('finds offers and figures with the entity recogniser', () => {
    const a = analyseMessage(
      'Would $57k be possible? Market data says fifty-five thousand, about 5% above your offer.',
    );
    expect(a.figures.map((f) => [f.kind, f.value])).toEqual([
      ['money', 57_000],
      ['number', 55_000],
      ['percent', 5],
    ]);
    const time = analyseMessage("I'll call you next Thursday at 3pm.").figures;
    expect(time.map((f) => f.text)).toEqual(['next Thursday at 3pm']);
  });

  it('tells a real apology from a social one and from sympathy', () => {
    expect(analyseMessage("I'm really sorry the gift arrived late.")).toMatchObject({
      apology: true,
      minorApology: false,
    });
    expect(analyseMessage('Sorry to interrupt, quick question.')).toMatchObject({
      apology: true,
      minorApology: true,
    });
    expect(analyseMessage("I'm sorry to hear that, it sounds awful.")).toMatchObject({
      apology: false,
      empathy: true,
    });
  });

  it('recognises empathy, pushback, refusals, commitments, proposals and reasons', () => {
    expect(analyseMessage('I understand, that must be frustrating.').empathy).toBe(true);
    expect(analyseMessage("I don't really agree that email is dead.").pushback).toBe(true);
    expect(analyseMessage("We can't refund shipping.").refusal).toBe(true);
    expect(analyseMessage("I'll send a written report by 9am tomorrow.").commitment).toBe(true);
    expect(analyseMessage('I can see you do your best thinking at night.').commitment).toBe(false);
    expect(analyseMessage("I'd suggest we move the deadline to Friday.").proposal).toBe(true);
    expect(analyseMessage('Because the data lands on Thursday, the report is late.').reasons).toBe(true);
    expect(analyseMessage("I've already passed two CPA exams.").reasons).toBe(true);
  });

  it('flags vague and very short answers, but not a plain yes', () => {
    expect(analyseMessage('Maybe, I guess, kind of.')).toMatchObject({
      vague: true,
      hedges: ['maybe', 'i guess', 'kind of'],
    });
    expect(analyseMessage('Stuff.').vague).toBe(true);
    expect(analyseMessage('ok')).toMatchObject({ vague: false, agreement: true });
  });

  it('grades rudeness, without mistaking a shrug for it', () => {
    expect(analyseMessage("You're an idiot.").hostility).toBe(2);
    expect(analyseMessage('Whatever, this is a waste of time.').hostility).toBe(1);
    expect(analyseMessage('THIS IS NOT GOOD ENOUGH AT ALL').hostility).toBe(1);
    expect(analyseMessage('Whatever works for you.').hostility).toBe(0);
  });

  it('hears closing signals, introductions and small talk', () => {
    expect(analyseMessage("Great, let's wrap up. I'll send a summary.").closing).toBe(true);
    expect(analyseMessage('I can see you do your best thinking at night.').closing).toBe(false);
    expect(analyseMessage("Sorry, I'm Sam, I work in email marketing.").introduction).toBe('Sam');
    expect(analyseMessage('Did you catch the football game last night?').smallTalk).toContain('football');
  });

  it('quotes a short piece back from the persona’s side', () => {
    expect(analyseMessage('Honestly, I can refund the $8.95 today.').quote).toBe(
      'you can refund the $8.95 today',
    );
    expect(analyseMessage('We grew our open rate to 31% last year.').quote).toBe(
      'you grew your open rate to 31% last year',
    );
  });

  it('reads long messages only up to a bound, and calls them rambling', () => {
    const long = 'I want to explain the whole history of the project from the start. '.repeat(300);
    const a = analyseMessage(long);
    expect(a.truncated).toBe(true);
    expect(a.text.length).toBeLessThanOrEqual(MAX_ANALYSED_CHARS);
    expect(a.rambling).toBe(true);
  });
});

describe('a dark word in a question about them', () => {
  it('asks rather than attacks', () => {
    expect(analyseMessage('What is it about the new schedule that feels so awful for you?').hostility).toBe(
      0,
    );
  });
});

describe('chat shorthand', () => {
  it.each([
    ['have u got a minute?', 'have you got a minute?'],
    ['thx, cos ur out all day', 'thanks, because your out all day'],
    ['r u free tmrw pls', 'are you free tomorrow please'],
  ])('reads "%s" as "%s"', (typed, spelled) => {
    expect(normalise(typed)).toBe(spelled);
  });

  it('leaves words that only contain the letters alone', () => {
    for (const text of ['We did a U-turn on the plan.', 'Your umbrella is in the hall.', "I'm in room 4u."])
      expect(normalise(text)).toBe(text);
  });

  it('gives a typed line the reading of the spelled-out one', () => {
    const typed = analyseMessage('have u got a minute?');
    const spelled = analyseMessage('have you got a minute?');
    expect(spelled.question).not.toBeNull();
    expect(typed.question?.kind).toBe(spelled.question?.kind);
    expect(typed.question?.text).toBe(spelled.question?.text);
  });
});

import type { ScenarioDefinition } from '@parley/contracts';
import { loadScenarios } from '../__fixtures__/catalogue';
import { INTERVIEW_ABOUT_YOURSELF } from '../__fixtures__/scenarios';
import { draftScenario } from '../scenario/draft-scenario';
import { personaProfile } from '../scenario/persona-profile';
import type { ChatLine } from './conversation-state';
import { analyseMessage } from './message-analysis';
import { generateReply, planReply } from './roleplay-engine';

/**
 * A partner in a situation the learner wrote speaks as anyone in that seat would: not in the words of
 * the catalogue kind its situation happens to be closest to, and never a stance nobody would say.
 */

const CATALOGUE = loadScenarios();

/** An own scenario as the sessions service builds it from the learner's fields and the draft. */
function ownScenario(
  fields: { title: string; description: string; userRole: string; aiRole: string },
  persona: { name: string; background: string },
  category: ScenarioDefinition['category'],
): ScenarioDefinition {
  const draft = draftScenario(fields, CATALOGUE);
  return {
    ...INTERVIEW_ABOUT_YOURSELF,
    id: 'custom-own-voice',
    category,
    ...fields,
    persona: {
      name: persona.name,
      background: persona.background,
      personality: persona.background,
      speakingStyle: 'Plain, everyday sentences.',
    },
    personaGoals: draft.personaGoals,
    holdsFirmOn: draft.holdsFirmOn,
    learnerObjectives: draft.learnerObjectives,
    strongResponses: ['Says plainly what they want and why.'],
    openingLine: 'You wanted to talk — what is on your mind?',
  };
}

function play(
  scenario: ScenarioDefinition,
  lines: string[],
  tone: 'neutral' | 'tough' = 'neutral',
): string[] {
  const messages: ChatLine[] = [{ sender: 'ai', content: scenario.openingLine }];
  const replies: string[] = [];
  for (const line of lines) {
    messages.push({ sender: 'user', content: line });
    const reply = generateReply({ scenario, tone, messages });
    messages.push({ sender: 'ai', content: reply });
    replies.push(reply);
  }
  return replies;
}

const CAR = ownScenario(
  {
    title: 'My sister and my car',
    description:
      'My sister Ines borrows my car most weekends without asking and brings it back with the tank empty. I want her to ask a day ahead and fill it up before she returns it.',
    userRole: 'Car owner',
    aiRole: 'My younger sister',
  },
  { name: 'Ines', background: 'Ines, student, easy-going, thinks family share everything' },
  // The closest catalogue kind of a family quarrel about money can be a pay talk: the partner is still a sister.
  'salary-negotiation',
);

describe('a partner in an own scenario', () => {
  const replies = play(CAR, [
    'Ines, can we talk about the car for a sec',
    'Last Saturday I had to get to work and the tank was on empty, I was late.',
    'It has happened about four times since March.',
    "I don't mind lending it, honestly.",
    'I just need a text the day before, and the tank full when it comes back.',
    'From this weekend?',
  ]);
  const said = replies.join(' ');

  it('never says a stance nobody holds out loud, nor another kind of conversation’s lines', () => {
    expect(said).not.toMatch(/anything vague|concrete details and a clear reason/i);
    expect(said).not.toMatch(/number did you have in mind|what salary|thanks, everyone/i);
  });

  it('follows a plain statement or a figure with a question of its own, not a bare "Okay."', () => {
    // "…the tank was on empty, I was late." gets a question back; "…four times since March.", said after
    // being asked what the learner wants, is asked the same again in no other words: it is invited on.
    expect(replies[1]).toMatch(/\?$/);
    expect(replies[2]).toMatch(/\?$|\b(?:go on|i'm listening)\b/i);
    expect(replies[2]).not.toMatch(/^(?:okay|ok|right|sure)\.?$/i);
  });

  it('weighs a proposal put as a question ("From this weekend?") instead of putting it off', () => {
    expect(replies[5]).not.toMatch(/come back to that|get to that|later\./i);
  });

  it('once it knows what is wanted and why, says it has heard rather than asking what it means in practice', () => {
    const later = play(CAR, [
      'I need you to ask me before you take the car, because I use it for work on Saturdays.',
      'Last month I ended up getting a taxi twice.',
    ]);
    expect(later[1]).not.toMatch(/in practice|day to day|what would you suggest/i);
  });

  it('reads a persona written as notes as the person’s own facts, never "I, student, …"', () => {
    const facts = personaProfile(CAR).facts.map((f) => f.statement);
    expect(facts).toEqual(['I think family share everything.']);
    expect(said).not.toMatch(/\bI, /);
  });
});

describe('reading the learner’s line', () => {
  it('takes a "sorry," said in passing for manners, and a sorry for the matter for an apology', () => {
    expect(analyseMessage('Sorry — quick one before you go, did the parts arrive?').minorApology).toBe(true);
    expect(analyseMessage('Oh, sorry, I meant the March invoice.').minorApology).toBe(true);
    expect(analyseMessage('I am truly sorry for the mix-up with your booking.').minorApology).toBe(false);
  });

  it('reads a statement said as a question, with what it puts forward, as a check on a proposal', () => {
    expect(analyseMessage('Half now and the rest at the end of the month, okay?').question?.declarative).toBe(
      true,
    );
    expect(analyseMessage('Move the call to 3pm?').question?.declarative).toBe(true);
    expect(analyseMessage('Any thoughts on the draft?').question?.declarative).toBe(false);
    expect(analyseMessage('Morning Sam, have you got two minutes?').question?.declarative).toBe(false);
  });

  it('does not take "that would" or "that must" without a feeling for empathy', () => {
    expect(analyseMessage('I guess that would mean moving the launch.').empathy).toBe(false);
    expect(analyseMessage('That must have been a long night.').empathy).toBe(true);
  });

  it('hears a "yes" that opens the answer to an open question as no agreement', () => {
    const messages: ChatLine[] = [
      { sender: 'ai', content: 'So what went wrong with the supplier?' },
      { sender: 'user', content: 'Yeah, well, they changed the packaging twice without telling us.' },
    ];
    const plan = planReply({ scenario: INTERVIEW_ABOUT_YOURSELF, tone: 'neutral', messages });
    expect(plan.moves.map((m) => m.kind)).not.toContain('agreement');
  });
});

/** A catalogue-shaped scenario whose persona guards a relationship and holds a condition. */
const PRINT_SHOP: ScenarioDefinition = {
  ...INTERVIEW_ABOUT_YOURSELF,
  id: 'print-shop-reprint',
  category: 'customer-service',
  title: 'A reprint for the wedding menus',
  description: 'A print shop misprinted 120 wedding menus. Agree a reprint with the customer.',
  userRole: 'Print shop owner',
  aiRole: 'Customer whose menus were misprinted',
  persona: {
    name: 'Harriet Cole',
    background: 'Harriet Cole runs a florist two streets away and orders from local shops.',
    personality: 'Direct and practical.',
    speakingStyle: 'Short sentences.',
  },
  personaGoals: ['Keep a good relationship with a shop she uses often', 'Get the menus reprinted in time'],
  holdsFirmOn: ['Will accept a reprint at no charge if the new proof is sent before Thursday'],
  learnerObjectives: ['Agree a reprint date'],
  strongResponses: ['Owns the mistake.'],
  openingLine: 'The names on the menus are spelled wrong. All of them.',
};

describe('a partner that answers what was said', () => {
  const converse = (lines: string[]): ReturnType<typeof planReply>[] => {
    const messages: ChatLine[] = [{ sender: 'ai', content: PRINT_SHOP.openingLine }];
    return lines.map((line) => {
      messages.push({ sender: 'user', content: line });
      const plan = planReply({ scenario: PRINT_SHOP, tone: 'neutral', messages });
      messages.push({ sender: 'ai', content: plan.text });
      return plan;
    });
  };

  it('does not volunteer what it guards ("I need to keep a good relationship…")', () => {
    const said = converse([
      'I have the order in front of me now.',
      'The file we printed from was the old one.',
      'The printer is free on Wednesday morning.',
    ])
      .map((p) => p.text)
      .join(' ');
    expect(said).not.toMatch(/keep a good relationship/i);
  });

  it('takes a statement that gives what would move it as the offer it is', () => {
    const [plan] = converse(['A fresh proof went to your inbox this morning, well before Thursday.']);
    expect(plan!.moves.map((m) => m.kind)).toContain('yield');
  });

  it('hears "I need…" and "I’d also like…" with an object as something put forward, and an intent as nothing', () => {
    expect(analyseMessage("I'd also like £40 off the next invoice.").proposal).toBe(true);
    expect(analyseMessage('I need the signed form back by the 14th.').proposal).toBe(true);
    expect(analyseMessage('I want to keep doing my best for the team.').proposal).toBe(false);
  });

  it('hears thanks for asking, said inside an answer, as manners, and thanks for something as thanks', () => {
    expect(analyseMessage('Pretty good, thank you, the new site went live on Monday.').thanks).toBe(false);
    expect(analyseMessage('Thanks for fitting me in at short notice.').thanks).toBe(true);
    expect(analyseMessage('That all sounds fine, cheers').thanks).toBe(true);
  });

  it('hears a line opening with "But I…" as the learner’s news, and "I’m not paying for…" as pushback', () => {
    expect(analyseMessage('But I checked the figures again and we are short by about £300.').pushback).toBe(
      false,
    );
    expect(analyseMessage("The delivery fee, though, I'm not paying for that.").pushback).toBe(true);
  });

  it('reads "What we need is…" as a statement, not a question', () => {
    expect(analyseMessage('What we need is a date that works for both of us.').question).toBeNull();
  });
});

describe('a partner asked for money in an own scenario', () => {
  const GYM = ownScenario(
    {
      title: 'My gym membership refund',
      description:
        'I cancelled my gym membership in March because I moved cities, but they kept taking £39 a month until June. I want the three payments back.',
      userRole: 'Former member',
      aiRole: 'Gym branch manager',
    },
    { name: 'Carla', background: 'Carla, runs the branch, sticks to the cancellation policy' },
    'customer-service',
  );

  it.each(['neutral', 'tough'] as const)(
    'weighs a request for money back, never asks what it means day to day (%s)',
    (tone) => {
      const replies = play(
        GYM,
        [
          'Hello, I need to talk about the £117 you took after I cancelled.',
          'I sent the cancellation email on 2 March and I have the reply from your front desk.',
          "So I'd like the £117 refunded to my card by the end of the month.",
        ],
        tone,
      );
      expect(replies.join(' ')).not.toMatch(/day to day|mean for me in practice/i);
      expect(replies[0]).toMatch(/£117/);
    },
  );
});

describe('news that is hard to say, in an own scenario', () => {
  const NOTICE = ownScenario(
    {
      title: 'Handing in my notice',
      description:
        'I have taken a job at another agency and need to tell my team lead Bea, who has just given me a bigger client. My notice is one month and I want to leave well.',
      userRole: 'Account executive',
      aiRole: 'My team lead',
    },
    { name: 'Bea', background: 'Bea, supportive, stretched thin before the spring campaign' },
    'salary-negotiation',
  );

  it.each(['neutral', 'tough'] as const)(
    'is heard out, not met with an aim or asked what it asks for (%s)',
    (tone) => {
      const [reply] = play(
        NOTICE,
        ["Hi Bea, thanks for grabbing a room. This isn't an easy thing to say."],
        tone,
      );
      expect(reply).toMatch(/\b(?:sure|go ahead|go on|listening|of course)\b/i);
      expect(reply).not.toMatch(
        /what exactly are you asking|what would you suggest|what would you like me to do/i,
      );
    },
  );

  it.each(['neutral', 'tough'] as const)('asks why a decision told was made (%s)', (tone) => {
    const [, reply] = play(
      { ...NOTICE, personaGoals: ['Keep the spring campaign on track'] },
      [
        'Hi Bea, have you got a minute?',
        "I've accepted a role at another agency. I'm handing in my notice today.",
      ],
      tone,
    );
    expect(reply).toMatch(/what made you decide|can I ask why/i);
  });
});

import { inlineCoachingSchema } from '@parley/contracts';
import {
  BOUNDARIES_LATE_MESSAGES,
  CONFLICT_TOOK_CREDIT,
  FEEDBACK_LATE_REPORT,
  SALARY_FIRST_OFFER,
  SALES_BAKERY_DISCOVERY,
  SERVICE_LATE_GIFT,
} from '../__fixtures__/scenarios';
import { coachMessage } from './inline-coaching';
import { tightenText } from '../text/rewrite';

const coach = (scenario: { title: string; description: string }, message: string) =>
  coachMessage({ title: scenario.title, description: scenario.description, message });

/** Hedges and fillers the enhanced version must not keep. */
const HEDGE_OR_FILLER =
  /\b(um|uh|maybe|i guess|kind of|sort of|you know|i mean|basically|if that's okay|i was just wondering|or something)\b/i;

const CASES: Array<[string, { title: string; description: string }, string, string[]]> = [
  [
    'a hedged salary ask',
    SALARY_FIRST_OFFER,
    "Um, I was kind of hoping for maybe $57,000? If that's okay.",
    ['$57,000'],
  ],
  [
    'a hedged boundary',
    BOUNDARIES_LATE_MESSAGES,
    "So, um, I was just wondering if, like, you could maybe not message me after 10 p.m.? I guess it's kind of a lot.",
    ['message', '10 p.m.'],
  ],
  [
    'vague feedback',
    FEEDBACK_LATE_REPORT,
    'So, like, the report was basically late again on Friday, you know? The director sort of noticed.',
    ['report', 'late', 'Friday', 'director'],
  ],
  [
    'a dismissive reply to a customer',
    SERVICE_LATE_GIFT,
    "Calm down, it's not a big deal. The courier messed up, order 48213 will get there eventually.",
    ['48213'],
  ],
  [
    'a blaming opener',
    CONFLICT_TOOK_CREDIT,
    'You always take credit for my work and you need to stop doing it in Monday reviews.',
    ['credit', 'work', 'Monday'],
  ],
  [
    'a feature dump',
    SALES_BAKERY_DISCOVERY,
    'Our system does online orders, payments and loyalty cards for $60 a month.',
    ['$60', 'orders'],
  ],
];

describe('coachMessage', () => {
  it.each(CASES)('%s: fills all four sections', (_, scenario, message) => {
    const tip = coach(scenario, message);
    expect(inlineCoachingSchema.parse(tip)).toEqual(tip);
    for (const section of Object.values(tip)) expect(section.length).toBeGreaterThan(20);
  });

  it.each(CASES)(
    '%s: the enhanced version differs and keeps the key words and numbers',
    (_, scenario, message, keep) => {
      const { enhancedVersion } = coach(scenario, message);
      expect(enhancedVersion).not.toBe(message);
      for (const word of keep) expect(enhancedVersion).toContain(word);
    },
  );

  it.each(CASES)('%s: the enhanced version drops hedges and fillers', (_, scenario, message) => {
    expect(coach(scenario, message).enhancedVersion).not.toMatch(HEDGE_OR_FILLER);
  });

  it('turns a hedged question into a direct ask, never a slot to fill in', () => {
    const tip = coach(SALARY_FIRST_OFFER, "Um, I was kind of hoping for maybe $57,000? If that's okay.");
    expect(tip.enhancedVersion).toBe("I'm asking for $57,000.");
    for (const text of Object.values(tip)) expect(text).not.toMatch(/[[\]{}]/);
    expect(tip.communicationAnalysis).toMatch(/names specifics \(“\$57,000”\)/);
    expect(tip.communicationAnalysis).toMatch(/3 hedges/);
    expect(tip.strategicImpact).toMatch(/invites a lower counter-offer/);
    expect(tip.improvementOpportunity).toMatch(
      /state your position as a plain sentence: “I'm asking for \$57,000”/,
    );
  });

  it('replaces dismissive and blaming phrases, and says so first', () => {
    const tip = coach(
      SERVICE_LATE_GIFT,
      "Calm down, it's not a big deal. The courier messed up, order 48213 will get there eventually.",
    );
    expect(tip.enhancedVersion).not.toMatch(/calm down|not a big deal|courier messed up/i);
    expect(tip.enhancedVersion).toMatch(/we didn't deliver what you paid for, order 48213/i);
    expect(tip.communicationAnalysis).toMatch(/dismissive or blaming \(“Calm down”/);
    expect(tip.strategicImpact).toMatch(/defensive/);
    expect(tip.improvementOpportunity).toMatch(/^Remove the edge first/);
  });

  it('adds a concrete ask when the message has none', () => {
    const tip = coach(
      CONFLICT_TOOK_CREDIT,
      'In Monday’s review the dashboard I built was introduced as your work.',
    );
    expect(tip.enhancedVersion).toMatch(/Can we agree on how we'll handle this from now on\?$/);
    expect(tip.enhancedVersion).toContain('the dashboard I built was introduced as your work');
  });

  it('keeps a strong message as it is, with nothing added for the sake of a change', () => {
    const message =
      "I'm really sorry the present missed the party on Saturday. I've refunded the $8.95 express fee, and it will show in 3-5 business days. Is there anything else I can do?";
    const tip = coach(SERVICE_LATE_GIFT, message);
    expect(tip.enhancedVersion).toBe(message);
    expect(tip.communicationAnalysis).toMatch(/^What works: it acknowledges the other person/);
  });

  it('uses the scenario category when the caller passes it', () => {
    const tip = coachMessage({
      title: 'Untitled',
      description: 'A conversation.',
      message: 'ok',
      category: 'salary-negotiation',
    });
    expect(tip.enhancedVersion).toBe('Ok. Can we agree on a specific figure today?');
  });
});

describe('tightenText', () => {
  it('removes fillers with their commas and hedges, keeping the rest word for word', () => {
    expect(tightenText('Well, I think maybe we could sort of raise it by 10% next March.').text).toBe(
      'We could raise it by 10% next March.',
    );
    expect(tightenText('So, um, I was just wondering if we could, like, talk about my salary?').text).toBe(
      'Could we talk about my salary?',
    );
    expect(tightenText('It was, like, huge... I mean, it is fine, you know?').text).toBe(
      'It was huge. It is fine.',
    );
  });

  it('keeps words that only look like fillers', () => {
    const text = 'I like the plan, and it looks like we can do it so that the team is right on time.';
    expect(tightenText(text).text).toBe(text);
  });

  it('reports what it removed', () => {
    const result = tightenText("Um, I guess we could maybe start Monday, if that's okay.");
    expect(result.fillersRemoved).toEqual(['Um']);
    expect(result.hedgesRemoved).toEqual(['I guess', 'maybe', "if that's okay"]);
    expect(result.text).toBe('We could start Monday.');
  });

  it('never builds an ask from a number that is not one', () => {
    for (const message of [
      "I've been on the team for 14 months and I train every new starter.",
      'Right now I make 21 an hour, and I close four nights a week.',
    ]) {
      const tip = coach(SALARY_FIRST_OFFER, message);
      expect(Object.values(tip).join(' ')).not.toMatch(/Would (14 months|21|four) work for you/);
    }
  });

  it('does not say a line lacks what the classifier may read in it', () => {
    for (const message of [
      "I know you're under real pressure with the deadline, but I can't take this one on.",
      'I know how much this project means to you, and I want it to go well too.',
    ])
      expect(coach(CONFLICT_TOOK_CREDIT, message).communicationAnalysis).not.toMatch(/no acknowledgement/);
  });

  it('credits a proposal as an ask, and never calls "I want" dismissive', () => {
    const proposal = coach(
      CONFLICT_TOOK_CREDIT,
      'What if we take turns presenting the dashboard at the Monday review?',
    );
    expect(proposal.communicationAnalysis).toMatch(/makes a concrete ask/);
    expect(proposal.communicationAnalysis).not.toMatch(/little yet/);
    const want = coach(SERVICE_LATE_GIFT, 'First I want to tell you the order is on its way today.');
    expect(want.communicationAnalysis).not.toMatch(/dismissive or blaming/);
  });
});

describe('coachMessage says of a line only what it does', () => {
  it.each([
    'Morning. Ringing about the boiler.',
    'Hello, thanks for seeing me, I am the mother of Leo in Year 2.',
  ])('"%s" is not called clear about what the learner wants', (message) => {
    const tip = coach(CONFLICT_TOOK_CREDIT, message);
    expect(tip.strategicImpact).not.toMatch(/clear what you want/);
  });

  it('a line that already sets when to talk again gets no second closing ask', () => {
    const message = 'Could we go over it again on Thursday after the team meeting?';
    const tip = coach(CONFLICT_TOOK_CREDIT, message);
    expect(tip.enhancedVersion).toBe(message);
    expect(tip.improvementOpportunity).not.toMatch(/close with a concrete next step/);
  });

  it.each([
    'I understand you need to run it past your director first. Can I hear back by Wednesday?',
    'I know you have to leave at four, so I will be quick.',
  ])('"%s" grants a need, it gives no order', (message) => {
    const tip = coach(CONFLICT_TOOK_CREDIT, message);
    expect(tip.communicationAnalysis).not.toMatch(/dismissive or blaming/);
    expect(tip.enhancedVersion).not.toMatch(/I'd ask you to/);
  });

  it('"On the plus side, the acknowledgement" only where the line acknowledges', () => {
    const tip = coach(
      CONFLICT_TOOK_CREDIT,
      'Not interested in excuses. The slides had my name on the template.',
    );
    expect(tip.strategicImpact).not.toMatch(/the acknowledgement keeps them open/);
  });
});

describe('the rewrite and the advice agree', () => {
  it.each([
    'Hi. Ringing about the parking space.',
    'We spoke last week about the shift swap.',
    'Could you look at the rota before Friday?',
    'I have the receipts from the 3rd and the 9th.',
    'So the van broke down twice on the same road.',
  ])('"%s" gets an ask added only where the tip asks for one', (message) => {
    const tip = coach(CONFLICT_TOOK_CREDIT, message);
    if (!/end with a specific ask/i.test(tip.improvementOpportunity))
      expect(tip.enhancedVersion).not.toMatch(/Can we agree|next step today/);
  });
});

describe('a line that only greets, thanks, acknowledges or apologises is a whole turn', () => {
  it.each([
    "Thanks so much for getting back to me, Dev, I know you're swamped.",
    "I'm really sorry about what happened to your mum's order on Friday. That should never have happened.",
    'I know this week has been awful for you.',
    'Good morning, and thank you for seeing me at such short notice.',
  ])('"%s" is not told to end on an ask', (message) => {
    const tip = coach(SERVICE_LATE_GIFT, message);
    expect(tip.communicationAnalysis).not.toMatch(/no clear ask/);
    expect(tip.improvementOpportunity).not.toMatch(/end with a specific ask/i);
    expect(tip.enhancedVersion).toBe(tightenText(message).text);
  });

  it('a position with no ask still gets one', () => {
    const tip = coach(SERVICE_LATE_GIFT, 'The replacement will not arrive before the party.');
    expect(tip.improvementOpportunity).toMatch(/end with a specific ask/i);
  });
});

describe('the kind of conversation is the scenario’s category when the caller has it', () => {
  const title = 'The Launch Sales Already Sold';
  const description =
    'Sales promised the customer a feature engineering cannot ship in time. Agree a plan with the sales director.';
  it('a title naming sales does not make an interview answer a sales pitch', () => {
    const message = 'In my last job I ran the night shift for a team of twelve.';
    const tip = coachMessage({ title, description, message, scenario: { category: 'job-interviews' } });
    expect(tip.enhancedVersion).not.toMatch(/demo/);
  });
});

describe('a tag question is a question, not uptalk', () => {
  it.each([
    "I'm still in your corner, ok?",
    "We said the deposit comes back in full, didn't we?",
    "It's the same room as last year, yeah?",
  ])('"%s" keeps asking', (line) => {
    expect(tightenText(line).text).toBe(line);
  });
  it('a statement said as a question still ends with a full stop', () => {
    expect(tightenText("I'm asking for 40,000?").text).toBe("I'm asking for 40,000.");
  });
});

describe('more lines that are whole as they are', () => {
  it.each(["mia I'm so proud of you, honestly", 'Congratulations on the new job, that is brilliant news!'])(
    '"%s" is not told to end on an ask',
    (message) => {
      expect(coach(SERVICE_LATE_GIFT, message).enhancedVersion).not.toMatch(/\?$/);
    },
  );

  it.each([
    ['can I be honest with you about the rota', 'Can I be honest with you about the rota?'],
    ['what would work better for you', 'What would work better for you?'],
    ['what I need is the keys by friday', 'What I need is the keys by friday.'],
  ])('"%s" keeps the mark it asks with', (line, tightened) => {
    expect(tightenText(line).text).toBe(tightened);
  });
});

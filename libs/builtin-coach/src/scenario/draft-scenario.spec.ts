import { loadScenarios } from '../__fixtures__/catalogue';
import {
  closestScenarios,
  draftScenario,
  figuresIn,
  inPronoun,
  fitsSituation,
  kindsOf,
  otherPersonIn,
  situationFit,
  wordsOf,
} from './draft-scenario';

const catalogue = loadScenarios();
const RAISE =
  'On Thursday I ask my manager Dana for a raise to $95k; she said the budget is tight this year and the team just missed a target.';

describe('"Draft it for me" from the catalogue', () => {
  it('finds the closest catalogue scenarios by the words of the situation', () => {
    const closest = closestScenarios(RAISE, catalogue);
    expect(closest).toHaveLength(3);
    expect(closest[0]!.category).toBe('salary-negotiation');
    const refund = closestScenarios(
      'A customer wants a refund for a late delivery of a broken order',
      catalogue,
    );
    expect(refund[0]!.category).toBe('customer-service');
  });

  it('drafts every optional field, with no figure or name borrowed from another scenario', () => {
    const draft = draftScenario(
      { description: RAISE, userRole: 'Engineer', aiRole: 'My manager' },
      catalogue,
    );
    expect(draft.source).toBe('builtin');
    expect(draft.basedOn).toHaveLength(3);
    expect(draft.persona.startsWith('My manager in this situation.')).toBe(true);
    expect(draft.personaGoals.length).toBeGreaterThanOrEqual(2);
    expect(draft.learnerObjectives.length).toBeGreaterThanOrEqual(2);
    expect(draft.tags.length).toBeGreaterThanOrEqual(2);
    const borrowed = [...draft.personaGoals, ...draft.holdsFirmOn.slice(1), ...draft.learnerObjectives];
    for (const line of borrowed) expect(line).not.toMatch(/[\d$€£%]/);
    expect(draft.holdsFirmOn.length).toBeGreaterThanOrEqual(2);
  });

  it('borrows no word so rare in the catalogue that it belongs to another scenario’s story', () => {
    const draft = draftScenario({ description: RAISE }, catalogue);
    const lines = [...draft.personaGoals, ...draft.holdsFirmOn.slice(1), ...draft.learnerObjectives];
    const situation = new Set(wordsOf(RAISE));
    const uses = (w: string) =>
      catalogue.filter((s) =>
        wordsOf([...s.personaGoals, ...s.holdsFirmOn, ...s.learnerObjectives].join(' ')).includes(w),
      ).length;
    for (const w of lines.flatMap(wordsOf))
      if (!situation.has(w)) expect([w, uses(w) > 3]).toEqual([w, true]);
  });

  it('lends a raise talk nothing of a job offer’s story (the partner would say "Process the hire quickly")', () => {
    for (const description of [
      RAISE,
      'I need to ask my manager for a raise because I took on the team lead work for six months.',
    ]) {
      const draft = draftScenario({ description }, catalogue);
      const lines = [...draft.personaGoals, ...draft.holdsFirmOn, ...draft.learnerObjectives];
      for (const line of lines) expect(line).not.toMatch(/\b(hire|candidate|sign-on|offer|placement)/i);
      expect(draft.holdsFirmOn.length).toBeGreaterThanOrEqual(1);
    }
    // A situation about an offer may borrow an offer's lines.
    const offer = draftScenario(
      { description: 'The recruiter made me an offer and I want a higher sign-on bonus before I accept.' },
      catalogue,
    );
    expect(
      [...offer.personaGoals, ...offer.holdsFirmOn, ...offer.learnerObjectives].some((l) =>
        /\b(offer|sign-on|candidate|hire|package|salary|bonus)/i.test(l),
      ),
    ).toBe(true);
  });

  it('names the roles as the situation does when the learner leaves them empty, not as another scenario does', () => {
    expect(otherPersonIn('I have to tell my direct report Sam that his reports were late.')).toBe(
      'direct report',
    );
    expect(otherPersonIn('I must explain the outage to the CEO tomorrow.')).toBe('CEO');
    expect(otherPersonIn('Nothing about anyone here.')).toBeUndefined();
    const draft = draftScenario(
      {
        description:
          'I have to tell my direct report Sam that his last two reports were late and full of errors.',
      },
      catalogue,
    );
    expect([draft.userRole, draft.aiRole]).toEqual(['You', 'Your direct report']);
    expect(draft.persona.startsWith('Your direct report in this situation.')).toBe(true);
  });

  it('turns figures in the situation into a firm limit', () => {
    expect(figuresIn(RAISE)).toEqual(['$95k']);
    const draft = draftScenario({ description: RAISE }, catalogue);
    expect(draft.holdsFirmOn[0]).toContain('$95k');
  });
});

/** Who and what a line can name: a relationship, a body or a thing another scenario's story is about. */
const NAMED =
  /\b(manager|boss|direct report|colleague|teammate|flatmate|roommate|landlord|tenant|neighbou?r|client|customer|recruiter|candidate|CEO|CFO|VP|HR|board|investor|partner|doctor|owner|director|team|company|staff|union|agency|store|payment|invoice|refund|card|offer|hire|launch|rota|contract|budget|salary|pay|raise)s?\b/gi;

interface Case {
  situation: string;
  /** The other person as the draft should name them. */
  aiRole: string;
  /** What would show a line borrowed from another scenario's story. */
  absent: RegExp[];
  /** Some goal or objective that speaks of this situation, or the general one that fits any. */
  fitting: RegExp;
}

const CASES: Case[] = [
  {
    situation:
      'On Thursday I ask my manager Dana for a raise to $95k; she said the budget is tight this year.',
    aiRole: 'Your manager',
    absent: [/\b(hire|candidate|offer|start date|new job|his|him|he)\b/i],
    fitting: /\braise|increase|performance\b/i,
  },
  {
    situation: 'I have to tell my direct report Sam that his last two reports were late and full of errors.',
    aiRole: 'Your direct report',
    absent: [/\b(stay|leave|quit|resign|VP|she|her)\b/i],
    fitting: /\berrors?\b/i,
  },
  {
    situation: 'My flatmate never does his share of the cleaning rota and the kitchen is always a mess.',
    aiRole: 'Your flatmate',
    absent: [/\b(payment|date|rent|credit|contribution|customer|she|her)\b/i],
    fitting: /\b(need|side|fix|again)\b/i,
  },
  {
    situation:
      'A customer wants a refund for a laptop that arrived broken, but it is past the 30 days return window.',
    aiRole: 'The customer',
    absent: [/\b(store credit|card|associate|sofa|he|she)\b/i],
    fitting: /\b(pressure|need|side|questions)\b/i,
  },
  {
    situation:
      'My client is 45 days late paying our invoice for the website redesign and keeps promising next week.',
    aiRole: 'Your client',
    absent: [/\b(outage|CEO|members|priority client|root cause|ownership)\b/i],
    fitting: /\b(pay|need|side)\w*/i,
  },
  {
    situation:
      'My landlord has ignored the broken boiler for three weeks and I want him to fix it this week.',
    aiRole: 'Your landlord',
    absent: [/\b(VP|CEO|results|exception|welcome|useful|she|her)\b/i],
    fitting: /\b(need|side|questions)\b/i,
  },
  {
    situation:
      'I want to talk to my partner about money: we keep overspending and I want us to set a monthly budget.',
    aiRole: 'Your partner',
    absent: [/\b(board|business|the talk|decision criteria|mission|organisation)\b/i],
    fitting: /\b(financial|money|need|side)\b/i,
  },
  {
    situation: 'A teammate presented my analysis to the director as his own work and took credit for it.',
    aiRole: 'The teammate',
    absent: [/\b(customer|authorship|rules|technical|she|her)\b/i],
    fitting: /\b(role|evidence|request)\b/i,
  },
  {
    situation:
      'I got a job offer at $120k and want to negotiate a higher base salary with the recruiter before I accept.',
    aiRole: 'The recruiter',
    absent: [/\b(already doing|night|union|nurse|truck|step structure)\b/i],
    fitting: /\b(base salary|salary|terms|offer)\b/i,
  },
  {
    situation:
      'My doctor keeps rushing our appointments and I want her to take my knee pain seriously and order a scan.',
    aiRole: 'Your doctor',
    absent: [/\b(refund|come back|store|card|company|chargeback|associate|he|him|his)\b/i],
    fitting: /\b(need|side|questions)\b/i,
  },
  {
    situation: 'My neighbour plays loud music until 2am every weekday and I need to ask him to keep it down.',
    aiRole: 'Your neighbour',
    absent: [/\b(contribution|technical|edits|sign-in|legal\w*|she|her)\b/i],
    fitting: /\b(need|side|questions)\b/i,
  },
  {
    situation:
      'I am cold calling a small bakery owner to sell our inventory software; she has never heard of us.',
    aiRole: 'The small bakery owner',
    absent: [/\b(went wrong|apologi\w+|come back|the owner|he|him|his)\b/i],
    fitting: /\b(sell|need|side|questions)\b/i,
  },
  {
    situation: 'I need to tell my CEO that my team cannot take on the new project without more people.',
    aiRole: 'Your CEO',
    absent: [/\b(CEO|layoffs|all-hands|compensation plan|will there be more)\b/i],
    fitting: /\b(team|options|project)\b/i,
  },
  {
    situation: 'I must explain to the CEO why the product launch slipped by a month.',
    aiRole: 'The CEO',
    absent: [/\b(CEO|bridge round|board|deputy)\b/i],
    fitting: /\b(month|plan|results|launch)\b/i,
  },
];

describe('"Draft it for me" reads true for the learner’s own situation', () => {
  it.each(CASES)('$aiRole: $situation', ({ situation, aiRole, absent, fitting }) => {
    const draft = draftScenario({ description: situation }, catalogue);
    const borrowed = [...draft.personaGoals, ...draft.holdsFirmOn, ...draft.learnerObjectives];
    // The persona after its lead ("Your CEO in this situation."), which names the role as it should.
    const character = draft.persona.slice(`${aiRole} in this situation. `.length);
    const all = [draft.title, character, ...borrowed, ...draft.tags];

    expect([draft.userRole, draft.aiRole]).toEqual(['You', aiRole]);
    expect(draft.persona.startsWith(`${aiRole} in this situation. `)).toBe(true);
    // The title is the learner's own words, not the closest scenario's.
    expect(situation.startsWith(draft.title.replace(/…$/, ''))).toBe(true);
    expect(draft.personaGoals.length).toBeGreaterThanOrEqual(2);
    expect(draft.learnerObjectives.length).toBeGreaterThanOrEqual(2);
    expect(draft.holdsFirmOn.length).toBeGreaterThanOrEqual(1);
    expect(draft.tags.length).toBeGreaterThanOrEqual(2);

    // Nothing that names another story's relationship, role or thing, nor the other person as a third one.
    for (const line of [...all.slice(1)])
      for (const pattern of absent) expect([line, pattern.test(line)]).toEqual([line, false]);
    const own = situation.toLowerCase();
    for (const line of all.slice(1))
      for (const named of line.match(NAMED) ?? [])
        expect([
          line,
          own.includes(
            named
              .toLowerCase()
              .replace(/s$/, '')
              .replace(/roommate|housemate/, 'flatmate'),
          ),
        ]).toEqual([line, true]);
    for (const line of [...draft.personaGoals, ...draft.holdsFirmOn])
      expect([line, line.includes(aiRole.replace(/^(Your|The) /, ''))]).toEqual([line, false]);

    // Something that speaks of this conversation.
    expect(borrowed.some((line) => fitting.test(line))).toBe(true);
  });

  it('gives a learner who serves a customer the server’s aims, not the asker’s', () => {
    const draft = draftScenario(
      {
        description: 'A customer is angry that her order arrived broken and wants a full refund today.',
        userRole: 'Support agent',
        aiRole: 'The customer',
      },
      catalogue,
    );
    // "Say clearly what you need" is the customer's line here; the agent acknowledges and remedies.
    expect(draft.learnerObjectives).not.toContain('Say clearly what you need and why');
    expect(draft.personaGoals).not.toContain('Understand exactly what is being asked and why');
    expect(draft.learnerObjectives.join(' ')).toMatch(/acknowledge|remedy|refund/i);
  });

  it('tells a borrowed line in the situation’s pronoun, or "they" when it has none', () => {
    expect(inPronoun('Show that she cares about the job', 'he')).toBe('Show that he cares about the job');
    expect(inPronoun('Agree on a follow-up if she cannot approve it now', 'they')).toBe(
      'Agree on a follow-up if they cannot approve it now',
    );
    expect(inPronoun('Make clear she is within her rights', 'they')).toBe(
      'Make clear they are within their rights',
    );
    expect(inPronoun('Give her a clear answer', 'he')).toBe('Give him a clear answer');
    expect(inPronoun("Feels he's being blamed", 'they')).toBe("Feels they're being blamed");
  });
});

describe('"Draft it for me" writes clean sentences', () => {
  it.each([
    'The screen of a laptop I bought 40 days ago failed and the shop says the return window is over.',
    'Something keeps going wrong and I need to raise it calmly.',
    "My neighbour's dog barks from 6am while she is at work and I work nights.",
  ])('never doubles an article: "%s"', (description) => {
    const draft = draftScenario({ description }, catalogue);
    for (const line of [...draft.learnerObjectives, ...draft.personaGoals, ...draft.holdsFirmOn])
      expect(line).not.toMatch(/\b(the|a|an) \1\b/i);
  });
});

describe('"Draft it for me" keeps to who the learner talks to and what the situation names', () => {
  it('the objective listens to the person in the role, not to a third person the situation names', () => {
    const draft = draftScenario(
      {
        description:
          "I hurt my back and can't use the pool for three months. The leisure centre keeps charging me and says I'm tied in. I have a letter from my doctor.",
        aiRole: "The leisure centre's membership manager",
      },
      catalogue,
    );
    expect(draft.learnerObjectives.join(' ')).not.toMatch(/doctor/i);
  });

  it('lends no one else’s contact details', () => {
    const draft = draftScenario(
      {
        description:
          "My brother asked me to be his best man. I can't afford the stag weekend abroad and the suit, and I want to say no but still be there on the day.",
      },
      catalogue,
    );
    expect(draft.learnerObjectives.join(' ')).not.toMatch(/\b(?:personal|phone|mobile) number\b/i);
  });
});

describe('"Draft it for me" lends no line that shares only letters with the situation', () => {
  it('a word the situation only does something with is no thing a borrowed line may be about', () => {
    const fit = situationFit(
      'My housemate keeps asking me to cover her cleaning week when she is away, and I always end up doing it.',
    );
    expect(fitsSituation('Agree on the cover for the cleaning', fit)).toBe(false);
    expect(fitsSituation('Agree who does the cleaning', fit)).toBe(true);
  });

  it('someone’s own people belong to their scenario’s story, not to a parent asking a coach', () => {
    const draft = draftScenario(
      {
        description:
          'My daughter Ama plays in the under-14 netball team and has barely played in the last five games. I want to ask her coach why, and what Ama can work on to get back on court, without sounding like a pushy parent.',
      },
      catalogue,
    );
    expect(draft.personaGoals.join(' ')).not.toMatch(/parents/i);
  });
});

describe('"Draft it for me" reads a word in the sense the situation uses it', () => {
  it('"raise it with the warden" asks for no pay rise; "ask for a raise" does', () => {
    expect(
      kindsOf('The hostel kitchen is never cleaned and I want to raise it with the warden calmly.'),
    ).not.toContain('salary-negotiation');
    expect(kindsOf('I want to ask my manager for a raise before the review.')).toContain(
      'salary-negotiation',
    );
  });
});

describe('who serves whom in a drafted scenario', () => {
  it('does not give a customer service manager the goals of the customer', () => {
    const draft = draftScenario(
      {
        title: 'My new fridge freezer keeps icing up',
        description:
          'I bought a fridge freezer three weeks ago and the freezer ices up every few days. I want them to swap it, not send another engineer.',
        userRole: 'Customer',
        aiRole: 'Store customer service manager',
      },
      catalogue,
    );
    expect(draft.personaGoals.join(' ')).not.toMatch(
      /put right|when it will be sorted|passed from one person/i,
    );
  });

  it.each([
    [
      'Raising my prices with a regular client',
      "I'm a freelance dog walker. Mrs Okafor has paid £12 a walk for three years and from March it will be £15.",
      'Dog walker',
      'Client, a retired teacher',
    ],
    [
      'Asking a client for a case study',
      'I run a small web studio. I want to ask our longest client if we can write up their new site as a case study.',
      'Studio owner',
      'Client, the shop owner',
    ],
  ])(
    'a client told of a price or asked a favour has nothing to be put right: %s',
    (title, description, userRole, aiRole) => {
      const draft = draftScenario({ title, description, userRole, aiRole }, catalogue);
      expect(draft.personaGoals.join(' ')).not.toMatch(
        /put right|when it will be sorted|passed from one person/i,
      );
    },
  );

  it('still gives a customer the goals of the one being served', () => {
    const draft = draftScenario(
      {
        title: 'A guest unhappy with her room',
        description:
          'A hotel guest says her room smells of smoke and wants to move tonight; we are fully booked.',
        userRole: 'Night manager',
        aiRole: 'Hotel guest',
      },
      catalogue,
    );
    expect(draft.learnerObjectives.join(' ')).not.toMatch(/^Say clearly what you need/);
  });
});

describe('what the other person holds firm on is not lent from another scenario', () => {
  it.each([
    [
      'Finishing early for my MBA',
      "I've got a place on an evening MBA from January and I want to ask my manager if I can finish at 4 on Tuesdays.",
      'Analyst',
      'My manager',
    ],
    [
      'Telling the team I am leaving the choir committee',
      "I've run the choir's committee for six years and want to hand it over at the AGM without upsetting the members.",
      'Committee chair',
      'The choir director',
    ],
    [
      'Extra design rounds',
      'A client paid for a logo with two rounds of changes and has asked for a third round for free.',
      'Freelance designer',
      'Client',
    ],
  ])('%s: only the figures in play and how anyone behaves', (title, description, userRole, aiRole) => {
    const draft = draftScenario({ title, description, userRole, aiRole }, catalogue);
    for (const line of draft.holdsFirmOn)
      expect(line).toMatch(/^Holds firm on the figures in play|^Will ask for concrete details/);
  });
});

describe('what the other person wants is not lent from another scenario', () => {
  it('a brother who borrows the van has no rota to fill', () => {
    const draft = draftScenario(
      {
        title: 'The van and the diesel',
        description:
          'My brother Callum takes my work van most weekends and leaves it empty of diesel. I drive it to early shifts on Mondays and want him to fill it up.',
        userRole: 'Electrician',
        aiRole: 'Callum, my brother',
      },
      catalogue,
    );
    expect(draft.personaGoals).toEqual([
      'Understand exactly what is being asked and why',
      'Hear what the other person suggests',
    ]);
  });
});

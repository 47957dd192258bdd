import type { ScenarioDefinition } from '@parley/contracts';
import { loadScenarios } from '../__fixtures__/catalogue';
import { personaProfile } from './persona-profile';
import { toFirstPerson, toSecondPerson } from './perspective';

const scenarios = loadScenarios();
const byId = (id: string): ScenarioDefinition => {
  const found = scenarios.find((s) => s.id === id);
  if (!found) throw new Error(`no scenario ${id}`);
  return found;
};

describe('point of view', () => {
  const refs = {
    names: ['Maribel Ortiz', 'Maribel'],
    learnerNouns: ['candidate', 'agent'],
    theyIsLearner: false,
  };

  it('turns a third-person description into the persona’s own words', () => {
    expect(
      toFirstPerson('She paid the shop for express delivery and expects the shop to own it.', refs),
    ).toBe('I paid the shop for express delivery and expect the shop to own it.');
    expect(toFirstPerson('Maribel was promoted six months ago and manages eight people.', refs)).toBe(
      'I was promoted six months ago and manage eight people.',
    );
    expect(toFirstPerson('Her manager wants all offers accepted by month end.', refs)).toBe(
      'My manager wants all offers accepted by month end.',
    );
    expect(
      toFirstPerson("Won't accept 'it was a tough call' as the reason", refs, { impliedSubject: true }),
    ).toBe("I won't accept 'it was a tough call' as the reason");
    expect(toFirstPerson('Check that the candidate knows the company', refs)).toBe(
      'Check that you know the company',
    );
  });

  it('"she\'s" before what she has done is "I\'ve", before how she is "I\'m"', () => {
    expect(toFirstPerson("She's lent money to her cousin twice and she's tired of it.", refs)).toBe(
      "I've lent money to my cousin twice and I'm tired of it.",
    );
    expect(toFirstPerson("She's asked for the day off three times.", refs)).toBe(
      "I've asked for the day off three times.",
    );
    expect(
      toFirstPerson("Won't sign because she's told to by her manager.", refs, { impliedSubject: true }),
    ).toBe("I won't sign because I'm told to by my manager.");
  });

  it('turns the learner’s words round to the persona’s side', () => {
    expect(toSecondPerson('I can refund you the $8.95 today.')).toBe('you can refund me the $8.95 today.');
    expect(toSecondPerson('I think you should give me more')).toBe('you think I should give you more');
    expect(toSecondPerson('a short email crediting both of us')).toBe('a short email crediting both of us');
  });
});

describe('the persona profile read from a scenario', () => {
  it('states firm positions in the first person, with what would move it and what it can give', () => {
    const recruiter = personaProfile(byId('sn-first-offer-ask-for-more'));
    const [salary, startDate] = recruiter.positions;
    expect(salary?.statement).toBe("I can't go above $56,000 without director approval.");
    // What would move it stays private: the persona never reads its own condition aloud.
    expect(salary?.evidenceAsk).toBeNull();
    expect(salary?.anchor).toMatchObject({ direction: 'ceiling', figure: { value: 56_000 } });
    expect(startDate?.reason).toBe('Because the graduate training cohort begins that day.');

    const neighbour = personaProfile(byId('cr-jackhammers-at-seven'));
    expect(neighbour.positions[0]?.concession).toBe('I can move the loudest tasks to the afternoon.');
  });

  it('knows which way a figure should move', () => {
    const customer = personaProfile(scenarios.find((s) => s.holdsFirmOn.some((h) => h.includes('$420')))!);
    expect(customer.positions.find((p) => p.anchor)?.anchor?.direction).toBe('floor');
  });

  it('keeps hidden goals and confidential background to itself', () => {
    const roommate = personaProfile(
      scenarios.find((s) => s.personaGoals.includes('Avoid admitting that he is short on money'))!,
    );
    expect(roommate.goals.find((g) => g.statement === null)?.kind).toBe('hidden');
    const recruiter = personaProfile(byId('sn-first-offer-ask-for-more'));
    expect(recruiter.facts.find((f) => f.statement.includes('band'))?.sensitivity).toBe('confidential');
  });

  it("keeps to itself how it hides what it feels, which is the narrator's, not its own", () => {
    const base = byId('sn-first-offer-ask-for-more');
    for (const note of [
      'He is embarrassed about the debt and hides it behind jokes.',
      'She masks her nerves with small talk.',
      'He pretends the money does not matter to him.',
    ]) {
      const profile = personaProfile({ ...base, persona: { ...base.persona, background: note } });
      expect(profile.facts.every((f) => f.sensitivity === 'confidential')).toBe(true);
    }
  });

  it('speaks about itself in the first person for every scenario in the catalogue', () => {
    for (const scenario of scenarios) {
      const profile = personaProfile(scenario);
      const lines = [
        ...profile.positions.flatMap((p) => [p.statement, p.concession, p.evidenceAsk, p.reason, ...p.more]),
        ...profile.goals.map((g) => g.statement),
        ...profile.facts.map((f) => f.statement),
      ].filter((l): l is string => !!l);
      for (const line of lines) {
        expect(line).toMatch(/[.!?]$/);
        expect(line).not.toMatch(/^(?:She|He) (?:will|wants|is|has|won't|keeps|insists)\b/);
        expect(line).not.toMatch(/\bthe (?:candidate|learner|user)\b/i);
        expect(line).not.toMatch(new RegExp(`^${scenario.persona.name} `));
      }
    }
  });
});

describe('a person who goes by their role', () => {
  it('is "your landlord" when the learner named no one, and keeps a name the learner gave', () => {
    const base = byId(scenarios[0]!.id);
    const landlord = { ...base, aiRole: 'My landlord', persona: { ...base.persona, name: 'Landlord' } };
    expect(personaProfile(landlord).firstName).toBe('your landlord');
    const dana = { ...base, aiRole: 'Engineering manager', persona: { ...base.persona, name: 'Dana Okoye' } };
    expect(personaProfile(dana).firstName).toBe('Dana');
  });
});

describe('words that only look like verbs or fit only one person', () => {
  const refs = { names: ['Nadia Brook', 'Nadia'], learnerNouns: ['candidate'], theyIsLearner: false };

  it.each([
    ['She wants a bigger budget or bonus for the launch month.', 'bonus'],
    ['She expects the old status or focus to stay as it is.', 'status'],
    ['She asks about the analysis or thesis before deciding.', 'thesis'],
  ])('"%s" keeps "%s" whole in the first person', (text, word) => {
    expect(toFirstPerson(text, refs)).toContain(` ${word} `);
  });

  it('asks "whether the person has…" of the learner as "Have you…?"', () => {
    const def = {
      ...byId('sn-first-offer-ask-for-more'),
      personaGoals: [
        'Check whether the person has read the handbook',
        'Find out if the learner is free on Mondays',
      ],
    };
    const statements = personaProfile(def).goals.map((g) => g.statement);
    expect(statements).toContain('Have you read the handbook?');
    expect(statements.join(' ')).not.toMatch(/\bHas you\b|\bIs you\b/);
  });
});

import { CUSTOM_SCENARIO_PREFIX, type ScenarioDefinition, scenarioDefinitionSchema } from '@parley/contracts';

/**
 * Own scenarios, as learners write them in the form: the situation in the first person ("my flatmate…"),
 * the other person's fields short and plain, their own objectives. "I" and "my" in a situation are the
 * learner, never the partner. The scripted learners play them like any catalogue scenario. Their ids
 * carry the prefix the sessions service gives every scenario a learner writes, so the providers see them
 * exactly as they see a learner's own.
 */
const own = (
  s: Omit<ScenarioDefinition, 'premium' | 'timeEstimate' | 'tags'> & { tags?: string[] },
): ScenarioDefinition => {
  if (!s.id.startsWith(CUSTOM_SCENARIO_PREFIX))
    throw new Error(`an own scenario's id starts ${CUSTOM_SCENARIO_PREFIX}`);
  return scenarioDefinitionSchema.parse({
    premium: false,
    timeEstimate: '5-10 min',
    tags: ['custom', 'practice'],
    ...s,
  });
};

export const OWN_SCENARIOS: ScenarioDefinition[] = [
  own({
    id: 'custom-flatmate-electricity',
    title: 'Flatmate and the electricity bill',
    description:
      "My flatmate Jonas hasn't paid his half of the electricity for three months and it's now £240 I've covered. I want to ask him to pay it back and agree how we split bills from now on without wrecking the friendship.",
    category: 'conflict-resolution',
    difficulty: 'Beginner',
    userRole: 'Me, sharing a flat',
    aiRole: 'My flatmate',
    persona: {
      name: 'Jonas',
      background:
        'Shares a two-bed flat with me, started a new job in the summer and money is tight for him.',
      personality: 'Easy-going, avoids awkward talks, a bit embarrassed about money.',
      speakingStyle: 'Casual, jokes when uncomfortable.',
    },
    personaGoals: ['Not look like a freeloader', 'Pay in instalments rather than all at once'],
    holdsFirmOn: ['Cannot pay the whole £240 this month'],
    learnerObjectives: [
      'Say the amount and how long it has been',
      'Agree a date or a plan for paying it back',
      'Agree how we split bills from now on',
    ],
    strongResponses: [
      'Names the amount calmly',
      'Offers instalments',
      'Suggests a shared bills app or a standing order',
    ],
    openingLine: "Hey, what's up? You said you wanted a word.",
  }),
  own({
    id: 'custom-landlord-heating',
    title: 'No heating since Tuesday',
    description:
      "The heating in my flat has been broken since Tuesday and my landlord Mr Patel keeps saying an engineer is 'on the way'. I have a baby at home. I want a firm date for the repair and a heater in the meantime.",
    category: 'customer-service',
    difficulty: 'Intermediate',
    userRole: 'Tenant',
    aiRole: 'My landlord',
    persona: {
      name: 'Mr Patel',
      background: 'Owns four flats, manages them himself, his usual engineer is on holiday.',
      personality: 'Polite but vague, hates spending money on call-out fees.',
      speakingStyle: 'Short sentences, promises without dates.',
    },
    personaGoals: ['Avoid paying an emergency call-out', 'Keep a good tenant'],
    holdsFirmOn: ['Will not pay for a hotel'],
    learnerObjectives: [
      'Get a firm date for the repair',
      'Get a temporary heater today',
      'Stay calm but firm',
    ],
    strongResponses: [
      'States the impact on the baby',
      'Asks for a date, not a promise',
      'Mentions the legal duty calmly',
    ],
    openingLine: 'Hello, yes, I know, the engineer is on the way, I told you.',
  }),
  own({
    id: 'custom-freelance-late-invoice',
    title: 'Chasing a late invoice',
    description:
      "I'm a freelance illustrator. A client, Bright Sparks Studio, is 45 days late paying my £1,800 invoice. I want it paid this week and a late fee agreed for next time, but I'd like to keep working with them.",
    category: 'sales',
    difficulty: 'Intermediate',
    userRole: 'Freelance illustrator',
    aiRole: "The studio's producer",
    persona: {
      name: 'Claire',
      background: 'Producer at a small studio whose own client paid late, so cash is short.',
      personality: 'Friendly, apologetic, stalls with process.',
      speakingStyle: 'Warm and chatty, says "totally" a lot.',
    },
    personaGoals: ['Buy a couple more weeks', 'Keep the illustrator for the next project'],
    holdsFirmOn: ['Finance only runs payments on Fridays'],
    learnerObjectives: [
      'Name the invoice, the amount and how late it is',
      'Get a payment date this week',
      'Agree a late fee for future invoices',
    ],
    strongResponses: [
      'States facts without blame',
      'Asks for a specific date',
      'Puts the late fee in writing',
    ],
    openingLine: 'Hiya! So sorry, I know, the invoice. Totally on my list!',
  }),
  own({
    id: 'custom-bakery-wedding-cakes',
    title: 'The wrong wedding cakes',
    description:
      'I run a small bakery. We delivered the wrong flavour for two of a couple’s wedding cakes on Saturday. The bride, Sofia, is calling today, upset. I want to apologise properly and offer a refund that the business can afford.',
    category: 'customer-service',
    difficulty: 'Advanced',
    userRole: 'Bakery owner',
    aiRole: 'The bride, my customer',
    persona: {
      name: 'Sofia',
      background: 'Got married on Saturday; two of the three cakes were lemon instead of chocolate.',
      personality: 'Hurt more than angry, wants to be taken seriously.',
      speakingStyle: 'Emotional, detailed, repeats the key moment.',
    },
    personaGoals: ['Hear a real apology', 'Get money back for the two cakes'],
    holdsFirmOn: ['Will not accept a voucher instead of money'],
    learnerObjectives: [
      'Apologise without excuses',
      'Offer a concrete refund',
      'Say what will change so it never happens again',
    ],
    strongResponses: [
      'Acknowledges the day mattered',
      'Names the refund amount',
      'Explains the new checking step',
    ],
    openingLine: 'Hi. I need to talk to you about Saturday. Two of our cakes were wrong.',
  }),
];

import type { ChatTone, ScenarioDefinition } from '@parley/contracts';
import { loadScenarios } from '../__fixtures__/catalogue';
import type { ChatLine } from './conversation-state';
import { planReply, type ReplyPlan } from './roleplay-engine';

/*
 * What a partner says next, read as a learner would: it does not ask for what was just given, nor
 * answer a question about why with a fact that happens to share a word with it.
 */

const scenarios = loadScenarios();
const inCategory = (category: ScenarioDefinition['category']): ScenarioDefinition[] =>
  scenarios.filter((s) => s.category === category);

function reply(scenario: ScenarioDefinition, tone: ChatTone, turns: string[]): ReplyPlan {
  const messages: ChatLine[] = turns.map((content, i) => ({ sender: i % 2 === 0 ? 'ai' : 'user', content }));
  return planReply({ scenario, tone, messages, seed: 9 });
}

describe('turn-taking that a learner can follow', () => {
  // A graduate's offer talk, played to the turn where the figure is named and then to the last one.
  const offerTalk = (scenario: ScenarioDefinition, lines: string[]): ReplyPlan => {
    const messages: ChatLine[] = [{ sender: 'ai', content: scenario.openingLine }];
    let plan: ReplyPlan | undefined;
    for (const line of lines) {
      messages.push({ sender: 'user', content: line });
      plan = planReply({ scenario, tone: 'friendly', messages, seed: 9 });
      messages.push({ sender: 'ai', content: plan.text });
    }
    return plan!;
  };
  const graduate = scenarios.find((s) => s.id === 'sn-first-offer-ask-for-more')!;
  const talk = [
    "Thank you, I'm really glad to get this offer and I liked the team a lot.",
    "I'd like to talk about the salary. The figures I found for this role in the city run from 55 to 58 thousand.",
    "I've also passed two CPA exams already, so I think I can contribute quickly.",
    "So I'd like to ask whether 57,000 is possible?",
  ];

  it('does not ask what a figure is based on after the learner has given reasons', () => {
    const plan = offerTalk(graduate, talk);
    expect(plan.moves.some((m) => m.kind === 'figure')).toBe(true);
    expect(plan.text).not.toMatch(/based on|how you got to that number|why should i go there/i);
  });

  it('weighs a figure that came with its reason in the same line, without asking where it comes from', () => {
    for (const scenario of inCategory('salary-negotiation'))
      for (const tone of ['friendly', 'neutral', 'tough'] as const) {
        const plan = reply(scenario, tone, [
          scenario.openingLine,
          'I am asking for $95k because I led the billing migration that saved two weeks.',
        ]);
        expect(plan.text).not.toMatch(
          /where does that number come from|walk me through how you got|based on\?/i,
        );
      }
  });

  it('answers "Could we agree that you decide by the 15th?" as the promise it asks, not as permission', () => {
    for (const scenario of inCategory('salary-negotiation')) {
      const plan = reply(scenario, 'neutral', [
        scenario.openingLine,
        'Could we agree that you decide by the 15th, after the budget review?',
      ]);
      expect(plan.text).not.toMatch(/^(?:Sure|Go ahead|Okay, I'm listening)\.?$/);
    }
  });

  it('grants time to think without pressing for a decision in the same breath', () => {
    const plan = offerTalk(graduate, [
      ...talk,
      'Okay, I understand. Could I have until Friday to think it over?',
    ]);
    expect(plan.moves.map((m) => m.kind)).not.toContain('wrap-up');
    expect(plan.text).not.toMatch(/where do we land|let's land this/i);
    expect(plan.text).toMatch(/take the time you need/i);
  });

  it('answers "what got you into…" without reading out a fact that only shares a word with it', () => {
    for (const scenario of inCategory('networking').slice(0, 6)) {
      const plan = reply(scenario, 'friendly', [
        scenario.openingLine,
        'Nice to meet you. I teach chemistry at a secondary school.',
        'Oh, interesting.',
        'What got you into your line of work?',
      ]);
      const answer = plan.moves.find((m) => m.kind === 'answer');
      expect(answer?.kind === 'answer' && answer.content.kind).toBe('generic');
    }
  });

  it('does not turn "What about you?" back on someone who just said what they do', () => {
    for (const scenario of inCategory('networking')) {
      const plan = reply(scenario, 'friendly', [
        scenario.openingLine,
        "I'm a physiotherapist, I run a small clinic near the station.",
      ]);
      expect(plan.text).not.toMatch(/\b(?:what|how) about you\?|\band you\?/i);
    }
  });
});

describe('requests the partner can grant', () => {
  const [scenario] = inCategory('giving-feedback');

  it('promises what it is asked to do, however the request opens', () => {
    const plan = reply(scenario!, 'neutral', [
      'Did you want to see me?',
      'From now on could you send me the draft a day early?',
    ]);
    const answer = plan.moves.find((m) => m.kind === 'answer');
    expect(answer?.kind === 'answer' && answer.content.kind).toBe('pledge');
  });

  it('says yes to "have you got five minutes?"', () => {
    const plan = reply(scenario!, 'friendly', ['Morning!', 'Hi Sam, have you got five minutes?']);
    const answer = plan.moves.find((m) => m.kind === 'answer');
    expect(answer?.kind === 'answer' && answer.content.kind).toBe('sure');
  });
});

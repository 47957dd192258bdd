import { loadScenarios } from '../__fixtures__/catalogue';
import { deriveState, WALK_OUT_MARK, type ChatLine } from './conversation-state';
import { analyseMessage } from './message-analysis';
import { personaProfile } from '../scenario/persona-profile';

const scenario = loadScenarios().find((s) => s.id === 'sn-first-offer-ask-for-more')!;
const profile = personaProfile(scenario);

function stateAfter(lines: string[], persona: string[] = []): ReturnType<typeof deriveState> {
  const messages: ChatLine[] = [{ sender: 'ai', content: scenario.openingLine }];
  lines.forEach((line, i) => {
    messages.push({ sender: 'user', content: line });
    if (i < lines.length - 1)
      messages.push({ sender: 'ai', content: persona[i] ?? `Reply number ${i + 1}.` });
  });
  return deriveState(profile, messages, analyseMessage(lines[lines.length - 1]!));
}

describe('conversation state, derived from the history', () => {
  it('moves from opening through exploring and negotiating to resolving', () => {
    const lines = Array.from({ length: 9 }, (_, i) => `Point ${i + 1} about the role.`);
    expect(stateAfter(lines.slice(0, 1)).phase).toBe('opening');
    expect(stateAfter(lines.slice(0, 2)).phase).toBe('exploring');
    expect(stateAfter(lines.slice(0, 5)).phase).toBe('negotiating');
    expect(stateAfter(lines.slice(0, 8)).phase).toBe('resolving');
  });

  it('is pulled forward by what is said: an offer starts negotiating, a closing signal resolves', () => {
    expect(stateAfter(['Thanks!', 'Would $57,000 work?']).phase).toBe('negotiating');
    expect(stateAfter(['Thanks!', "Let's wrap up, I'll confirm in writing."]).phase).toBe('resolving');
  });

  it('tracks the learner’s offers and the persona’s own figures, not the ones it repeated', () => {
    const state = stateAfter(
      ['Would $57,000 work?', 'How about $56,000?'],
      ['$57,000 is more than I can do. $54,000 is where I can land.'],
    );
    expect(state.learnerFigures.map((f) => f.value)).toEqual([57_000]);
    expect(state.personaFigures.map((f) => f.value)).toEqual([52_000, 54_000]);
  });

  it('remembers what the persona said, how the learner behaved, and a walk-out', () => {
    const state = stateAfter(
      ["I'm so sorry.", 'You are an idiot.', 'Hello?'],
      ['Thank you, I appreciate the apology.', `${WALK_OUT_MARK}. Call me back when you can be civil.`],
    );
    expect(state.said.has('thank you i appreciate the apology')).toBe(true);
    expect(state.apologies).toBe(1);
    expect(state.hostility).toBe(1);
    expect(state.walkedOut).toBe(true);
  });
});

import type { ChatTone, ScenarioDefinition } from '@parley/contracts';
import type { ChatLine } from '../partner/conversation-state';
import { generateOpening, generateReply } from '../partner/roleplay-engine';
import { loadScenarios } from './catalogue';

/** A conversation with the builtin partner, for specs: the catalogue's scenarios and a way to talk. */

let catalogue: ScenarioDefinition[] | undefined;

/** A catalogue scenario by id. */
export function catalogueScenario(id: string): ScenarioDefinition {
  catalogue ??= loadScenarios();
  const found = catalogue.find((s) => s.id === id);
  if (!found) throw new Error(`no scenario ${id}`);
  return found;
}

/** The partner's reply to each of the learner's turns, after its own opening. */
export function play(def: ScenarioDefinition, tone: ChatTone, turns: string[]): string[] {
  const messages: ChatLine[] = [{ sender: 'ai', content: generateOpening(def, tone) }];
  return turns.map((said) => {
    messages.push({ sender: 'user', content: said });
    const reply = generateReply({ scenario: def, tone, messages });
    messages.push({ sender: 'ai', content: reply });
    return reply;
  });
}

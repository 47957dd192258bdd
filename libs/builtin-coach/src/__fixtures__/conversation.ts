import type { ChatTone, ScenarioDefinition } from '@parley/contracts';
import type { ChatLine } from '../partner/conversation-state';
import { generateOpening, generateReply, planReply } from '../partner/roleplay-engine';
import { draftScenario } from '../scenario/draft-scenario';
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

/** A scenario of a spec's own, on the frame of a catalogue one: what it does not say is the frame's. */
export function variantOf(frame: ScenarioDefinition, over: Partial<ScenarioDefinition>): ScenarioDefinition {
  return { ...frame, ...over, persona: { ...frame.persona, ...over.persona } };
}

/** Each seed's whole conversation: the partner's reply to every line, seeds 0 to 7 one after the other. */
export function conversationsOverSeeds(def: ScenarioDefinition, tone: ChatTone, lines: string[]): string[][] {
  return Array.from({ length: 8 }, (_, seed) => {
    const messages: ChatLine[] = [{ sender: 'ai', content: def.openingLine }];
    return lines.map((line) => {
      messages.push({ sender: 'user', content: line });
      const text = planReply({ scenario: def, tone, messages, seed }).text;
      messages.push({ sender: 'ai', content: text });
      return text;
    });
  });
}

/** Every reply the partner could give to the learner's last line, over a spread of seeds. */
export function lastRepliesOverSeeds(def: ScenarioDefinition, tone: ChatTone, lines: string[]): string[] {
  return conversationsOverSeeds(def, tone, lines).map((replies) => replies[replies.length - 1] ?? '');
}

/**
 * An own scenario as the sessions service builds it from the learner's four fields and the draft, on the
 * frame of a catalogue one; `who` is the persona's name and the scenario's id.
 */
export function ownScenarioOf(
  frame: ScenarioDefinition,
  fields: { title: string; description: string; userRole: string; aiRole: string },
  who: { id: string; name: string },
): ScenarioDefinition {
  catalogue ??= loadScenarios();
  const draft = draftScenario(fields, catalogue);
  return variantOf(frame, {
    id: who.id,
    category: 'conflict-resolution',
    ...fields,
    persona: {
      name: who.name,
      background: `${fields.aiRole} in this situation.`,
      personality: 'Reasonable.',
      speakingStyle: 'Plain, everyday sentences.',
    },
    personaGoals: draft.personaGoals,
    holdsFirmOn: draft.holdsFirmOn,
    learnerObjectives: draft.learnerObjectives,
    openingLine: 'You wanted to talk — what is on your mind?',
  });
}

import type { ScenarioDefinition } from '@parley/contracts';

/*
 * One fixed voice per persona. OPENAI_SPEECH_VOICES names the server's voices in pools by how the
 * scenario speaks of its persona: `she:nova,shimmer he:onyx,echo any:alloy` (OpenAI's voices by
 * default; Kokoro's would be `she:af_heart,af_bella he:am_adam,am_michael any:af_heart`). A persona
 * written about as "she" gets a voice from `she`, as "he" from `he`, otherwise from `any`; within its
 * pool the persona's name picks the voice, so the same persona always sounds the same.
 */

export const VOICE_POOLS = ['she', 'he', 'any'] as const;
export type VoicePool = (typeof VOICE_POOLS)[number];
export type VoiceMap = Record<VoicePool, string[]>;

export const DEFAULT_VOICES = 'she:nova,shimmer,coral he:onyx,echo,ash any:alloy,sage,fable';

/** Reads OPENAI_SPEECH_VOICES; throws with what is wrong, for the env check at start. */
export function parseVoiceMap(spec: string): VoiceMap {
  const map: VoiceMap = { she: [], he: [], any: [] };
  for (const part of spec.trim().split(/\s+/).filter(Boolean)) {
    const match = /^(she|he|any):([\w.\-,]+)$/.exec(part);
    if (!match) throw new Error(`"${part}" is not pool:voice,voice with a pool of she, he or any`);
    map[match[1] as VoicePool].push(...match[2]!.split(',').filter(Boolean));
  }
  if (map.any.length === 0) map.any = [...map.she, ...map.he];
  if (map.any.length === 0) throw new Error('names no voice');
  return map;
}

/** Which pool the scenario's own words put its persona in: "she"/"her" or "he"/"his" in its background. */
export function poolOf(persona: ScenarioDefinition['persona']): VoicePool {
  const words = `${persona.background} ${persona.personality} ${persona.speakingStyle}`.toLowerCase();
  const count = (pattern: RegExp) => words.match(pattern)?.length ?? 0;
  const she = count(/\b(she|her|hers|herself)\b/g);
  const he = count(/\b(he|him|his|himself)\b/g);
  if (she > he) return 'she';
  if (he > she) return 'he';
  return 'any';
}

/** A stable number for a name (FNV-1a), so a persona keeps its voice across restarts and instances. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** The voice the persona of `scenario` speaks with; the `any` pool's first without a scenario. */
export function voiceFor(map: VoiceMap, scenario: ScenarioDefinition | undefined): string {
  if (!scenario) return map.any[0]!;
  const pool = map[poolOf(scenario.persona)];
  const voices = pool.length > 0 ? pool : map.any;
  return voices[hashOf(scenario.persona.name) % voices.length]!;
}

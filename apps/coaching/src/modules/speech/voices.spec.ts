import type { ScenarioDefinition } from '@parley/contracts';
import { DEFAULT_VOICES, parseVoiceMap, poolOf, voiceFor } from './voices';

const persona = (name: string, background: string): ScenarioDefinition['persona'] => ({
  name,
  background,
  personality: 'Calm and precise.',
  speakingStyle: 'Short sentences.',
});
const scenario = (p: ScenarioDefinition['persona']) => ({ persona: p }) as ScenarioDefinition;

describe('voices', () => {
  it('reads pools of voices, and makes "any" of the others when it is not named', () => {
    expect(parseVoiceMap(DEFAULT_VOICES)).toEqual({
      she: ['nova', 'shimmer', 'coral'],
      he: ['onyx', 'echo', 'ash'],
      any: ['alloy', 'sage', 'fable'],
    });
    expect(parseVoiceMap('she:af_heart he:am_adam').any).toEqual(['af_heart', 'am_adam']);
    expect(() => parseVoiceMap('nova,onyx')).toThrow(/pool:voice/);
  });

  it('puts a persona in the pool the scenario speaks of it in', () => {
    expect(poolOf(persona('Dana Ruiz', 'She runs the regional team; her budget is tight.'))).toBe('she');
    expect(poolOf(persona('Sam Okafor', 'He has led sales for ten years and his targets are high.'))).toBe(
      'he',
    );
    expect(poolOf(persona('Alex', 'A recruiter at a grocery chain.'))).toBe('any');
  });

  it('gives a persona the same voice every time, from its pool', () => {
    const map = parseVoiceMap(DEFAULT_VOICES);
    const dana = scenario(persona('Dana Ruiz', 'She runs the regional team.'));
    const voice = voiceFor(map, dana);
    expect(map.she).toContain(voice);
    expect(voiceFor(map, dana)).toBe(voice);
    expect(voiceFor(map, undefined)).toBe('alloy');
  });
});

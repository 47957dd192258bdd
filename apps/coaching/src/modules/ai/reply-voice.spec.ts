import {
  inOneVoice,
  languageOf,
  maxSentencesFor,
  ReplyVoice,
  voiceOf,
  type VoiceOptions,
} from './reply-voice';
import { salaryScenario as scenario, sampleTranscript } from './testing/fixtures';

const voice: VoiceOptions = voiceOf(scenario, sampleTranscript);
const name = scenario.persona.name;
const first = name.split(' ')[0]!;

/** The same text through the stream filter, cut into pieces of `size` characters. */
function streamed(text: string, size: number): { shown: string; pieces: string[] } {
  const v = new ReplyVoice(voice);
  const pieces: string[] = [];
  for (let i = 0; i < text.length; i += size) {
    const out = v.push(text.slice(i, i + size));
    if (out) pieces.push(out);
  }
  const rest = v.end();
  if (rest) pieces.push(rest);
  return { shown: pieces.join('').trim(), pieces };
}

const CASES: Array<[string, string, string]> = [
  [
    'a clean reply',
    'I hear you. What would make this work for you?',
    'I hear you. What would make this work for you?',
  ],
  [
    'the persona’s name first',
    `${name}: I hear you. What number did you have in mind?`,
    'I hear you. What number did you have in mind?',
  ],
  ['the first name in bold', `**${first}:** I hear you.`, 'I hear you.'],
  [
    '"AI:" first',
    'AI: That is a fair point, but the band is tight.',
    'That is a fair point, but the band is tight.',
  ],
  ['wrapped in quotes', '"That is a fair point. Tell me more."', 'That is a fair point. Tell me more.'],
  ['a label and quotes', `${first}: “Let me be honest with you.”`, 'Let me be honest with you.'],
  [
    'stage directions',
    '*leans back in the chair* I hear you. (smiles) But the band is tight. [pauses] What else matters to you?',
    'I hear you. But the band is tight. What else matters to you?',
  ],
  [
    'brackets that are speech stay',
    'We could go to $56,000 (the top of the band) if you start in May.',
    'We could go to $56,000 (the top of the band) if you start in May.',
  ],
  [
    'speaking for the learner',
    'That is fair. What would you need?\nLearner: I would need $57,000.\nDana: Then we have a deal.',
    'That is fair. What would you need?',
  ],
  [
    '"You:" after a sentence',
    'I can check with my manager. You: Thank you, that would help.',
    'I can check with my manager.',
  ],
  [
    'a monologue',
    'I hear you. The band is tight this year. We had three hires already. Finance watches every offer. I cannot promise anything. Let me tell you about our benefits. They are generous.',
    'I hear you. The band is tight this year. We had three hires already. Finance watches every offer.',
  ],
  [
    'a switch of language',
    'I understand your point. Pero, sinceramente, no tengo mucho margen en el presupuesto este año.',
    'I understand your point.',
  ],
  ['another script', 'I understand. 我们的预算很紧张。', 'I understand.'],
];

describe('replies in one voice', () => {
  it.each(CASES)('trims %s, whole and streamed in any pieces', (_what, raw, expected) => {
    expect(inOneVoice(raw, voice)).toBe(expected);
    for (const size of [1, 3, 7, 1000]) expect(streamed(raw, size).shown).toBe(expected);
  });

  it('streams word by word once a sentence has shown whose turn and language it is', () => {
    const { pieces } = streamed('I hear you, and I really appreciate you raising it with me today.', 4);
    expect(pieces.length).toBeGreaterThan(3);
  });

  it('says when the turn is over, so the stream can stop', () => {
    const v = new ReplyVoice(voice);
    v.push('Fine by me. Learner: great, thanks so much');
    expect(v.ended).toBe(true);
    expect(v.push(' more words')).toBe('');
  });

  it('lets a persona the scenario says talks at length say more', () => {
    const storyteller = {
      ...scenario,
      persona: { ...scenario.persona, speakingStyle: 'Tells the story in vivid detail.' },
    };
    expect(maxSentencesFor(storyteller)).toBeGreaterThan(4);
    expect(maxSentencesFor(scenario)).toBe(4);
  });

  it('keeps the learner’s own language when the learner writes in it', () => {
    const spanish = voiceOf(scenario, [
      {
        sender: 'user',
        content: 'Hola, creo que merezco un aumento porque tengo buenos resultados este año.',
      },
    ]);
    expect(inOneVoice('Entiendo. Pero el presupuesto es muy limitado este año.', spanish)).toBe(
      'Entiendo. Pero el presupuesto es muy limitado este año.',
    );
    expect(languageOf('I am not sure that is possible this year.')).toBe('en');
    expect(languageOf('Pero no tengo margen en el presupuesto.')).toBe('other');
  });
});

describe('sentences the persona already said', () => {
  it('are left out of a later reply, whole and streamed, and the rest still shows', () => {
    const said = voiceOf(scenario, [
      { sender: 'ai', content: 'The band is tight this year. What matters most to you?' },
      { sender: 'user', content: 'The salary.' },
    ]);
    const raw = 'I see. The band is tight this year. Could you start in May?';
    expect(inOneVoice(raw, said)).toBe('I see. Could you start in May?');
    const v = new ReplyVoice(said);
    let shown = '';
    for (const ch of raw) shown += v.push(ch);
    expect((shown + v.end()).trim()).toBe('I see. Could you start in May?');
  });
});

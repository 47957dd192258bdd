import {
  inlineCoachingSchema,
  sessionFeedbackSchema,
  type Message,
  type SessionFeedback,
} from '@parley/contracts';
import { coachMessage, scoreTranscript } from '@parley/builtin-coach';
import {
  EVERY_RECOVERABLE_QUIRK,
  EVERY_SMALL_MODEL_QUIRK,
  SERVER_FAMILIES,
  startModelServerDouble,
  type ModelServerDouble,
  type Quirks,
} from '@parley/server-testing';
import { MODEL_DOWN_NOTICE, OpenAiProvider } from './openai-provider';
import { salaryScenario as scenario, sampleTranscript as transcript } from './testing/fixtures';

/*
 * The openai provider against a double that answers like a 3–8B model: the answer is there, its shape is
 * not. Each habit on its own, then all of them with every recoverable server quirk: a feedback for every
 * session (what the model left out filled by the builtin engine and said so in `sources`), replies in
 * the persona's voice, tips with four sections.
 */

let double: ModelServerDouble | undefined;
afterEach(async () => {
  await double?.close();
  double = undefined;
});

async function providerWith(quirks: Quirks, family: (typeof SERVER_FAMILIES)[number] = 'ollama') {
  await double?.close();
  double = await startModelServerDouble(family, { chunkDelayMs: 0, retryAfter: '0', ...quirks });
  const logs: string[] = [];
  const provider = new OpenAiProvider({
    baseURL: double.baseUrl,
    model: 'double-model',
    transcribeModel: 'whisper-1',
    timeoutMs: 3000,
    streamIdleMs: 2000,
    retry: { maxRetries: 2, baseDelayMs: 5, maxWaitMs: 1500 },
    log: (m) => logs.push(m),
  });
  return { provider, logs, double };
}

async function reply(provider: OpenAiProvider, messages: Message[] = transcript) {
  const pieces: string[] = [];
  const notices: string[] = [];
  for await (const piece of provider.streamReply(
    { scenario, tone: 'neutral', messages, onNotice: (n) => notices.push(n) },
    new AbortController().signal,
  ))
    pieces.push(piece);
  return { pieces, text: pieces.join(''), notices };
}

/** Every quote is a learner line of the transcript, word for word. */
function expectVerbatimEvidence(feedback: SessionFeedback): void {
  for (const d of ['clarity', 'empathy', 'persuasion'] as const) {
    expect(feedback.evidence[d].length).toBeGreaterThan(0);
    for (const e of feedback.evidence[d])
      expect(transcript[e.index!]).toEqual({ sender: 'user', content: e.line });
  }
}

const sentences = (text: string) => text.split(/(?<=[.!?])\s+/).filter(Boolean);

/** What the model says with no habit on: the baseline each habit is compared with. */
let plain: SessionFeedback;
beforeAll(async () => {
  const { provider } = await providerWith({});
  plain = await provider.feedback({ messages: transcript, scenario });
  expect(plain.sources?.clarity).toBe('model');
  await double?.close();
  double = undefined;
});

describe('feedback from a small model, one habit at a time', () => {
  it('empty evidence: found from the learner line its own sentence quotes, else the builtin scorer’s', async () => {
    const { provider } = await providerWith({ emptyEvidence: true });
    const feedback = await provider.feedback({ messages: transcript, scenario });
    expectVerbatimEvidence(feedback);
    expect(feedback.sources?.evidence).toEqual({
      clarity: 'builtin',
      empathy: 'builtin',
      persuasion: 'builtin',
    });
    // "You made your point clearly when you said …": clarity evidence is the line the model quoted.
    expect(feedback.evidence.clarity[0]).toMatchObject({ index: 1, effect: 'earned' });
    expect(feedback.evidence.clarity[0]!.reason).toMatch(/made your point clearly/);
    expect(feedback.evidence.empathy).toEqual(scoreTranscript(transcript, scenario).evidence.empathy);
    // The scores stay the model's.
    expect(feedback.clarity).toBe(plain.clarity);
    expect(feedback.sources?.clarity).toBe('model');
  });

  it('scores as strings ("6.5/10", "seven", "7.5"): read as numbers', async () => {
    const { provider } = await providerWith({ scoreStrings: true });
    const feedback = await provider.feedback({ messages: transcript, scenario });
    expect(feedback.clarity).toBe(plain.clarity);
    expect(feedback.empathy).toBe(Math.floor(plain.empathy) + (plain.empathy % 1 >= 0.5 ? 0.5 : 0));
    expect(feedback.persuasion).toBe(plain.persuasion);
    expect(feedback.sources).toMatchObject({
      clarity: 'normalised',
      empathy: 'normalised',
      persuasion: 'normalised',
    });
  });

  it('one score missing: the builtin scorer gives that one, after one repair turn', async () => {
    const { provider, double: d } = await providerWith({ missingScore: true });
    const feedback = await provider.feedback({ messages: transcript, scenario });
    expect(feedback.persuasion).toBe(scoreTranscript(transcript, scenario).persuasion);
    expect(feedback.sources).toMatchObject({ clarity: 'model', empathy: 'model', persuasion: 'builtin' });
    expect(
      d.chatBodies().filter((b) => /^Your answer could not be used/.test(b.messages.at(-1)!.content)),
    ).toHaveLength(1);
  });

  it('objectives missing: the builtin check of each objective', async () => {
    const { provider } = await providerWith({ missingObjectives: true });
    const feedback = await provider.feedback({ messages: transcript, scenario });
    expect(feedback.objectives).toEqual(scoreTranscript(transcript, scenario).objectives);
    expect(feedback.sources?.objectives).toBe('builtin');
    expect(feedback.clarity).toBe(plain.clarity);
  });

  it('keys in other cases and languages ("Claridad", "EMPATHY", "goals"): read as the asked ones', async () => {
    const { provider } = await providerWith({ renamedKeys: true });
    const feedback = await provider.feedback({ messages: transcript, scenario });
    expect({ ...feedback, sources: undefined }).toEqual({ ...plain, sources: undefined });
    expect(feedback.sources).toMatchObject({
      clarity: 'normalised',
      objectives: 'normalised',
      strengths: 'normalised',
    });
  });

  it('lists as one string: split into their items', async () => {
    const { provider } = await providerWith({ listsAsString: true });
    const feedback = await provider.feedback({ messages: transcript, scenario });
    expect(feedback.strengths).toEqual(plain.strengths);
    expect(feedback.suggestions).toEqual(plain.suggestions);
    expect(feedback.sources).toMatchObject({ strengths: 'normalised', suggestions: 'normalised' });
  });

  it('Markdown and prose around the JSON, even when json_schema was honoured', async () => {
    const { provider, double: d } = await providerWith({ proseAroundJson: true });
    const feedback = await provider.feedback({ messages: transcript, scenario });
    expect(feedback).toEqual(plain);
    expect(d.chatBodies()).toHaveLength(1);
  });
});

describe('replies from a small model, one habit at a time', () => {
  // The double's reply to this transcript (its third), before any habit.
  const first = sentences('Let me be honest with you: my room here is limited. What matters most to you?');
  it.each([
    ['speakerLabel', /^(?!AI:|Elena|")/],
    ['stageDirections', /^[^*()]*$/],
    ['speaksForLearner', /^(?![\s\S]*(Learner|You):)/],
    ['languageSwitch', /^(?![\s\S]*(Pero|presupuesto))/],
  ] as const)('%s: the persona’s own turn only, streamed', async (quirk, clean) => {
    const { provider } = await providerWith({ [quirk]: true, chunkDelayMs: 1 });
    const { pieces, text } = await reply(provider);
    expect(pieces.length).toBeGreaterThan(1);
    expect(text).toMatch(clean);
    expect(sentences(text).slice(0, 2)).toEqual(first.slice(0, 2));
  });

  it('monologue: trimmed to four sentences', async () => {
    const { provider } = await providerWith({ monologue: true });
    const { text } = await reply(provider);
    expect(sentences(text)).toHaveLength(4);
    expect(text.startsWith(first.join(' '))).toBe(true);
  });

  it('a reply that is in another language from its first word: the builtin partner takes the turn', async () => {
    const spanish = await startModelServerDouble(
      'openai',
      { chunkDelayMs: 0 },
      { reply: 'Entiendo. Pero no tengo margen en el presupuesto este año.' },
    );
    try {
      const p = new OpenAiProvider({
        baseURL: spanish.baseUrl,
        model: 'm',
        transcribeModel: 'w',
        timeoutMs: 3000,
        log: () => undefined,
      });
      const { text, notices } = await reply(p);
      expect(text.length).toBeGreaterThan(10);
      expect(text).not.toMatch(/presupuesto/);
      expect(notices).toEqual([]);
    } finally {
      await spanish.close();
    }
  });
});

describe('tips from a small model', () => {
  it('renamed sections, one left out, the rewrite labelled and quoted: four sections, the missing one the builtin coach’s', async () => {
    const { provider } = await providerWith({ renamedKeys: true, listsAsString: true, speakerLabel: true });
    const input = {
      title: scenario.title,
      description: scenario.description,
      message: 'um I guess maybe more money?',
    };
    const tip = inlineCoachingSchema.parse(await provider.inlineCoaching(input));
    for (const section of Object.values(tip)) expect(section.trim()).not.toBe('');
    expect(tip.strategicImpact).toBe(coachMessage(input).strategicImpact);
    expect(tip.communicationAnalysis).toBe('The message is direct but leaves its reason unstated.');
    expect(tip.enhancedVersion).toMatch(/^I appreciate your time\./);
  });
});

describe.each(SERVER_FAMILIES)(
  'every small-model habit and every recoverable quirk at once, against %s',
  (family) => {
    const all: Quirks = { ...EVERY_RECOVERABLE_QUIRK, ...EVERY_SMALL_MODEL_QUIRK };

    it('gives a feedback for the session, saying which fields the builtin engine filled', async () => {
      const { provider } = await providerWith(all, family);
      const feedback = sessionFeedbackSchema.parse(
        await provider.feedback({ messages: transcript, scenario }),
      );
      expectVerbatimEvidence(feedback);
      expect(feedback.sources).toMatchObject({
        clarity: 'normalised',
        empathy: 'normalised',
        persuasion: 'builtin',
        evidence: { clarity: 'builtin', empathy: 'builtin', persuasion: 'builtin' },
        objectives: 'builtin',
        suggestions: 'normalised',
      });
      expect(feedback.objectives?.map((o) => o.objective)).toEqual(scenario.learnerObjectives);
    });

    it('replies and opens in the persona’s voice', async () => {
      const { provider } = await providerWith(all, family);
      const { text, notices } = await reply(provider);
      expect(text).not.toMatch(/^(AI|Elena|")|[*()]|Learner:|You:|Pero|<\/?think/);
      expect(sentences(text).length).toBeLessThanOrEqual(4);
      expect(notices).toEqual([]);
      const opening = await provider.opening({ scenario, tone: 'neutral' });
      expect(opening.startsWith(sentences(scenario.openingLine)[0]!)).toBe(true);
      expect(sentences(opening).length).toBeLessThanOrEqual(5);
    });

    it('coaches with four sections', async () => {
      const { provider } = await providerWith(all, family);
      const tip = inlineCoachingSchema.parse(
        await provider.inlineCoaching({
          title: scenario.title,
          description: scenario.description,
          message: 'more money?',
        }),
      );
      for (const section of Object.values(tip)) expect(section.trim()).not.toBe('');
    });
  },
);

describe('a model that is down for the whole session', () => {
  it('the builtin partner opens and takes every turn with the transcript so far; the learner is told', async () => {
    const {
      provider,
      double: d,
      logs,
    } = await providerWith({ failFirst: ['503', '503', '503', '503', '503'] });
    const opening = await provider.opening({ scenario, tone: 'neutral' });
    expect(opening.length).toBeGreaterThan(10);
    const first = await reply(provider);
    expect(first.text.length).toBeGreaterThan(10);
    expect(first.notices).toEqual([MODEL_DOWN_NOTICE]);
    const asked = d.chatBodies().length;
    // While it is down, the next turn does not wait for it again.
    const second = await reply(provider, [
      ...transcript,
      { sender: 'ai', content: first.text },
      { sender: 'user', content: 'Could we meet at $56,500?' },
    ]);
    expect(second.text.length).toBeGreaterThan(10);
    expect(d.chatBodies().length).toBe(asked);
    expect(logs.some((l) => /builtin partner takes this turn/.test(l))).toBe(true);
    const feedback = await provider.feedback({ messages: transcript, scenario });
    expect(feedback.sources?.clarity).toBe('builtin');
  });
});

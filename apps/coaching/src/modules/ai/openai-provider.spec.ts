import { AI_ERRORS, inlineCoachingSchema, sessionFeedbackSchema, type Message } from '@parley/contracts';
import { NotConfiguredError } from './ai-provider';
import {
  ContextTooLongError,
  ModelBusyError,
  REPLY_INTERRUPTED,
  ReplyInterruptedError,
} from './model-errors';
import { builtinFeedback } from './model-feedback';
import { OpenAiProvider, type OpenAiProviderOptions } from './openai-provider';
import { sleep } from './retry-policy';
import { FEEDBACK_PROMPT_VERSION } from './roleplay-prompt';
import {
  EVERY_RECOVERABLE_QUIRK,
  SERVER_FAMILIES,
  startModelServerDouble,
  type ModelServerDouble,
  type Quirks,
  type ServerFamily,
} from '@parley/server-testing';
import { longConversation, salaryScenario, sampleTranscript } from './testing/fixtures';

/*
 * The openai provider against a wire-level double of each server family (Ollama, vLLM, llama.cpp server,
 * LM Studio, OpenAI), each quirk switched on: what the learner gets must be the same everywhere.
 */

const scenario = salaryScenario;
const transcript = sampleTranscript;

// Generous idle time (a loaded CI machine can pause a process for a while); the stall case sets its own.
const fast: Partial<OpenAiProviderOptions> = {
  timeoutMs: 3000,
  streamIdleMs: 2000,
  retry: { maxRetries: 2, baseDelayMs: 5, maxWaitMs: 1500 },
};

function providerFor(double: ModelServerDouble, options: Partial<OpenAiProviderOptions> = {}) {
  const logs: string[] = [];
  const provider = new OpenAiProvider({
    baseURL: double.baseUrl,
    apiKey: 'test-key',
    model: 'double-model',
    transcribeModel: 'whisper-1',
    timeoutMs: 3000,
    ...fast,
    log: (m) => logs.push(m),
    ...options,
  });
  return { provider, logs };
}

async function reply(
  provider: OpenAiProvider,
  messages: Message[] = transcript,
): Promise<{ pieces: string[]; error?: unknown }> {
  const pieces: string[] = [];
  try {
    for await (const piece of provider.streamReply(
      { scenario, tone: 'neutral', messages },
      new AbortController().signal,
    ))
      pieces.push(piece);
    return { pieces };
  } catch (error) {
    return { pieces, error };
  }
}

async function drain<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of iterable) all.push(item);
  return all;
}

const coachQuestion = {
  scenario,
  transcript,
  feedback: builtinFeedback(transcript, scenario),
  thread: [{ sender: 'user' as const, content: 'What should I have said instead?' }],
};

const REASONING = /<\/?think|learner just spoke|stay in character/i;

describe.each(SERVER_FAMILIES)('openai provider against %s', (family: ServerFamily) => {
  let double: ModelServerDouble;
  const start = async (quirks: Quirks = {}) => {
    await double?.close();
    double = await startModelServerDouble(family, { chunkDelayMs: 1, retryAfter: '0', ...quirks });
    return double;
  };
  afterEach(async () => {
    await double?.close();
  });

  it('answers as the family does out of the box: a reply, an opening, a tip and feedback', async () => {
    const { provider } = providerFor(await start());
    const { pieces, error } = await reply(provider);
    expect(error).toBeUndefined();
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join('')).not.toMatch(REASONING);
    expect(await provider.opening({ scenario, tone: 'friendly' })).toBe(scenario.openingLine);
    inlineCoachingSchema.parse(
      await provider.inlineCoaching({
        title: scenario.title,
        description: scenario.description,
        message: 'um more money?',
      }),
    );
    const feedback = sessionFeedbackSchema.parse(await provider.feedback({ messages: transcript, scenario }));
    expect(feedback.promptVersion).toBe(FEEDBACK_PROMPT_VERSION);
  });

  describe('with every recoverable quirk on', () => {
    it('streams a reply without reasoning, after a 429 and a 503', async () => {
      const d = await start(EVERY_RECOVERABLE_QUIRK);
      const { provider } = providerFor(d);
      const { pieces, error } = await reply(provider);
      expect(error).toBeUndefined();
      const text = pieces.join('');
      expect(text.length).toBeGreaterThan(10);
      expect(text).not.toMatch(REASONING);
      expect(text).toBe(text.trimStart());
      expect(d.requests.filter((r) => r.path.endsWith('/chat/completions')).map((r) => r.status)).toEqual([
        429, 503, 200,
      ]);
    });

    it('opens in character with the reasoning stripped', async () => {
      const { provider } = providerFor(await start(EVERY_RECOVERABLE_QUIRK));
      const opening = await provider.opening({ scenario, tone: 'tough' });
      expect(opening).toBe(scenario.openingLine);
    });

    it('falls back json_schema → json_object → prompt, repairs once, and cites verbatim learner lines', async () => {
      const d = await start(EVERY_RECOVERABLE_QUIRK);
      const { provider } = providerFor(d);
      const feedback = sessionFeedbackSchema.parse(
        await provider.feedback({ messages: transcript, scenario }),
      );
      const formats = d.chatBodies().map((b) => b.response_format?.type ?? 'none');
      expect([...new Set(formats)]).toEqual(['json_schema', 'json_object', 'none']);
      expect(provider.structuredMode).toBe('prompt');
      const repairs = d
        .chatBodies()
        .filter((b) => /^Your answer could not be used/.test(b.messages.at(-1)?.content ?? ''));
      expect(repairs.length).toBeGreaterThan(0);
      for (const dimension of ['clarity', 'empathy', 'persuasion'] as const) {
        expect(feedback.evidence[dimension].length).toBeGreaterThan(0);
        for (const e of feedback.evidence[dimension]) {
          expect(e.index).toBeDefined();
          expect(transcript[e.index!]).toEqual({ sender: 'user', content: e.line });
        }
      }
      expect(feedback.objectives?.map((o) => o.objective)).toEqual(scenario.learnerObjectives);
      for (const o of feedback.objectives ?? [])
        if (o.met) expect(transcript[o.index!]?.content).toBe(o.line);
      expect(feedback.promptVersion).toBe(FEEDBACK_PROMPT_VERSION);
    });

    it('remembers the mode the server accepted: the next call asks for it first', async () => {
      const d = await start(EVERY_RECOVERABLE_QUIRK);
      const { provider } = providerFor(d);
      await provider.feedback({ messages: transcript, scenario });
      const before = d.chatBodies().length;
      await provider.inlineCoaching({
        title: scenario.title,
        description: scenario.description,
        message: 'Can I get more?',
      });
      expect(
        d
          .chatBodies()
          .slice(before)
          .every((b) => b.response_format === undefined),
      ).toBe(true);
    });

    it('coaches one message with the four sections', async () => {
      const { provider } = providerFor(await start(EVERY_RECOVERABLE_QUIRK));
      const tip = await provider.inlineCoaching({
        title: scenario.title,
        description: scenario.description,
        message: 'um I guess maybe more money would be nice?',
      });
      for (const section of Object.values(inlineCoachingSchema.parse(tip)))
        expect(section.trim()).not.toBe('');
    });

    it("gives the model the scenario's persona, limits and the learner's objectives for a tip", async () => {
      const d = await start();
      const { provider } = providerFor(d);
      const before = d.chatBodies().length;
      await provider.inlineCoaching({
        title: scenario.title,
        description: scenario.description,
        message: 'Could we do 57,000?',
        scenario,
      });
      const prompt = JSON.stringify(d.chatBodies().slice(before)[0]?.messages);
      expect(prompt).toContain(scenario.persona.name);
      expect(prompt).toContain(scenario.holdsFirmOn[0]!.slice(0, 40));
      expect(prompt).toContain(scenario.learnerObjectives[0]!.slice(0, 40));
    });
  });

  describe('with a chat template that opens the reasoning block (only </think> in the answer)', () => {
    const opened: Quirks = {
      ...EVERY_RECOVERABLE_QUIRK,
      thinkInline: 'template-opened',
      reasoningField: null,
    };

    it('streams a clean reply when OPENAI_TEMPLATE_OPENS_THINKING says so, every recoverable quirk on', async () => {
      const { provider } = providerFor(await start(opened), { templateOpensThinking: true });
      const { pieces, error } = await reply(provider);
      expect(error).toBeUndefined();
      expect(pieces.join('')).not.toMatch(REASONING);
      expect(pieces.join('').length).toBeGreaterThan(10);
    });

    it('learns it from the opening, so the first streamed reply is already clean', async () => {
      const { provider, logs } = providerFor(await start(opened));
      expect(await provider.opening({ scenario, tone: 'neutral' })).toBe(scenario.openingLine);
      const { pieces, error } = await reply(provider);
      expect(error).toBeUndefined();
      expect(pieces.join('')).not.toMatch(REASONING);
      expect(logs.some((l) => /template opens the reasoning block/.test(l))).toBe(true);
    });

    it('ends a reply whose thinking was already shown as interrupted (not saved), and the next is clean', async () => {
      const { provider } = providerFor(await start(opened));
      const first = await reply(provider);
      expect(first.error).toBeInstanceOf(ReplyInterruptedError);
      expect((first.error as ReplyInterruptedError).message).toBe(REPLY_INTERRUPTED);
      expect(first.pieces.join('')).not.toMatch(/<\/think/);
      const second = await reply(provider);
      expect(second.error).toBeUndefined();
      expect(second.pieces.join('')).not.toMatch(REASONING);
    });

    it('shows the whole answer of a model that did not think this time, held back until the end', async () => {
      const { provider } = providerFor(await start({ thinkInline: false, reasoningField: null }), {
        templateOpensThinking: true,
      });
      const { pieces, error } = await reply(provider);
      expect(error).toBeUndefined();
      expect(pieces.length).toBe(1);
      expect(pieces[0]!.length).toBeGreaterThan(10);
    });
  });

  it('reads JSON a server accepted json_schema for and then ignored (fenced, or after a sentence)', async () => {
    for (const wrapJson of ['fence', 'sentence'] as const) {
      const { provider } = providerFor(await start({ jsonSchema: 'ignored', wrapJson, thinkInline: true }));
      const feedback = await provider.feedback({ messages: transcript, scenario });
      expect(feedback.evidence.clarity.length).toBeGreaterThan(0);
      expect(provider.structuredMode).toBe('json_schema');
    }
  });

  it.each(['no-done', 'length', 'stall', 'error-event'] as const)(
    'ends a stream cut off by %s as interrupted, after the part that arrived',
    async (streamCut) => {
      const { provider } = providerFor(await start({ streamCut, thinkInline: false, reasoningField: null }), {
        streamIdleMs: 300,
      });
      const { pieces, error } = await reply(provider);
      expect(pieces.join('').trim().length).toBeGreaterThan(0);
      expect(error).toBeInstanceOf(ReplyInterruptedError);
      expect((error as Error).message).toBe(REPLY_INTERRUPTED);
    },
  );

  it('tries a stream cut off before any content once more, then says interrupted', async () => {
    const d = await start({ streamCut: 'no-done', thinkInline: true, reasoningField: null });
    const { provider } = providerFor(d);
    const { pieces, error } = await reply(provider);
    expect(pieces).toEqual([]);
    expect(error).toBeInstanceOf(ReplyInterruptedError);
    expect(d.chatBodies().filter((b) => b.stream)).toHaveLength(2);
  });

  it('trims the oldest turns to OPENAI_CONTEXT_TOKENS, keeping the system prompt and the last turns', async () => {
    const d = await start({ contextTokens: 1400 });
    const { provider } = providerFor(d, { contextTokens: 1400, replyMaxTokens: 200 });
    const long = longConversation(30);
    const { pieces, error } = await reply(provider, long);
    expect(error).toBeUndefined();
    expect(pieces.length).toBeGreaterThan(0);
    const sent = d.chatBodies().at(-1)!.messages;
    expect(sent[0]!.role).toBe('system');
    expect(sent[0]!.content).toContain(scenario.persona.name);
    expect(sent.at(-1)!.content).toBe('So, can we agree on $57,000?');
    expect(sent.at(-2)!.content).toContain('Reply 29');
    expect(sent.length).toBeLessThan(long.length);
    expect(d.requests.every((r) => r.status === 200)).toBe(true);
  });

  it("recovers from the server's own context-length error when OPENAI_CONTEXT_TOKENS is set too high", async () => {
    const d = await start({ contextTokens: 1400 });
    const { provider, logs } = providerFor(d, { contextTokens: 100_000, replyMaxTokens: 200 });
    const long = longConversation(40);
    const { pieces, error } = await reply(provider, long);
    expect(error).toBeUndefined();
    expect(pieces.length).toBeGreaterThan(0);
    expect(d.requests.some((r) => r.status !== 200)).toBe(true);
    expect(logs.some((l) => /context too long/.test(l))).toBe(true);
  });

  it('says the conversation is too long when even the last turns do not fit', async () => {
    const d = await start({ contextTokens: 300 });
    const { provider } = providerFor(d, { contextTokens: 100_000 });
    const { error } = await reply(provider, [{ sender: 'user', content: 'word '.repeat(3000) }]);
    expect(error).toBeInstanceOf(ContextTooLongError);
  });

  it('honours a Retry-After within the bound, and fails at once past it', async () => {
    // Retry-After in seconds (all) and retry-after-ms (OpenAI): waited for on two families, bounded on all.
    // Each wait is read where it is taken (the sleeper), not off the clock.
    const asked = family === 'ollama' ? '1' : family === 'openai' ? '0.3' : '0';
    const d = await start({ failFirst: ['429'], retryAfter: asked });
    const waits: number[] = [];
    const { provider } = providerFor(d, {
      sleep: (ms, signal) => {
        waits.push(ms);
        return sleep(ms, signal);
      },
    });
    await provider.opening({ scenario, tone: 'neutral' });
    expect(waits).toEqual([Number(asked) * 1000]); // the server's wait, not the policy's own backoff (5 ms)

    d.set({ failFirst: ['429', '429', '429'], retryAfter: '30' });
    waits.length = 0;
    const before = d.requests.length;
    const error = await drain(provider.askCoach(coachQuestion, new AbortController().signal)).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ModelBusyError);
    expect((error as Error).message).toBe(AI_ERRORS.tooManyCalls);
    expect(waits).toEqual([]); // 30 s is past the bound (1.5 s): no wait at all
    expect(d.requests.length - before).toBe(1);
  });

  it('scores with the builtin engine when the server keeps answering 503, saying so for every field', async () => {
    const { provider } = providerFor(await start({ failFirst: ['503', '503', '503', '503'] }));
    const feedback = await provider.feedback({ messages: transcript, scenario });
    expect(feedback).toEqual(builtinFeedback(transcript, scenario));
    expect(feedback.sources?.clarity).toBe('builtin');
    expect(feedback.sources?.evidence.persuasion).toBe('builtin');
  });

  it('leaves the feedback to the builtin engine when the answer stays unreadable after the repair', async () => {
    const d = await start({ brokenJson: Infinity });
    const { provider } = providerFor(d);
    const feedback = await provider.feedback({ messages: transcript, scenario });
    const builtin = builtinFeedback(transcript, scenario);
    expect(feedback.clarity).toBe(builtin.clarity);
    expect(feedback.evidence).toEqual(builtin.evidence);
    expect(feedback.sources).toEqual(builtin.sources);
    expect(d.chatBodies()).toHaveLength(2);
  });

  it('transcribes where the server can, and says it is not configured where it cannot', async () => {
    const d = await start();
    const { provider } = providerFor(d);
    const audio = Buffer.from('1a45dfa3000000000000000000', 'hex');
    if (family === 'openai' || family === 'vllm') {
      expect(await provider.transcribe(audio, 'audio/webm')).toBe('I would like to discuss my salary.');
    } else {
      await expect(provider.transcribe(audio, 'audio/webm')).rejects.toBeInstanceOf(NotConfiguredError);
    }
  });

  it('closes the upstream stream when the learner goes away', async () => {
    const d = await start({ chunkDelayMs: 20 });
    const { provider } = providerFor(d);
    const controller = new AbortController();
    const pieces: string[] = [];
    for await (const piece of provider.streamReply(
      { scenario, tone: 'neutral', messages: transcript },
      controller.signal,
    )) {
      pieces.push(piece);
      controller.abort();
    }
    expect(pieces).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 100));
    expect(d.cancelledStreams()).toBe(1);
  });
});

describe('openai provider prompts', () => {
  let double: ModelServerDouble;
  beforeAll(async () => {
    double = await startModelServerDouble('openai', { chunkDelayMs: 0 });
  });
  afterAll(() => double.close());

  it('plays the persona from its data: goals, limits and figures, never to be recited', async () => {
    const { provider } = providerFor(double);
    await reply(provider);
    const system = double.chatBodies().at(-1)!.messages[0]!.content;
    expect(system).toContain(scenario.persona.name);
    for (const goal of scenario.personaGoals) expect(system).toContain(goal);
    for (const limit of scenario.holdsFirmOn) expect(system).toContain(limit);
    expect(system).toContain('$56,000');
    expect(system).toMatch(/never read them out/i);
    expect(system).toMatch(/goodbye at most once/i);
    expect(system).toMatch(/Concede something only when/);
  });

  it('sends turns in an order every chat template accepts: a user turn first, roles alternating', async () => {
    const { provider } = providerFor(double);
    await reply(provider, [
      { sender: 'ai', content: 'Hello there.' },
      { sender: 'user', content: 'First try.' },
      { sender: 'user', content: 'Second try, after an interrupted reply.' },
    ]);
    const roles = double
      .chatBodies()
      .at(-1)!
      .messages.map((m) => m.role);
    expect(roles).toEqual(['system', 'user', 'assistant', 'user']);
    expect(double.chatBodies().at(-1)!.messages.at(-1)!.content).toBe(
      'First try.\nSecond try, after an interrupted reply.',
    );
  });

  it('anchors the rubric and numbers the transcript for evidence by reference', async () => {
    const { provider } = providerFor(double);
    await provider.feedback({ messages: transcript, scenario });
    const body = double.chatBodies().at(-1)!;
    expect(body.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: { name: 'session_feedback', strict: true },
    });
    const [system, user] = body.messages;
    for (const dimension of ['clarity', 'empathy', 'persuasion'])
      expect(system!.content).toMatch(new RegExp(`- ${dimension}: 2 = .*; 5 = .*; 8 = `));
    expect(user!.content).toContain(`[1] learner: ${transcript[1]!.content}`);
    expect(user!.content).toContain(`1. ${scenario.learnerObjectives[0]}`);
  });

  it('lets a reply stream for longer than AI_TIMEOUT_MS while pieces keep coming', async () => {
    const slow = await startModelServerDouble('vllm', { chunkDelayMs: 40 });
    try {
      const { provider } = providerFor(slow, { timeoutMs: 250, streamIdleMs: 1000 });
      // Events, not the clock: pieces still arrive after a 250 ms timer (AI_TIMEOUT_MS) has fired.
      let timedOut = false;
      const timer = setTimeout(() => (timedOut = true), 250);
      const afterTimeout: string[] = [];
      const pieces: string[] = [];
      try {
        for await (const piece of provider.streamReply(
          { scenario, tone: 'neutral', messages: transcript },
          new AbortController().signal,
        )) {
          pieces.push(piece);
          if (timedOut) afterTimeout.push(piece);
        }
      } finally {
        clearTimeout(timer);
      }
      expect(afterTimeout.length).toBeGreaterThan(0);
      expect(pieces.length).toBeGreaterThan(5);
    } finally {
      await slow.close();
    }
  });

  it('sends the key as a bearer token', async () => {
    const { provider } = providerFor(double);
    await provider.opening({ scenario, tone: 'neutral' });
    expect(double.requests.at(-1)!.headers['authorization']).toBe('Bearer test-key');
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inlineCoachingSchema, sessionFeedbackSchema, type ScenarioDefinition } from '@parley/contracts';
import { startFakeOpenAi, type FakeOpenAi } from '@parley/server-testing';
import { NotConfiguredError, type AiProvider } from './ai-provider';
import { BuiltinProvider } from './builtin-provider';
import { OpenAiProvider } from './openai-provider';

const scenario = (
  JSON.parse(
    readFileSync(
      join(__dirname, '../../../../sessions/src/modules/catalogue/data/salary-negotiation.json'),
      'utf8',
    ),
  ) as ScenarioDefinition[]
)[0]!;

const transcript = [
  { sender: 'ai' as const, content: scenario.openingLine },
  {
    sender: 'user' as const,
    content: 'Thank you. I understand the budget is tight, but based on market data I am asking for $85,000.',
  },
];

async function collect(stream: AsyncIterable<string>): Promise<string[]> {
  const pieces: string[] = [];
  for await (const piece of stream) pieces.push(piece);
  return pieces;
}

/** The same contract for every adapter behind the AI port. */
function contract(name: string, make: () => AiProvider) {
  describe(`${name} provider contract`, () => {
    it('streams a non-empty reply in several pieces', async () => {
      const pieces = await collect(
        make().streamReply({ scenario, tone: 'tough', messages: transcript }, new AbortController().signal),
      );
      expect(pieces.length).toBeGreaterThan(1);
      expect(pieces.join('').trim().length).toBeGreaterThan(10);
    });

    it('stops streaming when the signal aborts', async () => {
      const controller = new AbortController();
      const pieces: string[] = [];
      try {
        for await (const piece of make().streamReply(
          { scenario, tone: 'neutral', messages: transcript },
          controller.signal,
        )) {
          pieces.push(piece);
          controller.abort();
        }
      } catch {
        // an adapter may reject once aborted; what matters is that nothing more arrived
      }
      expect(pieces.length).toBe(1);
    });

    it('opens the conversation in character', async () => {
      const opening = await make().opening({ scenario, tone: 'friendly' });
      expect(opening.trim().length).toBeGreaterThan(5);
      expect(opening).not.toMatch(/as an ai|language model|assistant/i);
    });

    it('coaches one message with the four sections', async () => {
      const coaching = inlineCoachingSchema.parse(
        await make().inlineCoaching({
          title: scenario.title,
          description: scenario.description,
          message: 'um I guess maybe more money would be nice?',
        }),
      );
      for (const section of Object.values(coaching)) expect(section.trim().length).toBeGreaterThan(0);
    });

    it('scores a transcript within 0-10 with the feedback shape', async () => {
      const feedback = sessionFeedbackSchema.parse(await make().feedback({ messages: transcript, scenario }));
      for (const score of [feedback.clarity, feedback.empathy, feedback.persuasion]) {
        expect(score).toBeGreaterThanOrEqual(0);
        expect(score).toBeLessThanOrEqual(10);
      }
      expect(feedback.suggestions.length).toBeGreaterThan(0);
    });
  });
}

contract('builtin', () => new BuiltinProvider());

describe('openai provider against a local server speaking the OpenAI wire format', () => {
  let fake: FakeOpenAi;
  beforeAll(async () => {
    fake = await startFakeOpenAi({ chunkDelayMs: 20 });
  });
  afterAll(() => fake.close());

  const make = () =>
    new OpenAiProvider({
      baseURL: fake.baseUrl,
      apiKey: 'test-key',
      model: 'test-model',
      transcribeModel: 'test-whisper',
      timeoutMs: 5000,
    });
  contract('openai', make);

  it('sends the persona as the system prompt and asks for structured output by schema', async () => {
    await make().feedback({ messages: transcript, scenario });
    const chat = fake.requests
      .filter((r) => r.path.endsWith('/chat/completions'))
      .map(
        (r) =>
          r.body as {
            messages: Array<{ role: string; content: string }>;
            response_format?: { json_schema: { name: string; strict: boolean } };
          },
      );
    expect(
      chat.some(
        (b) => b.messages[0]?.role === 'system' && b.messages[0].content.includes(scenario.persona.name),
      ),
    ).toBe(true);
    const structured = chat.filter((b) => b.response_format).map((b) => b.response_format?.json_schema);
    expect(structured).toContainEqual(expect.objectContaining({ name: 'session_feedback', strict: true }));
  });

  it('transcribes audio through the transcription endpoint', async () => {
    const text = await make().transcribe(Buffer.from('1a45dfa3000000000000000000', 'hex'), 'audio/webm');
    expect(text).toBe('I would like to discuss my salary.');
  });

  it('cancels the upstream generation when the signal aborts', async () => {
    const controller = new AbortController();
    const before = fake.cancelledStreams();
    const stream = make().streamReply({ scenario, tone: 'neutral', messages: transcript }, controller.signal);
    try {
      for await (const _piece of stream) controller.abort();
    } catch {
      // the SDK rejects the aborted request
    }
    await new Promise((r) => setTimeout(r, 200));
    expect(fake.cancelledStreams()).toBe(before + 1);
  });
});

describe('builtin speech-to-text', () => {
  it('says it is not configured', async () => {
    await expect(new BuiltinProvider().transcribe()).rejects.toBeInstanceOf(NotConfiguredError);
  });
});

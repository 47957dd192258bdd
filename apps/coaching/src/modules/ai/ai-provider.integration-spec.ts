import { inlineCoachingSchema, sessionFeedbackSchema } from '@parley/contracts';
import { NotConfiguredError, type AiProvider } from './ai-provider';
import { BuiltinProvider } from './builtin-provider';
import { OpenAiProvider } from './openai-provider';
import {
  EVERY_RECOVERABLE_QUIRK,
  SERVER_FAMILIES,
  startModelServerDouble,
  type ModelServerDouble,
} from '@parley/server-testing';
import { salaryScenario, sampleTranscript } from './testing/fixtures';

const scenario = salaryScenario;
const transcript = sampleTranscript;

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

/*
 * The same contract for the openai provider against a wire-level double of each server family, first as
 * the family answers out of the box, then with every quirk it must get through switched on at once
 * (formats refused, JSON after a sentence, inline and separate reasoning, a 429 and a 503 before every
 * answer, a broken first answer, evidence citing wrong lines, a small context).
 */
describe.each(SERVER_FAMILIES)('openai provider against %s', (family) => {
  for (const [label, quirks] of [
    ['as it answers', {}],
    ['with every quirk on', EVERY_RECOVERABLE_QUIRK],
  ] as const) {
    describe(label, () => {
      let double: ModelServerDouble;
      beforeAll(async () => {
        double = await startModelServerDouble(family, { chunkDelayMs: 5, retryAfter: '0', ...quirks });
      });
      afterAll(() => double.close());
      contract(
        `openai (${family}, ${label})`,
        () =>
          new OpenAiProvider({
            baseURL: double.baseUrl,
            apiKey: 'test-key',
            model: 'double-model',
            transcribeModel: 'whisper-1',
            timeoutMs: 5000,
            streamIdleMs: 1000,
            retry: { baseDelayMs: 5, maxWaitMs: 1000 },
            log: () => undefined,
          }),
      );
    });
  }
});

describe('openai provider against OpenAI', () => {
  let double: ModelServerDouble;
  beforeAll(async () => {
    double = await startModelServerDouble('openai', { chunkDelayMs: 20 });
  });
  afterAll(() => double.close());

  const make = () =>
    new OpenAiProvider({
      baseURL: double.baseUrl,
      apiKey: 'test-key',
      model: 'test-model',
      transcribeModel: 'test-whisper',
      timeoutMs: 5000,
      log: () => undefined,
    });

  it('sends the persona as the system prompt and asks for structured output by schema', async () => {
    await make().feedback({ messages: transcript, scenario });
    const chat = double.chatBodies();
    expect(
      chat.some(
        (b) => b.messages[0]?.role === 'system' && b.messages[0].content.includes('session_feedback'),
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
    const before = double.cancelledStreams();
    const stream = make().streamReply({ scenario, tone: 'neutral', messages: transcript }, controller.signal);
    try {
      for await (const _piece of stream) controller.abort();
    } catch {
      // an aborted request may reject
    }
    await new Promise((r) => setTimeout(r, 200));
    expect(double.cancelledStreams()).toBe(before + 1);
  });
});

describe('builtin speech-to-text', () => {
  it('says it is not configured', async () => {
    await expect(new BuiltinProvider().transcribe()).rejects.toBeInstanceOf(NotConfiguredError);
  });
});

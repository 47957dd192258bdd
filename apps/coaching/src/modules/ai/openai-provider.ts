import OpenAI, { toFile } from 'openai';
import {
  inlineCoachingSchema,
  sessionFeedbackSchema,
  type InlineCoaching,
  type SessionFeedback,
} from '@parley/contracts';
import type { AiProvider, CoachingInput, FeedbackInput, RoleplayInput } from './ai-provider';
import { COACHING_INSTRUCTIONS, FEEDBACK_INSTRUCTIONS, roleplaySystemPrompt } from './roleplay-prompt';

export interface OpenAiProviderOptions {
  baseURL?: string;
  apiKey?: string;
  model: string;
  transcribeModel: string;
  timeoutMs: number;
}

const strings = { type: 'array', items: { type: 'string' } } as const;
const evidence = {
  type: 'array',
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['line', 'effect', 'reason'],
    properties: {
      line: { type: 'string' },
      effect: { type: 'string', enum: ['earned', 'cost'] },
      reason: { type: 'string' },
    },
  },
} as const;

/** JSON schemas for structured outputs (strict: every property required, nothing extra). */
export const FEEDBACK_JSON_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['clarity', 'empathy', 'persuasion', 'strengths', 'weaknesses', 'suggestions', 'evidence'],
  properties: {
    clarity: { type: 'number' },
    empathy: { type: 'number' },
    persuasion: { type: 'number' },
    strengths: strings,
    weaknesses: strings,
    suggestions: strings,
    evidence: {
      type: 'object',
      additionalProperties: false,
      required: ['clarity', 'empathy', 'persuasion'],
      properties: { clarity: evidence, empathy: evidence, persuasion: evidence },
    },
  },
} as const;

export const COACHING_JSON_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['communicationAnalysis', 'strategicImpact', 'improvementOpportunity', 'enhancedVersion'],
  properties: {
    communicationAnalysis: { type: 'string' },
    strategicImpact: { type: 'string' },
    improvementOpportunity: { type: 'string' },
    enhancedVersion: { type: 'string' },
  },
} as const;

function transcript(messages: FeedbackInput['messages']): string {
  return messages.map((m) => `${m.sender === 'user' ? 'user' : 'partner'}: ${m.content}`).join('\n');
}

const clamp = (n: number) => Math.round(Math.min(10, Math.max(0, n)) * 10) / 10;

/** Any OpenAI-compatible endpoint: OpenAI, Azure OpenAI, Ollama, vLLM, llama.cpp server. */
export class OpenAiProvider implements AiProvider {
  readonly name = 'openai' as const;
  private readonly client: OpenAI;

  constructor(private readonly options: OpenAiProviderOptions) {
    this.client = new OpenAI({
      baseURL: options.baseURL,
      apiKey: options.apiKey ?? 'not-needed',
      timeout: options.timeoutMs,
      maxRetries: 1,
    });
  }

  async *streamReply(input: RoleplayInput, signal: AbortSignal): AsyncIterable<string> {
    const stream = await this.client.chat.completions.create(
      {
        model: this.options.model,
        stream: true,
        temperature: 0.8,
        max_tokens: 300,
        messages: [
          { role: 'system', content: roleplaySystemPrompt(input.scenario, input.tone) },
          ...input.messages.map((m) => ({
            role: m.sender === 'user' ? ('user' as const) : ('assistant' as const),
            content: m.content,
          })),
        ],
      },
      { signal },
    );
    for await (const chunk of stream) {
      const piece = chunk.choices[0]?.delta?.content;
      if (piece) yield piece;
    }
  }

  async opening(input: {
    scenario: RoleplayInput['scenario'];
    tone: RoleplayInput['tone'];
  }): Promise<string> {
    const res = await this.client.chat.completions.create({
      model: this.options.model,
      temperature: 0.7,
      max_tokens: 200,
      messages: [
        { role: 'system', content: roleplaySystemPrompt(input.scenario, input.tone) },
        {
          role: 'user',
          content: `(The conversation starts. Open it in character, in 1-3 sentences. A natural opening would be: "${input.scenario.openingLine}")`,
        },
      ],
    });
    const content = res.choices[0]?.message?.content?.trim();
    if (!content) throw new Error('empty opening from the model');
    return content;
  }

  async inlineCoaching(input: CoachingInput): Promise<InlineCoaching> {
    const res = await this.client.chat.completions.create({
      model: this.options.model,
      temperature: 0.3,
      response_format: {
        type: 'json_schema',
        json_schema: { name: 'inline_coaching', strict: true, schema: COACHING_JSON_SCHEMA },
      },
      messages: [
        { role: 'system', content: COACHING_INSTRUCTIONS },
        {
          role: 'user',
          content: `Scenario: ${input.title}\n${input.description}\n\nLearner's message:\n${input.message}`,
        },
      ],
    });
    return inlineCoachingSchema.parse(JSON.parse(res.choices[0]?.message?.content ?? 'null'));
  }

  async feedback(input: FeedbackInput): Promise<SessionFeedback> {
    const res = await this.client.chat.completions.create({
      model: this.options.model,
      temperature: 0.2,
      response_format: {
        type: 'json_schema',
        json_schema: { name: 'session_feedback', strict: true, schema: FEEDBACK_JSON_SCHEMA },
      },
      messages: [
        { role: 'system', content: FEEDBACK_INSTRUCTIONS },
        {
          role: 'user',
          content: `${input.scenario ? `Scenario: ${input.scenario.title}\n${input.scenario.description}\nLearner's objectives: ${input.scenario.learnerObjectives.join(' ')}\n\n` : ''}Transcript:\n${transcript(input.messages)}`,
        },
      ],
    });
    const raw = JSON.parse(res.choices[0]?.message?.content ?? 'null') as SessionFeedback;
    const learnerLines = new Set(
      input.messages.filter((m) => m.sender === 'user').map((m) => m.content.trim()),
    );
    const verbatim = (list: SessionFeedback['evidence']['clarity']) =>
      list.filter((e) => learnerLines.has(e.line.trim()));
    return sessionFeedbackSchema.parse({
      ...raw,
      clarity: clamp(raw.clarity),
      empathy: clamp(raw.empathy),
      persuasion: clamp(raw.persuasion),
      // A model may paraphrase; only the learner's own lines are kept as evidence.
      evidence: {
        clarity: verbatim(raw.evidence.clarity),
        empathy: verbatim(raw.evidence.empathy),
        persuasion: verbatim(raw.evidence.persuasion),
      },
    });
  }

  async transcribe(audio: Buffer, mimeType: string, signal?: AbortSignal): Promise<string> {
    const file = await toFile(audio, 'speech.webm', { type: mimeType });
    const res = await this.client.audio.transcriptions.create(
      { model: this.options.transcribeModel, file },
      { signal },
    );
    return res.text;
  }
}

import type { ChatRequest, Completion, ResponseFormat } from './chat-client';
import type { ChatMessage } from './context-window';
import { extractJsonObject } from './json-extract';
import { FormatRefusedError } from './model-errors';
import { repairRequest } from './roleplay-prompt';

/**
 * Structured answers from servers that differ in what they accept:
 *
 *   json_schema (strict)  ──400/422──▶  json_object  ──400/422──▶  plain prompt
 *
 * The first format a server refuses is not asked for again (the mode is remembered per provider). Every
 * answer, whatever the mode, goes through the same strict reader — reasoning stripped, the first JSON
 * object taken out of fences or prose, then checked against the contract — because servers also accept a
 * format and ignore it. An answer that fails the reader gets one repair turn (the model sees its answer
 * and what was wrong); a second failure is the caller's StructuredOutputError.
 */

export type StructuredMode = 'json_schema' | 'json_object' | 'prompt';
const NEXT: Record<StructuredMode, StructuredMode | undefined> = {
  json_schema: 'json_object',
  json_object: 'prompt',
  prompt: undefined,
};

export interface StructuredAsk<T> {
  /** The schema's name (json_schema.name). */
  name: string;
  /** JSON Schema of the answer, strict-mode ready (every property required, no extras). */
  schema: object;
  messages: ChatMessage[];
  temperature: number;
  maxTokens: number;
  /** The parsed JSON as T, or throws an Error whose message tells the model what to fix. */
  read: (value: unknown) => T;
}

export interface StructuredResult<T> {
  value: T;
  mode: StructuredMode;
  repaired: boolean;
}

/**
 * Thrown when the answer could not be read even after the repair turn; `problem` says why, and `answers`
 * holds the JSON each try did hold (the first answer's, then the repair's), so a caller can keep what
 * was readable in them.
 */
export class UnreadableAnswerError extends Error {
  override readonly name = 'UnreadableAnswerError';
  constructor(
    readonly problem: string,
    readonly answers: readonly unknown[] = [],
  ) {
    super(problem);
  }
}

export class StructuredOutput {
  constructor(
    private readonly complete: (request: ChatRequest) => Promise<Completion>,
    /** The first mode to try; lowered for good when a server refuses a format. */
    public mode: StructuredMode = 'json_schema',
    private readonly onEvent?: (message: string) => void,
  ) {}

  private format(name: string, schema: object): ResponseFormat | undefined {
    if (this.mode === 'json_schema')
      return { type: 'json_schema', json_schema: { name, strict: true, schema } };
    if (this.mode === 'json_object') return { type: 'json_object' };
    return undefined;
  }

  async ask<T>(ask: StructuredAsk<T>): Promise<StructuredResult<T>> {
    let messages = ask.messages;
    let repaired = false;
    const answers: unknown[] = [];
    for (;;) {
      let completion: Completion;
      try {
        completion = await this.complete({
          messages,
          temperature: ask.temperature,
          maxTokens: ask.maxTokens,
          responseFormat: this.format(ask.name, ask.schema),
        });
      } catch (error) {
        const next = NEXT[this.mode];
        if (!(error instanceof FormatRefusedError) || !next) throw error;
        this.onEvent?.(`${this.mode} refused (${error.message}); using ${next} from now on`);
        this.mode = next;
        continue;
      }
      const problem = this.read(ask, completion);
      if (problem.ok) return { value: problem.value, mode: this.mode, repaired };
      if (problem.json !== undefined) answers.push(problem.json);
      if (repaired) throw new UnreadableAnswerError(problem.error, answers);
      this.onEvent?.(`unreadable ${ask.name} answer (${problem.error}); asking for a repair`);
      repaired = true;
      messages = [
        ...ask.messages,
        { role: 'assistant', content: completion.content.slice(0, 6000) || '(empty)' },
        { role: 'user', content: repairRequest(problem.error) },
      ];
    }
  }

  private read<T>(
    ask: StructuredAsk<T>,
    completion: Completion,
  ): { ok: true; value: T } | { ok: false; error: string; json?: unknown } {
    const extracted = extractJsonObject(completion.content);
    if (!extracted.ok)
      return {
        ok: false,
        error:
          completion.finishReason === 'length'
            ? `${extracted.error}; the answer hit the length limit, so keep it shorter`
            : extracted.error,
      };
    try {
      return { ok: true, value: ask.read(extracted.value) };
    } catch (error) {
      return { ok: false, error: (error as Error).message, json: extracted.value };
    }
  }
}

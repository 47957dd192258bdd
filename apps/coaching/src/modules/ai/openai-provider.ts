import { Logger } from '@nestjs/common';
import { type InlineCoaching, type ScenarioDraft, type SessionFeedback } from '@parley/contracts';
import {
  NotConfiguredError,
  type AiProvider,
  type CoachingInput,
  type CoachPiece,
  type FeedbackInput,
  type RoleplayInput,
  type ScenarioDraftInput,
} from './ai-provider';
import { ChatClient, type ChatRequest, type Completion, type Usage } from './chat-client';
import { estimateTokens, fitLines, fitToContext, promptTokens, type ChatMessage } from './context-window';
import {
  ContextTooLongError,
  ModelBusyError,
  ModelRequestError,
  ModelUnavailableError,
  ReplyInterruptedError,
} from './model-errors';
import {
  COACHING_JSON_SCHEMA,
  MODEL_FEEDBACK_JSON_SCHEMA,
  builtinFeedback,
  completeFeedback,
  numberedLines,
  readFeedbackLeniently,
  readModelFeedback,
} from './model-feedback';
import { stripReasoning, ReasoningFilter, templateOpensReasoning } from './reasoning';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry-policy';
import {
  COACHING_TASK,
  coachingInstructions,
  coachingRequest,
  FEEDBACK_PROMPT_VERSION,
  FEEDBACK_TASK,
  feedbackInstructions,
  feedbackRequest,
  openingRequest,
  roleplaySystemPrompt,
} from './roleplay-prompt';
import {
  coachMessage,
  generateOpening,
  generateReply,
  scoreTranscript,
  type CoachQuestionInput,
} from '@parley/builtin-coach';
import { pieces } from './builtin-provider';
import { completeTip, readTip, readTipLeniently } from './inline-tip';
import { inOneVoice, ReplyVoice, voiceOf } from './reply-voice';
import { coachMessages, retryIndexIn } from './coach-prompt';
import {
  DRAFT_JSON_SCHEMA,
  DRAFT_TASK,
  draftInstructions,
  draftRequest,
  readDraft,
} from './scenario-draft-prompt';
import { StructuredOutput, UnreadableAnswerError, type StructuredMode } from './structured-output';

export interface OpenAiProviderOptions {
  /** Default: OpenAI's own API. */
  baseURL?: string;
  apiKey?: string;
  model: string;
  transcribeModel: string;
  /** A whole answer, or a stream's head, must arrive within this. */
  timeoutMs: number;
  /** The model's context size in tokens (OPENAI_CONTEXT_TOKENS): prompts are trimmed to fit. */
  contextTokens?: number;
  /** A stream silent for this long is cut off as interrupted (AI_STREAM_IDLE_MS). */
  streamIdleMs?: number;
  /** Retries of 429, 5xx and refused connections (AI_MAX_RETRIES, AI_RETRY_MAX_WAIT_MS). */
  retry?: Partial<RetryPolicy>;
  /** The structured-output mode to start with (the fallback chain lowers it when a server refuses). */
  structuredMode?: StructuredMode;
  /** Tokens one partner reply may take (room for a reasoning model's thinking included). */
  replyMaxTokens?: number;
  /** Tokens a feedback or coaching answer may take. */
  structuredMaxTokens?: number;
  /**
   * The model's chat template writes the opening `<think>` into the prompt (OPENAI_TEMPLATE_OPENS_THINKING),
   * so answers start with thinking and only `</think>` shows. Learned from the first answer that shows it
   * when not set.
   */
  templateOpensThinking?: boolean;
  /** Logs retries, fallbacks and failures; a Nest Logger by default. */
  log?: (message: string) => void;
  /** Waits between retries: a timer by default; tests pass one that records each wait. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export const DEFAULT_CONTEXT_TOKENS = 8192;

/** How long, after the model failed to answer, replies go to the builtin partner without asking it. */
const MODEL_DOWN_MS = 30_000;

/** What the learner is told when the builtin partner takes over a turn. */
export const MODEL_DOWN_NOTICE =
  "The AI model is not answering, so Parley's offline partner carries on the conversation from here.";

/** The model cannot answer now (down, busy past the retries, refusing the request): the builtin one can. */
const isOutage = (error: unknown): boolean =>
  error instanceof ModelUnavailableError ||
  error instanceof ModelBusyError ||
  error instanceof ModelRequestError;

/** An error as the logs show it: the upstream detail where there is one. */
const describe = (error: unknown): string =>
  error instanceof Error
    ? 'detail' in error
      ? `${error.message}: ${String(error.detail)}`
      : error.message
    : String(error);
const OPENAI_URL = 'https://api.openai.com/v1';

/** Tokens spent through this provider since it was made (from the servers' usage reports). */
export interface TokenUsage {
  calls: number;
  promptTokens: number;
  completionTokens: number;
}

/**
 * Any OpenAI-compatible endpoint: OpenAI, Azure OpenAI (v1 API), Ollama, vLLM, llama.cpp server, LM
 * Studio. What differs between them is handled here and in the files beside it (see docs/adr/0017):
 * structured output falls back json_schema → json_object → prompt with one repair turn; reasoning never
 * reaches the learner; 429/5xx are retried within a bound honouring Retry-After; prompts are trimmed to
 * the context; a cut-off stream ends as interrupted; evidence is taken from the transcript by line number.
 */
export class OpenAiProvider implements AiProvider {
  readonly name = 'openai' as const;
  readonly usage: TokenUsage = { calls: 0, promptTokens: 0, completionTokens: 0 };
  private readonly client: ChatClient;
  private readonly structured: StructuredOutput;
  private readonly log: (message: string) => void;
  private readonly replyMaxTokens: number;
  private readonly structuredMaxTokens: number;
  private templateOpensThinking: boolean;
  /** Until when the model is taken to be down (replies go to the builtin partner without asking it). */
  private modelDownUntil = 0;

  constructor(private readonly options: OpenAiProviderOptions) {
    const logger = new Logger('AI');
    this.log = options.log ?? ((message) => logger.warn(message));
    this.client = new ChatClient({
      baseURL: options.baseURL ?? OPENAI_URL,
      apiKey: options.apiKey,
      model: options.model,
      timeoutMs: options.timeoutMs,
      idleMs: options.streamIdleMs ?? Math.min(options.timeoutMs, 30_000),
      retry: { ...DEFAULT_RETRY_POLICY, ...options.retry },
      onEvent: (message) => this.log(`${options.model}: ${message}`),
      sleep: options.sleep,
    });
    this.structured = new StructuredOutput(
      (request) => this.completeCounted(request),
      options.structuredMode ?? 'json_schema',
      (message) => this.log(`${options.model}: ${message}`),
    );
    this.replyMaxTokens = options.replyMaxTokens ?? 800;
    this.structuredMaxTokens = options.structuredMaxTokens ?? 2000;
    this.templateOpensThinking = options.templateOpensThinking ?? false;
  }

  /** An answer showed `</think>` with no `<think>`: from now on streams hold back until the closing tag. */
  private learnTemplateOpensThinking(): void {
    if (this.templateOpensThinking) return;
    this.templateOpensThinking = true;
    this.log(
      `${this.model}: the chat template opens the reasoning block; replies are held back until it closes`,
    );
  }

  get model(): string {
    return this.options.model;
  }

  /** Which structured-output mode the server has accepted so far (for health and the logs). */
  get structuredMode(): StructuredMode {
    return this.structured.mode;
  }

  /** The context size in use: the configured one, or less once a server has named its own. */
  private contextTokens(): number {
    const configured = this.options.contextTokens ?? DEFAULT_CONTEXT_TOKENS;
    return Math.min(configured, this.client.learnedContextTokens ?? Infinity);
  }

  /** Tokens the prompt may take: the context less the answer's room and a margin. */
  private promptBudget(answerTokens: number, shrink = 1): number {
    return Math.max(256, Math.floor((this.contextTokens() - answerTokens - 64) * shrink));
  }

  private count(usage: Usage | undefined): void {
    this.usage.calls += 1;
    if (!usage) return;
    this.usage.promptTokens += usage.promptTokens;
    this.usage.completionTokens += usage.completionTokens;
  }

  private async completeCounted(request: ChatRequest): Promise<Completion> {
    const completion = await this.client.complete(request);
    this.count(completion.usage);
    if (templateOpensReasoning(completion.content)) this.learnTemplateOpensThinking();
    return completion;
  }

  /**
   * A chat turn list the way every chat template accepts it: roles alternate (two learner turns in a row,
   * after an interrupted reply, become one) and a user turn comes first.
   */
  private conversation(system: string, input: RoleplayInput): ChatMessage[] {
    const turns: ChatMessage[] = [];
    for (const m of input.messages) {
      const role = m.sender === 'user' ? 'user' : 'assistant';
      const content = m.content.trim();
      if (!content) continue;
      const last = turns.at(-1);
      if (last?.role === role) last.content = `${last.content}\n${content}`;
      else turns.push({ role, content });
    }
    if (turns[0]?.role === 'assistant')
      turns.unshift({ role: 'user', content: '(The conversation starts.)' });
    return [{ role: 'system', content: system }, ...turns];
  }

  /**
   * The partner's reply from the model, in the persona's own voice (see reply-voice.ts). While the model
   * cannot answer (down, refusing, busy past the retries) the builtin partner takes the turn with the
   * transcript so far, and `input.onNotice` is told so before its reply.
   */
  async *streamReply(input: RoleplayInput, signal: AbortSignal): AsyncIterable<string> {
    if (Date.now() < this.modelDownUntil) {
      yield* this.builtinReply(input, signal, 'the model is still unreachable');
      return;
    }
    let shown = false;
    try {
      for await (const piece of this.modelReply(input, signal)) {
        shown = true;
        yield piece;
      }
      if (!shown && !signal.aborted)
        yield* this.builtinReply(input, signal, 'nothing of the reply was in the persona’s voice', false);
    } catch (error) {
      if (shown || signal.aborted || !isOutage(error)) throw error;
      this.modelDownUntil = Date.now() + MODEL_DOWN_MS;
      yield* this.builtinReply(input, signal, describe(error));
    }
  }

  /** The builtin partner's reply to the transcript so far, for a turn the model could not take. */
  private async *builtinReply(
    input: RoleplayInput,
    signal: AbortSignal,
    why: string,
    modelDown = true,
  ): AsyncIterable<string> {
    this.log(`${this.model}: the builtin partner takes this turn (${why})`);
    if (modelDown) input.onNotice?.(MODEL_DOWN_NOTICE);
    for (const piece of pieces(generateReply(input))) {
      if (signal.aborted) return;
      yield piece;
    }
  }

  private async *modelReply(input: RoleplayInput, signal: AbortSignal): AsyncIterable<string> {
    const all = this.conversation(roleplaySystemPrompt(input.scenario, input.tone), input);
    const voiceOptions = voiceOf(input.scenario, input.messages);
    let budget = this.promptBudget(this.replyMaxTokens);
    let retriedCut = false;
    for (let contextTries = 0; ;) {
      const fitted = fitToContext(all, budget, 2);
      if (fitted.dropped > 0)
        this.log(`${this.model}: left out the ${fitted.dropped} oldest turns to fit the context`);
      const filter = new ReasoningFilter({ opened: this.templateOpensThinking });
      const voice = new ReplyVoice(voiceOptions);
      let shown = false;
      let answered = false;
      let usage: Usage | undefined;
      const upstream = new AbortController();
      const stop = () => upstream.abort();
      signal.addEventListener('abort', stop, { once: true });
      try {
        for await (const raw of this.client.stream(
          { messages: fitted.messages, temperature: 0.8, maxTokens: this.replyMaxTokens },
          upstream.signal,
          (u) => (usage = u),
        )) {
          const visible = filter.push(raw);
          if (filter.sawOrphanClose) {
            this.learnTemplateOpensThinking();
            // What was shown was thinking: end this reply (it is not saved) rather than let more follow it.
            if (shown)
              throw new ReplyInterruptedError(
                'reasoning',
                'thinking was shown before the template showed it was thinking',
              );
          }
          if (visible.trim()) answered = true;
          const inVoice = voice.push(visible);
          if (inVoice) {
            shown = true;
            yield inVoice;
          }
          if (voice.ended) {
            // The persona's turn is over: what the model goes on with (the learner's line, a monologue) is not read.
            this.log(`${this.model}: reply trimmed to the persona's own turn`);
            stop();
            break;
          }
        }
        if (signal.aborted) return;
        // What the reasoning filter held back (a template-opened model's answer) goes through the voice too.
        const held = filter.end();
        if (held.trim()) answered = true;
        const rest = voice.push(held) + voice.end();
        if (rest) {
          shown = true;
          yield rest;
        }
        this.count(usage);
        if (!shown && !answered)
          throw new ReplyInterruptedError(
            'empty',
            filter.thinking ? 'the model was still thinking when it stopped' : 'no visible content',
          );
        return;
      } catch (error) {
        if (signal.aborted) return;
        if (shown) {
          this.log(`${this.model}: reply interrupted: ${(error as Error).message}`);
          throw error;
        }
        if (error instanceof ContextTooLongError && contextTries < 3) {
          contextTries += 1;
          budget = this.smallerBudget(budget, promptTokens(fitted.messages), this.replyMaxTokens, error);
          this.log(`${this.model}: context too long (${error.detail}); trying with ${budget} prompt tokens`);
          continue;
        }
        // Cut off before anything was shown: once more, as a reload would.
        if (error instanceof ReplyInterruptedError && !retriedCut) {
          retriedCut = true;
          this.log(`${this.model}: reply cut off before any content (${error.detail}); trying once more`);
          continue;
        }
        throw error;
      } finally {
        signal.removeEventListener('abort', stop);
      }
    }
  }

  /**
   * The prompt budget after a context-length error: what the server's named limit allows, or else half
   * of what was just refused (our token estimate is not the server's tokenizer).
   */
  private smallerBudget(
    budget: number,
    sentTokens: number,
    answerTokens: number,
    error: ContextTooLongError,
  ): number {
    const named = error.serverLimit ? this.promptBudget(answerTokens) : Infinity;
    return Math.max(64, Math.floor(Math.min(named, budget, sentTokens) * (error.serverLimit ? 0.85 : 0.5)));
  }

  /** The persona's first line; the builtin partner's while the model cannot answer. */
  async opening(input: {
    scenario: RoleplayInput['scenario'];
    tone: RoleplayInput['tone'];
  }): Promise<string> {
    try {
      return await this.modelOpening(input);
    } catch (error) {
      if (!isOutage(error)) throw error;
      this.modelDownUntil = Date.now() + MODEL_DOWN_MS;
      this.log(`${this.model}: the builtin partner opens (${describe(error)})`);
      return generateOpening(input.scenario, input.tone);
    }
  }

  private async modelOpening(input: {
    scenario: RoleplayInput['scenario'];
    tone: RoleplayInput['tone'];
  }): Promise<string> {
    const res = await this.completeCounted({
      messages: [
        { role: 'system', content: roleplaySystemPrompt(input.scenario, input.tone) },
        { role: 'user', content: openingRequest(input.scenario) },
      ],
      temperature: 0.7,
      maxTokens: this.replyMaxTokens,
    });
    const content = inOneVoice(stripReasoning(res.content), voiceOf(input.scenario));
    if (!content) throw new ReplyInterruptedError('empty', 'empty opening from the model');
    return content;
  }

  /** The four sections from the model, read leniently; a section it still leaves out is the builtin coach's. */
  async inlineCoaching(input: CoachingInput): Promise<InlineCoaching> {
    const builtin = () => coachMessage(input);
    try {
      const { value } = await this.structured.ask({
        name: COACHING_TASK,
        schema: COACHING_JSON_SCHEMA,
        messages: [
          { role: 'system', content: coachingInstructions() },
          { role: 'user', content: coachingRequest(input) },
        ],
        temperature: 0.3,
        maxTokens: this.structuredMaxTokens,
        read: readTip,
      });
      return value;
    } catch (error) {
      if (error instanceof UnreadableAnswerError) {
        this.log(
          `${this.model}: tip incomplete after the repair turn (${error.problem}); the builtin coach fills it`,
        );
        return completeTip(error.answers.map(readTipLeniently), builtin);
      }
      if (!isOutage(error)) throw error;
      this.log(`${this.model}: no tip from the model (${describe(error)}); the builtin coach writes it`);
      return builtin();
    }
  }

  /** The model answers from the session's transcript, scores and evidence; the last [n] it names is the retry. */
  async *askCoach(input: CoachQuestionInput, signal: AbortSignal): AsyncIterable<CoachPiece> {
    const filter = new ReasoningFilter({ opened: this.templateOpensThinking });
    let text = '';
    let usage: Usage | undefined;
    for await (const raw of this.client.stream(
      { messages: coachMessages(input), temperature: 0.3, maxTokens: this.replyMaxTokens },
      signal,
      (u) => (usage = u),
    )) {
      const visible = filter.push(raw);
      if (visible) {
        text += visible;
        yield { content: visible };
      }
    }
    if (signal.aborted) return;
    const rest = filter.end();
    if (rest) {
      text += rest;
      yield { content: rest };
    }
    this.count(usage);
    if (!text.trim()) throw new ReplyInterruptedError('empty', 'no visible content from the coach');
    const retryFrom = retryIndexIn(text, input.transcript);
    if (retryFrom !== null) yield { retryFrom };
  }

  /** The model drafts from the situation; when it cannot give a readable draft, the builtin one stands. */
  async draftScenario(input: ScenarioDraftInput): Promise<ScenarioDraft> {
    try {
      const { value } = await this.structured.ask({
        name: DRAFT_TASK,
        schema: DRAFT_JSON_SCHEMA,
        messages: [
          { role: 'system', content: draftInstructions() },
          { role: 'user', content: draftRequest(input.body, input.builtin) },
        ],
        temperature: 0.4,
        maxTokens: this.structuredMaxTokens,
        read: (v) => readDraft(v, input.builtin),
      });
      return value;
    } catch (error) {
      if (error instanceof UnreadableAnswerError) {
        this.log(`scenario draft unreadable, the builtin draft stands: ${error.problem}`);
        return input.builtin;
      }
      throw error;
    }
  }

  /**
   * Feedback never fails while the builtin engine can score: the model's answer is read leniently, a
   * field still unreadable after the repair turn is filled by the builtin engine alone, and a model that
   * does not answer at all leaves the whole feedback to it (`sources` says which field came from where).
   */
  async feedback(input: FeedbackInput): Promise<SessionFeedback> {
    const ctx = {
      messages: input.messages,
      scenario: input.scenario,
      promptVersion: FEEDBACK_PROMPT_VERSION,
    };
    const system = feedbackInstructions();
    const lines = numberedLines(input.messages);
    // Room for the answer twice over: the repair turn carries the first answer back.
    const fixed =
      estimateTokens(system) + estimateTokens(feedbackRequest({ scenario: input.scenario, lines: [] }));
    let budget = this.promptBudget(this.structuredMaxTokens * 2) - fixed;
    for (let contextTries = 0; ; contextTries += 1) {
      const kept = fitLines(lines, budget);
      const user = feedbackRequest({ scenario: input.scenario, lines: kept });
      try {
        const { value } = await this.structured.ask({
          name: FEEDBACK_TASK,
          schema: MODEL_FEEDBACK_JSON_SCHEMA,
          messages: [
            { role: 'system', content: system },
            { role: 'user', content: user },
          ],
          temperature: 0.2,
          maxTokens: this.structuredMaxTokens,
          read: (v) => readModelFeedback(v, ctx),
        });
        return value;
      } catch (error) {
        if (error instanceof ContextTooLongError && contextTries < 3) {
          const sent = kept.reduce((sum, l) => sum + estimateTokens(l) + 1, 0);
          budget = error.serverLimit
            ? Math.min(this.promptBudget(this.structuredMaxTokens * 2) - fixed, Math.floor(sent * 0.85))
            : Math.floor(Math.min(budget, sent) * 0.5);
          this.log(
            `${this.model}: feedback prompt too long (${error.detail}); keeping ${budget} tokens of transcript`,
          );
          continue;
        }
        if (error instanceof UnreadableAnswerError) {
          const readings = error.answers.map((answer) => readFeedbackLeniently(answer, ctx));
          this.log(
            `${this.model}: feedback incomplete after the repair turn (${error.problem}); the builtin engine fills what is missing`,
          );
          return completeFeedback(readings, ctx, () => scoreTranscript(input.messages, input.scenario));
        }
        // The model is down, busy, or the transcript does not fit: the builtin engine scores it all.
        this.log(
          `${this.model}: no feedback from the model (${describe(error)}); the builtin engine scores it`,
        );
        return builtinFeedback(input.messages, input.scenario);
      }
    }
  }

  async transcribe(audio: Buffer, mimeType: string, signal?: AbortSignal): Promise<string> {
    try {
      return await this.client.transcribe(audio, mimeType, this.options.transcribeModel, signal);
    } catch (error) {
      // Ollama, llama.cpp server and LM Studio have no /audio/transcriptions.
      if (error instanceof ModelRequestError && [404, 405, 501].includes(error.upstreamStatus))
        throw new NotConfiguredError(`this server has no speech-to-text (${error.detail})`);
      throw error;
    }
  }
}

import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A wire-level test double of the model servers people point Parley at: a real HTTP server on 127.0.0.1
 * that answers `POST /v1/chat/completions` (streamed as SSE, or whole), `POST /v1/audio/transcriptions`
 * and `GET /v1/models` the way each server family does — its chunk shapes, its error bodies and wording,
 * its reasoning fields — with every quirk the `openai` provider must survive switchable.
 *
 * Self-contained (node: modules only), so `serve-double.ts` can run it as a standalone server for the
 * eval and the benches. The wordings are those the servers document or are reported to send:
 *   openai    {error:{message,type,param,code}}; "This model's maximum context length is N tokens…"
 *   ollama    {error:{message,type:"api_error"}}; reasoning in delta.reasoning; no transcription (404)
 *   vllm      {object:"error",message,type,param,code}; delta.reasoning_content
 *   llamacpp  {error:{code,message,type}}; 503 "Loading model"; exceed_context_size_error with n_ctx
 *   lmstudio  {error:"…"} (a string); refuses json_object; "context length of only N tokens"
 */

export const SERVER_FAMILIES = ['openai', 'ollama', 'vllm', 'llamacpp', 'lmstudio'] as const;
export type ServerFamily = (typeof SERVER_FAMILIES)[number];

export interface Quirks {
  /** What `response_format: json_schema` gets: a constrained answer, a 400, or an answer as if it was not asked. */
  jsonSchema?: 'honoured' | 'refused' | 'ignored';
  /** What `response_format: json_object` gets. */
  jsonObject?: 'honoured' | 'refused';
  /** How JSON comes out when nothing constrains it: bare, in a ```json fence, or after a sentence. */
  wrapJson?: 'none' | 'fence' | 'sentence';
  /**
   * The answer starts with `<think>…</think>` in the content (tags split across stream chunks); with
   * 'template-opened' the chat template put `<think>` in the prompt, so the answer starts with the
   * thinking itself and only `</think>` shows (Qwen3, DeepSeek-R1 distills on llama.cpp or vLLM with no
   * reasoning parser).
   */
  thinkInline?: boolean | 'template-opened';
  /** Reasoning sent in its own field, before the answer. */
  reasoningField?: 'reasoning' | 'reasoning_content' | null;
  /**
   * Errors the first tries of each distinct request get, in order, before it is answered: '429' (with
   * Retry-After), '503' (the family's "loading"/"busy" answer). A retried request (same body) moves on.
   */
  failFirst?: Array<'429' | '503'>;
  /** Retry-After of the 429s, in seconds ('0' answers at once). */
  retryAfter?: string;
  /** The model's context in tokens: a longer prompt gets the family's context-length error. */
  contextTokens?: number;
  /** How a stream goes wrong halfway: ends without [DONE], stops at the token limit, stalls, or sends an error event. */
  streamCut?: 'none' | 'no-done' | 'length' | 'stall' | 'error-event';
  /** The first N structured answers (repairs included) are broken JSON; Infinity: every answer is. */
  brokenJson?: number;
  /** Feedback also cites a partner line and a line that does not exist. */
  wrongEvidence?: boolean;
  /** Whether /audio/transcriptions exists. */
  transcription?: boolean;
  /** Pause between two streamed pieces. */
  chunkDelayMs?: number;

  /* What small models (3–8B) do with what they are asked for: the answer is there, the shape is not. */
  /** Feedback gives every dimension an empty evidence list (its strengths still quote a learner line). */
  emptyEvidence?: boolean;
  /** Scores written as strings: "6.5/10", "seven", "7.5". */
  scoreStrings?: boolean;
  /** One dimension (persuasion) comes without a score. */
  missingScore?: boolean;
  /** Feedback without its objectives. */
  missingObjectives?: boolean;
  /** Keys in other cases and languages ("Claridad", "Empathy", "goals"); a tip's sections in snake_case. */
  renamedKeys?: boolean;
  /** Strengths, weaknesses and suggestions as one string each; a tip leaves out one section. */
  listsAsString?: boolean;
  /** Markdown and prose around the JSON, even when a format was asked for and honoured. */
  proseAroundJson?: boolean;
  /** Replies start with the persona's name or "AI:" and come wrapped in quotes. */
  speakerLabel?: boolean;
  /** Replies act things out: "*leans back*", "(smiles)". */
  stageDirections?: boolean;
  /** Replies go on with the learner's next line ("Learner: …", "You: …") and the persona's answer to it. */
  speaksForLearner?: boolean;
  /** Replies run on into a monologue of many sentences. */
  monologue?: boolean;
  /** Replies end in another language. */
  languageSwitch?: boolean;
}

/** The small-model habits: off unless asked for, on every family. */
type SmallModelQuirk =
  | 'emptyEvidence'
  | 'scoreStrings'
  | 'missingScore'
  | 'missingObjectives'
  | 'renamedKeys'
  | 'listsAsString'
  | 'proseAroundJson'
  | 'speakerLabel'
  | 'stageDirections'
  | 'speaksForLearner'
  | 'monologue'
  | 'languageSwitch';

/** How each family behaves out of the box. */
export const FAMILY_DEFAULTS: Record<
  ServerFamily,
  Required<Omit<Quirks, 'contextTokens' | 'failFirst' | SmallModelQuirk>>
> = {
  openai: {
    jsonSchema: 'honoured',
    jsonObject: 'honoured',
    wrapJson: 'none',
    thinkInline: false,
    reasoningField: null,
    retryAfter: '1',
    streamCut: 'none',
    brokenJson: 0,
    wrongEvidence: false,
    transcription: true,
    chunkDelayMs: 2,
  },
  ollama: {
    jsonSchema: 'honoured',
    jsonObject: 'honoured',
    wrapJson: 'fence',
    thinkInline: false,
    reasoningField: 'reasoning',
    retryAfter: '1',
    streamCut: 'none',
    brokenJson: 0,
    wrongEvidence: false,
    transcription: false,
    chunkDelayMs: 2,
  },
  vllm: {
    jsonSchema: 'honoured',
    jsonObject: 'honoured',
    wrapJson: 'none',
    thinkInline: false,
    reasoningField: 'reasoning_content',
    retryAfter: '1',
    streamCut: 'none',
    brokenJson: 0,
    wrongEvidence: false,
    transcription: true,
    chunkDelayMs: 2,
  },
  llamacpp: {
    jsonSchema: 'honoured',
    jsonObject: 'honoured',
    wrapJson: 'fence',
    thinkInline: true,
    reasoningField: null,
    retryAfter: '1',
    streamCut: 'none',
    brokenJson: 0,
    wrongEvidence: false,
    transcription: false,
    chunkDelayMs: 2,
  },
  lmstudio: {
    jsonSchema: 'honoured',
    jsonObject: 'refused',
    wrapJson: 'sentence',
    thinkInline: false,
    reasoningField: 'reasoning_content',
    retryAfter: '1',
    streamCut: 'none',
    brokenJson: 0,
    wrongEvidence: false,
    transcription: false,
    chunkDelayMs: 2,
  },
};

/**
 * Every quirk a provider must get through on its own, switched on at once: both structured formats
 * refused (so the plain prompt and the strict parser do the work), JSON after a sentence, inline
 * reasoning and a reasoning field, a 429 and a 503 before each answer, the first structured answer
 * broken (so the repair turn runs), evidence that cites the wrong lines, and a small context.
 */
export const EVERY_RECOVERABLE_QUIRK: Quirks = {
  jsonSchema: 'refused',
  jsonObject: 'refused',
  wrapJson: 'sentence',
  thinkInline: true,
  reasoningField: 'reasoning_content',
  failFirst: ['429', '503'],
  retryAfter: '0',
  brokenJson: 1,
  wrongEvidence: true,
  contextTokens: 4096,
};

/**
 * Every small-model habit at once: feedback with empty evidence, scores as strings, one score and the
 * objectives missing, renamed keys, lists as one string, prose around the JSON; replies labelled, quoted,
 * acted out, speaking for the learner, running on and switching language; tips with renamed keys and a
 * section left out. The provider must still give a reply in the persona's voice, a tip with four
 * sections and a feedback for every session.
 */
export const EVERY_SMALL_MODEL_QUIRK: Quirks = {
  emptyEvidence: true,
  scoreStrings: true,
  missingScore: true,
  missingObjectives: true,
  renamedKeys: true,
  listsAsString: true,
  proseAroundJson: true,
  speakerLabel: true,
  stageDirections: true,
  speaksForLearner: true,
  monologue: true,
  languageSwitch: true,
};

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  /** What the server answered (status). */
  status?: number;
}

export interface ModelServerDouble {
  family: ServerFamily;
  /** The OpenAI-style base URL, ending in /v1. */
  baseUrl: string;
  requests: RecordedRequest[];
  /** Chat requests only (their JSON bodies). */
  chatBodies(): ChatBody[];
  /** Streams the client closed before the server finished them. */
  cancelledStreams(): number;
  /** Changes quirks from now on (tests switch one on for one case). */
  set(quirks: Quirks): void;
  close(): Promise<void>;
}

export interface ChatBody {
  model: string;
  messages: Array<{ role: string; content: string }>;
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  max_tokens?: number;
  temperature?: number;
  response_format?: { type: string; json_schema?: { name?: string; strict?: boolean; schema?: unknown } };
}

const now = () => Math.floor(Date.now() / 1000);

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/* ------------------------------------------------------------------------------------------------- */
/* Each family's error bodies */

type ErrorKind = 'rate' | 'loading' | 'context' | 'format' | 'not-found' | 'stream';
interface ErrorInfo {
  prompt: number;
  limit: number;
  format: string;
  path: string;
  model: string;
}
/** status, message, error type, and fields some servers add. */
type Wording = [number, string, string, Record<string, unknown>?];

/** How each family wraps an error. */
const ERROR_SHAPE: Record<ServerFamily, (w: Wording) => unknown> = {
  openai: ([, message, type, extra]) => ({ error: { message, type, param: null, code: null, ...extra } }),
  ollama: ([, message]) => ({ error: { message, type: 'api_error', param: null, code: null } }),
  vllm: ([status, message, type]) => ({ object: 'error', message, type, param: null, code: status }),
  llamacpp: ([status, message, type, extra]) => ({ error: { code: status, message, type, ...extra } }),
  lmstudio: ([, message]) => ({ error: message }),
};

/** What each family says, in its own words. */
const WORDING: Record<ServerFamily, Record<ErrorKind, (i: ErrorInfo) => Wording>> = {
  openai: {
    rate: (i) => [
      429,
      `Rate limit reached for ${i.model} in organization org-double on requests per min (RPM): Limit 3, Used 3, Requested 1. Please try again in 1s.`,
      'requests',
      { code: 'rate_limit_exceeded' },
    ],
    loading: () => [503, 'The server is overloaded or not ready yet.', 'server_error'],
    context: (i) => [
      400,
      `This model's maximum context length is ${i.limit} tokens. However, your messages resulted in ${i.prompt} tokens. Please reduce the length of the messages.`,
      'invalid_request_error',
      { param: 'messages', code: 'context_length_exceeded' },
    ],
    format: (i) => [
      400,
      `Invalid parameter: 'response_format' of type '${i.format}' is not supported with this model.`,
      'invalid_request_error',
      { param: 'response_format' },
    ],
    'not-found': (i) => [404, `Invalid URL (POST ${i.path})`, 'invalid_request_error'],
    stream: () => [500, 'The server had an error while processing your request.', 'server_error'],
  },
  ollama: {
    rate: () => [429, 'too many requests', 'api_error'],
    loading: () => [503, 'server busy, please try again.  maximum pending requests exceeded', 'api_error'],
    context: () => [500, 'the input length exceeds the context length', 'api_error'],
    format: (i) => [400, `invalid response_format type "${i.format}"`, 'api_error'],
    'not-found': () => [404, '404 page not found', 'text'],
    stream: () => [500, 'an error was encountered while running the model: unexpected EOF', 'api_error'],
  },
  vllm: {
    rate: () => [429, 'Too many requests', 'TooManyRequestsError'],
    loading: () => [503, 'The model is still loading. Please retry later.', 'ServiceUnavailableError'],
    context: (i) => [
      400,
      `This model's maximum context length is ${i.limit} tokens. However, you requested ${i.prompt + 800} tokens (${i.prompt} in the messages, 800 in the completion). Please reduce the length of the messages or completion.`,
      'BadRequestError',
    ],
    format: (i) => [
      400,
      `Structured output of type ${i.format} is not supported by the guided decoding backend for this model.`,
      'BadRequestError',
    ],
    'not-found': () => [404, 'Not Found', 'NotFoundError'],
    stream: () => [500, 'EngineDeadError: engine loop is not running', 'InternalServerError'],
  },
  llamacpp: {
    rate: () => [429, 'Too many requests', 'unavailable_error'],
    loading: () => [503, 'Loading model', 'unavailable_error'],
    context: (i) => [
      400,
      `request (${i.prompt} tokens) exceeds the available context size (${i.limit} tokens), try increasing it`,
      'exceed_context_size_error',
      { n_prompt_tokens: i.prompt, n_ctx: i.limit },
    ],
    format: (i) => [400, `Unsupported response_format type: ${i.format}`, 'invalid_request_error'],
    'not-found': () => [404, 'File Not Found', 'not_found_error'],
    stream: () => [500, 'Failed to decode the batch', 'server_error'],
  },
  lmstudio: {
    rate: () => [429, 'Too many requests', ''],
    loading: (i) => [503, `Model ${i.model} is loading, please retry`, ''],
    context: (i) => [
      400,
      `Trying to keep the first ${i.prompt} tokens when context the overflows. However, the model is loaded with context length of only ${i.limit} tokens, which is not enough. Try to load the model with a larger context length, or provide a shorter input`,
      '',
    ],
    format: () => [400, "'response_format.type' must be 'json_schema' or 'text'", ''],
    'not-found': (i) => [404, `Unexpected endpoint or method. (POST ${i.path})`, ''],
    stream: () => [500, 'Model crashed', ''],
  },
};

function errorFor(
  family: ServerFamily,
  kind: ErrorKind,
  info: Partial<ErrorInfo> = {},
): { status: number; body: unknown; text?: string } {
  const wording = WORDING[family][kind]({
    prompt: 0,
    limit: 0,
    format: 'json_schema',
    path: '',
    model: 'model',
    ...info,
  });
  // Ollama's router answers an unknown path in plain text.
  if (wording[2] === 'text') return { status: wording[0], body: null, text: wording[1] };
  return { status: wording[0], body: ERROR_SHAPE[family](wording) };
}

/* ------------------------------------------------------------------------------------------------- */
/* What the "model" says: deterministic answers read from the request */

interface Transcript {
  lines: Array<{ index: number; speaker: 'learner' | 'partner'; text: string }>;
  objectives: number;
}

function readTranscript(text: string): Transcript {
  const lines = [...text.matchAll(/^\[(\d+)\] (learner|partner): (.*)$/gm)].map((m) => ({
    index: Number(m[1]),
    speaker: m[2] as 'learner' | 'partner',
    text: m[3] ?? '',
  }));
  const objectivesBlock = /The learner's objectives:\n((?:\d+\. .*\n?)+)/.exec(text)?.[1] ?? '';
  return { lines, objectives: objectivesBlock.split('\n').filter((l) => /^\d+\. /.test(l)).length };
}

const round1 = (n: number) => Math.round(Math.min(10, Math.max(0, n)) * 10) / 10;

/** Scores from plain features of the learner's lines: longer, more specific, more attentive lines score higher. */
function feedbackAnswer(text: string, wrongEvidence: boolean): Record<string, unknown> {
  const t = readTranscript(text);
  const learner = t.lines.filter((l) => l.speaker === 'learner');
  const partner = t.lines.find((l) => l.speaker === 'partner');
  const words = learner.map((l) => l.text.split(/\s+/).filter(Boolean).length);
  const avg = words.length ? words.reduce((a, b) => a + b, 0) / words.length : 0;
  const specific = learner.filter((l) => /\d|\$|%/.test(l.text)).length;
  const caring = learner.filter((l) =>
    /\b(understand|appreciate|hear you|thank|sorry|makes sense|you)\b/i.test(l.text),
  ).length;
  const reasons = learner.filter((l) =>
    /\b(because|since|so that|based on|data|results?)\b/i.test(l.text),
  ).length;
  const n = Math.max(1, learner.length);
  const longest = [...learner].sort((a, b) => b.text.length - a.text.length);
  const cite = (effect: 'earned' | 'cost', reason: string) => [
    ...longest.slice(0, 2).map((l) => ({ index: l.index, effect, reason })),
    ...(wrongEvidence
      ? [
          { index: partner?.index ?? 0, effect, reason: 'a partner line' },
          { index: 999, effect, reason: 'no such line' },
        ]
      : []),
  ];
  return {
    clarity: {
      score: round1(2 + Math.min(4, avg / 5) + (3 * specific) / n),
      evidence: cite('earned', 'States the point in concrete terms.'),
    },
    empathy: {
      score: round1(2 + (5 * caring) / n + Math.min(1.5, avg / 15)),
      evidence: cite('earned', "Acknowledges the other side's view."),
    },
    persuasion: {
      score: round1(2 + (3 * reasons) / n + (2 * specific) / n + Math.min(1.5, avg / 15)),
      evidence: cite(reasons > 0 ? 'earned' : 'cost', 'How well the ask is backed.'),
    },
    objectives: Array.from({ length: t.objectives }, (_, i) => ({
      objective: i + 1,
      met: i === 0 && learner.length > 0,
      index: i === 0 ? (longest[0]?.index ?? null) : null,
    })),
    strengths: ['You stayed engaged and answered the other side directly.'],
    weaknesses: ['Some of your points could be backed with a more specific example.'],
    suggestions: ['Name one concrete figure or example early, then check how it lands with the other side.'],
  };
}

const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/** A feedback answer as a small model writes it (see the quirks of the same names). */
function smallModelFeedback(
  answer: Record<string, unknown>,
  text: string,
  q: Quirks,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...answer };
  const dims = ['clarity', 'empathy', 'persuasion'] as const;
  const learner = readTranscript(text).lines.filter((l) => l.speaker === 'learner');
  const longest = [...learner].sort((a, b) => b.text.length - a.text.length)[0];
  for (const [i, d] of dims.entries()) {
    const dim = { ...(answer[d] as { score: number; evidence: unknown[] }) } as Record<string, unknown>;
    const score = dim['score'] as number;
    if (q.scoreStrings)
      dim['score'] =
        i === 0
          ? `${score}/10`
          : i === 1
            ? `${NUMBER_WORDS[Math.floor(score)]}${score % 1 >= 0.5 ? ' and a half' : ''}`
            : String(score);
    if (q.missingScore && d === 'persuasion') delete dim['score'];
    if (q.emptyEvidence) dim['evidence'] = [];
    out[d] = dim;
  }
  if (q.emptyEvidence && longest) {
    // What small models do write: a sentence that quotes the learner.
    const quote = longest.text.replace(/["“”]/g, '').split(/\s+/).slice(0, 8).join(' ');
    out['strengths'] = [
      `You made your point clearly when you said "${quote}".`,
      ...(out['strengths'] as string[]),
    ];
  }
  if (q.missingObjectives) delete out['objectives'];
  if (q.listsAsString)
    for (const key of ['strengths', 'weaknesses', 'suggestions'])
      if (Array.isArray(out[key])) out[key] = (out[key] as string[]).map((s) => `- ${s}`).join('\n');
  if (q.renamedKeys) {
    const names: Record<string, string> = {
      clarity: 'Claridad',
      empathy: 'EMPATHY',
      persuasion: 'Persuasión',
      objectives: 'goals',
      strengths: 'Fortalezas',
      weaknesses: 'Areas for improvement',
      suggestions: 'Recommendations',
    };
    return Object.fromEntries(
      Object.entries(out).map(([k, v]) => {
        const dim = dims.includes(k as (typeof dims)[number]) ? (v as Record<string, unknown>) : undefined;
        const renamed = dim
          ? Object.fromEntries(
              Object.entries(dim).map(([dk, dv]) => [
                dk === 'score' ? 'Puntuación' : dk === 'evidence' ? 'Evidence' : dk,
                dv,
              ]),
            )
          : v;
        return [names[k] ?? k, renamed];
      }),
    );
  }
  return out;
}

/** A tip as a small model writes it: sections in snake_case, one left out. */
function smallModelTip(answer: Record<string, string>, q: Quirks): Record<string, string> {
  let out: Record<string, string> = { ...answer };
  if (q.listsAsString) delete out['strategicImpact'];
  if (q.renamedKeys)
    out = Object.fromEntries(
      Object.entries(out).map(([k, v]) => [k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), v]),
    );
  if (q.speakerLabel && out['enhancedVersion']) out['enhancedVersion'] = `You: "${out['enhancedVersion']}"`;
  if (q.speakerLabel && out['enhanced_version'])
    out['enhanced_version'] = `You: "${out['enhanced_version']}"`;
  return out;
}

const MONOLOGUE =
  ' I should also say that this year has been difficult for everyone. We have had three new hires already. Finance reviews every single offer twice. My own manager is watching the numbers closely. I hope you can see where I am coming from.';
const SPANISH = ' Pero, sinceramente, no tengo mucho margen en el presupuesto este año. ¿Qué opinas tú?';

/** A partner reply as a small model writes it (see the quirks of the same names). */
function smallModelReply(reply: string, persona: string, turn: number, q: Quirks): string {
  let text = reply;
  if (q.stageDirections) {
    const sentences = text.split(/(?<=[.!?])\s+/);
    text = `*leans back in the chair* ${sentences[0] ?? ''}${sentences.length > 1 ? ` (smiles) ${sentences.slice(1).join(' ')}` : ''}`;
  }
  if (q.monologue) text += MONOLOGUE;
  if (q.languageSwitch) text += SPANISH;
  if (q.speakerLabel) text = `${turn % 2 === 0 ? persona : 'AI'}: "${text}"`;
  if (q.speaksForLearner)
    text += `\n${turn % 2 === 0 ? 'Learner' : 'You'}: That sounds fair, thank you.\n${persona}: Great, then we have a deal.`;
  return text;
}

/** "Draft it for me": a custom scenario's optional fields, as a model writes them. */
export const DRAFT_ANSWER = {
  persona: 'A careful manager who protects the team budget but wants to keep good people.',
  personaGoals: ['Stay within this year’s budget', 'Keep a strong engineer on the team'],
  holdsFirmOn: ['No increase above the approved band before the annual review'],
  learnerObjectives: ['Name the number and the reason for it', 'Agree a date for the decision'],
  difficulty: 'Intermediate',
  tags: ['raise', 'budget'],
};

function coachingAnswer(text: string): Record<string, string> {
  const message = /Learner's message:\n([\s\S]*)$/.exec(text)?.[1]?.trim() ?? '';
  return {
    communicationAnalysis: 'The message is direct but leaves its reason unstated.',
    strategicImpact: 'The other side may hear a demand rather than a proposal.',
    improvementOpportunity: 'Give one concrete reason and ask a question that invites their view.',
    enhancedVersion: `I appreciate your time. ${message
      .replace(/\bum\b|\bI guess\b|\bmaybe\b/gi, '')
      .replace(/\s+/g, ' ')
      .trim()} Could we look at that together?`,
  };
}

const REPLIES = [
  'I hear you, and I appreciate you raising it. What would make this work for you?',
  'That is a fair point, but I need a concrete reason before I can move on this.',
  'Let me be honest with you: my room here is limited. What matters most to you?',
  'I can see why you say that. If you can show me the numbers, I will take it to my manager.',
  'Thank you for explaining. Give me a moment to think about what I can offer.',
];

function chatAnswer(body: ChatBody, reply?: string): string {
  const last = body.messages.at(-1)?.content ?? '';
  const opening = /A natural opening would be: "([\s\S]*)"\)\s*$/.exec(last);
  if (opening?.[1]) return opening[1];
  if (reply !== undefined) return reply;
  const turns = body.messages.filter((m) => m.role === 'assistant').length;
  return REPLIES[turns % REPLIES.length] as string;
}

const THOUGHT = 'The learner just spoke. I should stay in character, answer briefly, and keep to my limits.';

/** A broken structured answer, as a model cut off mid-object writes it. */
const broken = (json: string) => json.slice(0, Math.max(10, Math.floor(json.length / 2)));

/* ------------------------------------------------------------------------------------------------- */
/* The wire */

/** Pieces the way servers stream them: a word at a time, a reasoning block a few characters at a time (tags split). */
function piecesOf(content: string): string[] {
  const think = /^((?:<think>)?[^<]*<\/think>\s*)([\s\S]*)$/.exec(content);
  const head = think ? (think[1]!.match(/[\s\S]{1,3}/g) ?? []) : [];
  const rest = think ? think[2]! : content;
  return [...head, ...(rest.match(/\S+\s*|\s+/g) ?? [])];
}

function chunkOf(
  family: ServerFamily,
  model: string,
  delta: Record<string, unknown>,
  finish: string | null,
  first: boolean,
): object {
  const id = 'chatcmpl-double';
  switch (family) {
    case 'llamacpp':
      return {
        choices: [{ finish_reason: finish, index: 0, delta }],
        created: now(),
        id,
        model,
        system_fingerprint: 'b6000-double',
        object: 'chat.completion.chunk',
      };
    case 'ollama':
      return {
        id,
        object: 'chat.completion.chunk',
        created: now(),
        model,
        system_fingerprint: 'fp_ollama',
        choices: [{ index: 0, delta: { role: 'assistant', content: '', ...delta }, finish_reason: finish }],
      };
    case 'vllm':
      return {
        id,
        object: 'chat.completion.chunk',
        created: now(),
        model,
        choices: [
          {
            index: 0,
            delta: first ? { role: 'assistant', ...delta } : delta,
            logprobs: null,
            finish_reason: finish,
            ...(finish ? { stop_reason: null } : {}),
          },
        ],
      };
    default:
      return {
        id,
        object: 'chat.completion.chunk',
        created: now(),
        model,
        system_fingerprint: family === 'lmstudio' ? model : 'fp_double',
        choices: [
          {
            index: 0,
            delta: first ? { role: 'assistant', refusal: null, ...delta } : delta,
            logprobs: null,
            finish_reason: finish,
          },
        ],
      };
  }
}

const promptTokensOf = (body: ChatBody) =>
  body.messages.reduce((sum, m) => sum + Math.ceil(String(m.content ?? '').length / 4) + 4, 0);

export async function startModelServerDouble(
  family: ServerFamily,
  quirks: Quirks = {},
  /** `reply`: every partner reply is this text (benches and exact-text tests); a varied one by default. */
  options: { port?: number; host?: string; reply?: string } = {},
): Promise<ModelServerDouble> {
  let q: Quirks & (typeof FAMILY_DEFAULTS)[ServerFamily] = { ...FAMILY_DEFAULTS[family], ...quirks };
  const requests: RecordedRequest[] = [];
  const seen = new Map<string, number>();
  let structuredAnswers = 0;
  let cancelled = 0;

  const sendJson = (
    res: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  const sendError = (
    res: ServerResponse,
    error: ReturnType<typeof errorFor>,
    record: RecordedRequest,
    headers: Record<string, string> = {},
  ) => {
    record.status = error.status;
    if (error.text !== undefined) {
      res.writeHead(error.status, { 'content-type': 'text/plain', ...headers });
      res.end(error.text);
    } else sendJson(res, error.status, error.body, headers);
  };

  async function chat(body: ChatBody, res: ServerResponse, record: RecordedRequest): Promise<void> {
    // Errors before an answer: the n-th try of the same request gets the n-th error of failFirst.
    const key = createHash('sha1').update(JSON.stringify(body)).digest('hex');
    const tries = seen.get(key) ?? 0;
    seen.set(key, tries + 1);
    const failure = q.failFirst?.[tries];
    if (failure === '429') {
      const headers: Record<string, string> = { 'retry-after': q.retryAfter };
      if (family === 'openai') headers['retry-after-ms'] = String(Number(q.retryAfter) * 1000);
      return sendError(res, errorFor(family, 'rate', { model: body.model }), record, headers);
    }
    if (failure === '503') return sendError(res, errorFor(family, 'loading', { model: body.model }), record);

    const prompt = promptTokensOf(body);
    if (q.contextTokens !== undefined && prompt > q.contextTokens)
      return sendError(res, errorFor(family, 'context', { prompt, limit: q.contextTokens }), record);

    const format = body.response_format?.type;
    if (format === 'json_schema' && q.jsonSchema === 'refused')
      return sendError(res, errorFor(family, 'format', { format }), record);
    if (format === 'json_object' && q.jsonObject === 'refused')
      return sendError(res, errorFor(family, 'format', { format }), record);
    const constrained = (format === 'json_schema' && q.jsonSchema === 'honoured') || format === 'json_object';

    const all = body.messages.map((m) => String(m.content ?? '')).join('\n');
    const task = /session_feedback/.test(all)
      ? 'feedback'
      : /inline_coaching/.test(all)
        ? 'coaching'
        : body.response_format?.json_schema?.name === 'scenario_draft' || /set up a role-play/.test(all)
          ? 'draft'
          : 'chat';
    let content: string;
    if (task === 'chat') {
      const persona = /^You are ([^,]+),/m.exec(body.messages[0]?.content ?? '')?.[1] ?? 'Partner';
      const turns = body.messages.filter((m) => m.role === 'assistant').length;
      content = smallModelReply(chatAnswer(body, options.reply), persona, turns, q);
    } else {
      const transcriptText = body.messages.find((m) => m.role === 'user')?.content ?? '';
      const json = JSON.stringify(
        task === 'feedback'
          ? smallModelFeedback(feedbackAnswer(transcriptText, q.wrongEvidence ?? false), transcriptText, q)
          : task === 'draft'
            ? DRAFT_ANSWER
            : smallModelTip(coachingAnswer(transcriptText), q),
      );
      const breakIt = structuredAnswers < q.brokenJson;
      structuredAnswers += 1;
      content = breakIt ? broken(json) : json;
      if (!constrained) {
        if (q.wrapJson === 'fence') content = `\`\`\`json\n${content}\n\`\`\``;
        else if (q.wrapJson === 'sentence')
          content = `Sure! Here is the ${task} you asked for:\n${content}\nLet me know if you need anything else.`;
      }
      if (q.proseAroundJson && !breakIt)
        content = `## ${task === 'feedback' ? 'Session feedback' : 'Coaching'}\n\nHere is my **honest** assessment {as asked}:\n\n\`\`\`json\n${content}\n\`\`\`\n\n*Overall*, a solid effort — keep practising!`;
    }
    if (q.thinkInline && !constrained)
      content = `${q.thinkInline === 'template-opened' ? '' : '<think>\n'}${THOUGHT}\n</think>\n\n${content}`;

    const completionTokens = Math.ceil(content.length / 4);
    const usage = {
      prompt_tokens: prompt,
      completion_tokens: completionTokens,
      total_tokens: prompt + completionTokens,
    };
    if (!body.stream) {
      const maxTokens = body.max_tokens ?? Infinity;
      const limitHit = completionTokens > maxTokens;
      const message: Record<string, unknown> = {
        role: 'assistant',
        content: limitHit ? content.slice(0, maxTokens * 4) : content,
      };
      if (q.reasoningField) message[q.reasoningField] = THOUGHT;
      record.status = 200;
      return sendJson(res, 200, {
        id: 'chatcmpl-double',
        object: 'chat.completion',
        created: now(),
        model: body.model,
        choices: [{ index: 0, message, logprobs: null, finish_reason: limitHit ? 'length' : 'stop' }],
        usage,
      });
    }

    record.status = 200;
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    let finished = false;
    res.on('close', () => {
      if (!finished) cancelled += 1;
    });
    const write = (data: unknown) => {
      if (!res.destroyed) res.write(`data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
    };
    const pause = () => new Promise((r) => setTimeout(r, q.chunkDelayMs));
    let first = true;
    if (family === 'vllm' || family === 'openai' || family === 'lmstudio') {
      write(chunkOf(family, body.model, { content: '' }, null, true));
      first = false;
    }
    if (q.reasoningField) {
      for (const word of THOUGHT.match(/\S+\s*/g) ?? []) {
        write(
          chunkOf(
            family,
            body.model,
            { [q.reasoningField]: word, ...(family === 'ollama' ? {} : { content: null }) },
            null,
            first,
          ),
        );
        first = false;
        await pause();
      }
    }
    const pieces = piecesOf(content);
    const cutAt = q.streamCut === 'none' ? pieces.length : Math.max(1, Math.floor(pieces.length / 2));
    for (const piece of pieces.slice(0, cutAt)) {
      if (res.destroyed) return;
      write(chunkOf(family, body.model, { content: piece }, null, first));
      first = false;
      await pause();
    }
    switch (q.streamCut) {
      case 'no-done':
        finished = true;
        res.end();
        return;
      case 'stall':
        return; // the connection stays open, silent, until the client gives up
      case 'error-event':
        write(errorFor(family, 'stream').body);
        finished = true;
        res.end();
        return;
      case 'length':
        write(chunkOf(family, body.model, {}, 'length', false));
        break;
      default:
        write(chunkOf(family, body.model, {}, 'stop', false));
    }
    if (body.stream_options?.include_usage && family !== 'ollama')
      write({
        id: 'chatcmpl-double',
        object: 'chat.completion.chunk',
        created: now(),
        model: body.model,
        choices: [],
        usage,
      });
    write('[DONE]');
    finished = true;
    res.end();
  }

  const server: Server = createServer((req, res) => {
    void (async () => {
      const raw = await readBody(req);
      const path = (req.url ?? '').split('?')[0] ?? '';
      const contentType = String(req.headers['content-type'] ?? '');
      let body: unknown = raw.toString('latin1');
      if (contentType.includes('application/json')) {
        try {
          body = JSON.parse(raw.toString('utf8') || 'null');
        } catch {
          body = raw.toString('utf8');
        }
      }
      const record: RecordedRequest = { method: req.method ?? 'GET', path, headers: req.headers, body };
      requests.push(record);
      if (req.method === 'GET' && path.endsWith('/models')) {
        record.status = 200;
        return sendJson(res, 200, {
          object: 'list',
          data: [{ id: 'double-model', object: 'model', created: now(), owned_by: family }],
        });
      }
      if (req.method === 'POST' && path.endsWith('/chat/completions')) {
        if (typeof body !== 'object' || body === null) {
          record.status = 400;
          return sendJson(res, 400, { error: { message: 'invalid JSON body' } });
        }
        return chat(body as ChatBody, res, record);
      }
      if (req.method === 'POST' && path.endsWith('/audio/transcriptions') && q.transcription) {
        const text = String(body);
        if (
          !contentType.includes('multipart/form-data') ||
          !text.includes('name="file"') ||
          !text.includes('name="model"')
        ) {
          record.status = 400;
          return sendJson(res, 400, {
            error: { message: 'file and model are required', type: 'invalid_request_error' },
          });
        }
        record.status = 200;
        return sendJson(res, 200, { text: 'I would like to discuss my salary.' });
      }
      sendError(res, errorFor(family, 'not-found', { path }), record);
    })().catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { error: { message: (error as Error).message } });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const { port } = server.address() as AddressInfo;
  return {
    family,
    baseUrl: `http://${options.host ?? '127.0.0.1'}:${port}/v1`,
    requests,
    chatBodies: () =>
      requests
        .filter((r) => r.path.endsWith('/chat/completions') && typeof r.body === 'object')
        .map((r) => r.body as ChatBody),
    cancelledStreams: () => cancelled,
    set: (more) => {
      q = { ...q, ...more };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

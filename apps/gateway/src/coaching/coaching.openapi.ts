import type { OpenAPIRegistry, ResponseConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import {
  aiPartnerSchema,
  chatCompletionBodySchema,
  coachChatBodySchema,
  coachThreadEntrySchema,
  fillerWordsBodySchema,
  generateOpeningBodySchema,
  inlineCoachingBodySchema,
  inlineCoachingSchema,
  postSessionFeedbackBodySchema,
  sessionFeedbackSchema,
  speechAnalysisSchema,
  speechCapabilitiesSchema,
  textToSpeechBodySchema,
} from '@parley/contracts';

/** The AI partner and the coach in the OpenAPI document. */
export function registerCoachingPaths(
  registry: OpenAPIRegistry,
  security: Array<Record<string, string[]>>,
  errors: (...codes: number[]) => Record<number, ResponseConfig>,
): void {
  const json = <T extends z.ZodType>(schema: T) => ({ 'application/json': { schema } });
  const common = errors(400, 401, 403, 429, 502, 503, 504);
  registry.registerPath({
    method: 'post',
    path: '/api/chat/chat-completion',
    summary: 'The partner\'s reply, streamed as server-sent `data: {"content": "..."}` lines',
    description:
      'Pieces arrive as `data: {"content": "..."}` events; a whole reply ends with `data: {"done": true}`, ' +
      'a failure with `data: {"error": "..."}` (a stream without either was cut off). With `session_id`, ' +
      'the conversation is the session’s stored transcript, not the history sent: the last message (the ' +
      'learner’s new line, else 400) is stored, then the partner’s reply, before `done`. The learner’s ' +
      'unanswered last line sent again is answered without being stored twice.',
    security,
    request: { body: { content: json(chatCompletionBodySchema) } },
    responses: {
      200: { description: 'An event stream', content: { 'text/event-stream': { schema: z.string() } } },
      ...common,
    },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/chat/coach',
    summary: 'Ask the coach about a completed session’s feedback, answered as server-sent lines',
    description:
      '`data: {"content": "..."}` pieces, then `data: {"retry_from": n}` (the transcript index of the learner ' +
      'line the coach suggests trying again from) when there is one, then `data: {"done": true}`. The question ' +
      'and the answer are saved to the session’s thread. 409 while the session has no feedback.',
    security,
    request: { body: { content: json(coachChatBodySchema) } },
    responses: {
      200: { description: 'An event stream', content: { 'text/event-stream': { schema: z.string() } } },
      ...common,
      ...errors(404, 409),
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/user/sessions/{id}/coach',
    summary: 'The session’s Ask-the-coach thread, oldest first',
    security,
    request: { params: z.object({ id: z.uuid() }) },
    responses: {
      200: { description: 'OK', content: json(z.array(coachThreadEntrySchema)) },
      ...common,
      ...errors(404),
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/chat/partner',
    summary: 'Who plays the partner: Parley’s offline engine, or a model by name',
    description:
      '`{"kind": "builtin"}` or `{"kind": "model", "model": "qwen3:8b"}`: the kind and the model’s name only, ' +
      'as `/api/health` names them (`services.coaching.checks.ai`).',
    security,
    responses: {
      200: { description: 'OK', content: json(aiPartnerSchema) },
      ...errors(401, 429, 502, 503, 504),
    },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/chat/generate-opening',
    summary: 'The partner’s opening line',
    security,
    request: { body: { content: json(generateOpeningBodySchema) } },
    responses: { 200: { description: 'OK', content: json(z.object({ content: z.string() })) }, ...common },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/chat/inline-coaching',
    summary: 'A coaching tip on one message',
    security,
    request: { body: { content: json(inlineCoachingBodySchema) } },
    responses: {
      200: { description: 'OK', content: json(z.object({ coaching: inlineCoachingSchema })) },
      ...common,
    },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/chat/post-session-feedback',
    summary: 'Scored feedback; with `session_id` it completes the session once',
    security,
    request: { body: { content: json(postSessionFeedbackBodySchema) } },
    responses: { 200: { description: 'OK', content: json(sessionFeedbackSchema) }, ...common },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/analysis/filler-words',
    summary: 'Filler words, pace, pauses and fluency',
    security,
    request: { body: { content: json(fillerWordsBodySchema) } },
    responses: { 200: { description: 'OK', content: json(speechAnalysisSchema) }, ...common },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/speech/capabilities',
    summary: 'Whether this server has speech-to-text and text-to-speech (voice input and voice mode)',
    description:
      'Without speech-to-text, /api/speech-to-text answers 503; without text-to-speech, /api/text-to-speech ' +
      'answers 503 and the browser speaks with its own voice.',
    security,
    responses: {
      200: { description: 'OK', content: json(speechCapabilitiesSchema) },
      ...errors(401, 429, 502, 503, 504),
    },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/speech-to-text',
    summary: 'Transcribes a recording (multipart field `audio`, audio/webm, at most 10 MB)',
    security,
    request: {
      body: {
        content: {
          'multipart/form-data': { schema: z.object({ audio: z.string().meta({ format: 'binary' }) }) },
        },
      },
    },
    responses: {
      200: { description: 'OK', content: json(z.object({ text: z.string(), transcript: z.string() })) },
      ...common,
      ...errors(413, 415),
    },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/text-to-speech',
    summary:
      "Speaks one sentence of the partner's in the voice of the scenario's persona (voice mode), streamed as audio/wav; 503 when no speech server is configured",
    security,
    request: { body: { content: json(textToSpeechBodySchema) } },
    responses: {
      200: {
        description: 'The audio, streamed as it is made',
        content: { 'audio/wav': { schema: z.string().meta({ format: 'binary' }) } },
      },
      ...common,
    },
  });
}

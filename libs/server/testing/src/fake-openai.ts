import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  path: string;
  body: unknown;
  contentType: string;
}

export interface FakeOpenAi {
  baseUrl: string;
  requests: RecordedRequest[];
  /** How many stream requests the server saw cancelled by the client before it finished. */
  cancelledStreams(): number;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

const FEEDBACK = {
  clarity: 7.5,
  empathy: 6,
  persuasion: 8.2,
  strengths: ['You named a specific figure.'],
  weaknesses: ['You did not acknowledge their concern.'],
  suggestions: ['Open by summarising what you heard.'],
  evidence: { clarity: [], empathy: [], persuasion: [] },
};

const COACHING = {
  communicationAnalysis: 'Direct and specific.',
  strategicImpact: 'Moves the talk toward a decision.',
  improvementOpportunity: 'Acknowledge their constraint first.',
  enhancedVersion: 'I understand the budget is tight; could we agree on the first phase by Friday?',
};

/**
 * A local HTTP server speaking OpenAI's wire format for what Parley uses: chat completions (streamed as
 * SSE chunks, or whole, with json_schema structured output) and audio transcriptions. The openai adapter
 * is tested against it; nothing leaves 127.0.0.1.
 */
export async function startFakeOpenAi(
  options: { reply?: string; chunkDelayMs?: number } = {},
): Promise<FakeOpenAi> {
  const requests: RecordedRequest[] = [];
  let cancelled = 0;
  const reply =
    options.reply ?? 'That is a fair point, but our budget for this quarter is fixed at forty thousand.';
  const server: Server = createServer((req, res) => {
    void (async () => {
      const raw = await readBody(req);
      const contentType = String(req.headers['content-type'] ?? '');
      const path = (req.url ?? '').split('?')[0] ?? '';
      const body: unknown = contentType.includes('application/json')
        ? JSON.parse(raw.toString() || 'null')
        : raw.toString('latin1');
      requests.push({ path, body, contentType });
      if (path.endsWith('/chat/completions')) {
        const b = body as {
          stream?: boolean;
          response_format?: { json_schema?: { name?: string } };
          model: string;
        };
        if (b.stream) {
          res.writeHead(200, { 'content-type': 'text/event-stream' });
          const words = reply.match(/\S+\s*/g) ?? [];
          let finished = false;
          res.on('close', () => {
            if (!finished) cancelled += 1;
          });
          for (const [i, word] of words.entries()) {
            if (res.destroyed) return;
            res.write(
              `data: ${JSON.stringify({ id: 'chatcmpl-fake', object: 'chat.completion.chunk', created: 0, model: b.model, choices: [{ index: 0, delta: i === 0 ? { role: 'assistant', content: word } : { content: word }, finish_reason: null }] })}\n\n`,
            );
            await new Promise((r) => setTimeout(r, options.chunkDelayMs ?? 5));
          }
          res.write(
            `data: ${JSON.stringify({ id: 'chatcmpl-fake', object: 'chat.completion.chunk', created: 0, model: b.model, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n`,
          );
          res.write('data: [DONE]\n\n');
          finished = true;
          res.end();
          return;
        }
        const schema = b.response_format?.json_schema?.name;
        const content =
          schema === 'session_feedback'
            ? JSON.stringify(FEEDBACK)
            : schema === 'inline_coaching'
              ? JSON.stringify(COACHING)
              : reply;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id: 'chatcmpl-fake',
            object: 'chat.completion',
            created: 0,
            model: b.model,
            choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
            usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
          }),
        );
        return;
      }
      if (path.endsWith('/audio/transcriptions')) {
        if (!contentType.includes('multipart/form-data') || !String(body).includes('name="file"')) {
          res.writeHead(400, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: { message: 'file is required' } }));
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ text: 'I would like to discuss my salary.' }));
        return;
      }
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: `no route ${path}` } }));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    cancelledStreams: () => cancelled,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

import { describe, expect, it, vi } from 'vitest';
import { controlledSse, sseLine, sseResponse } from './__tests__/chatFixtures';
import { ChatStreamError, streamChatCompletion, STREAM_TEXTS } from './chatStream';
import { readServerSentEvents } from './sse';

const body = {
  messages: [{ sender: 'user' as const, content: 'Hi' }],
  scenario: { id: 's', title: 'T', description: 'D' },
  tone: 'neutral',
};

function run(response: Response | Promise<Response>, signal = new AbortController().signal) {
  const pieces: string[] = [];
  const fetch = vi.fn(async () => response);
  const promise = streamChatCompletion({ fetch, body, signal, onContent: (p) => pieces.push(p) });
  return { pieces, promise, fetch };
}

describe('readServerSentEvents', () => {
  it('joins events split anywhere across chunks, including inside a multi-byte character and \\r\\n', async () => {
    const bytes = new TextEncoder().encode(
      'data: {"content":"caf\u00e9"}\r\n\r\n: ping\n\ndata: a\ndata: b\n\ndata: tail',
    );
    const chunks = [
      bytes.slice(0, 3),
      bytes.slice(3, 22),
      bytes.slice(22, 24),
      bytes.slice(24, 25),
      bytes.slice(25),
    ];
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        chunks.forEach((chunk) => c.enqueue(chunk));
        c.close();
      },
    });
    const events: string[] = [];
    await readServerSentEvents(stream, (d) => events.push(d));
    expect(events).toEqual(['{"content":"café"}', 'a\nb', 'tail']);
  });
});

describe('streamChatCompletion', () => {
  it('hands over each piece as it arrives and resolves with the whole reply', async () => {
    const sse = controlledSse();
    const { pieces, promise, fetch } = run(sse.response);
    sse.send({ content: 'Hel' });
    await vi.waitFor(() => expect(pieces).toEqual(['Hel']));
    sse.send({ content: 'lo' });
    await vi.waitFor(() => expect(pieces).toEqual(['Hel', 'lo']));
    sse.finish();
    await expect(promise).resolves.toBe('Hello');
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/chat/chat-completion');
    expect(JSON.parse(String(init.body))).toEqual(body);
  });

  it('hands a notice to onNotice, apart from the reply, and reads on', async () => {
    const notices: string[] = [];
    const pieces: string[] = [];
    const notice =
      "The AI model is not answering, so Parley's offline partner carries on the conversation from here.";
    const promise = streamChatCompletion({
      fetch: vi.fn(async () =>
        sseResponse([
          sseLine({ notice }),
          sseLine({ content: 'Fine. ' }),
          sseLine({ notice: '   ' }),
          sseLine({ content: 'Go on.' }),
          sseLine({ done: true }),
        ]),
      ),
      body,
      signal: new AbortController().signal,
      onContent: (p) => pieces.push(p),
      onNotice: (n) => notices.push(n),
    });
    await expect(promise).resolves.toBe('Fine. Go on.');
    expect(pieces).toEqual(['Fine. ', 'Go on.']);
    expect(notices).toEqual([notice]);
  });

  it('reads a notice without onNotice as no part of the reply', async () => {
    const { pieces, promise } = run(
      sseResponse([
        sseLine({ notice: 'The model is down.' }),
        sseLine({ content: 'Hi' }),
        sseLine({ done: true }),
      ]),
    );
    await expect(promise).resolves.toBe('Hi');
    expect(pieces).toEqual(['Hi']);
  });

  it("rejects with 'HTTP error! status: {status}' before any stream", async () => {
    const { promise } = run(new Response('{"error":"x"}', { status: 502 }));
    await expect(promise).rejects.toEqual(new ChatStreamError('HTTP error! status: 502', false));
  });

  it("rejects with 'No reader available' when the answer has no body", async () => {
    const { promise } = run(new Response(null, { status: 200 }));
    await expect(promise).rejects.toThrow('No reader available');
  });

  it('rejects with the server’s error event, after the pieces before it', async () => {
    const { pieces, promise } = run(
      sseResponse([
        sseLine({ content: 'Part' }),
        sseLine({ error: 'Too many AI requests. Please wait a moment and try again.' }),
      ]),
    );
    await expect(promise).rejects.toThrow('Too many AI requests. Please wait a moment and try again.');
    expect(pieces).toEqual(['Part']);
  });

  it('reports a connection that drops mid-reply as such', async () => {
    const sse = controlledSse();
    const { promise } = run(sse.response);
    sse.send({ content: 'Half' });
    sse.drop();
    const error = await promise.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChatStreamError);
    expect((error as ChatStreamError).message).toBe(STREAM_TEXTS.dropped);
    expect((error as ChatStreamError).reachedServer).toBe(true);
  });

  it('reports a stream that ends without the end marker as cut off, not as a whole reply', async () => {
    const sse = controlledSse();
    const { pieces, promise } = run(sse.response);
    sse.send({ content: 'Half a' });
    sse.end();
    await expect(promise).rejects.toEqual(new ChatStreamError(STREAM_TEXTS.dropped, true));
    expect(pieces).toEqual(['Half a']);
  });

  it('stops with an AbortError when aborted', async () => {
    const controller = new AbortController();
    const sse = controlledSse();
    const { promise } = run(sse.response, controller.signal);
    sse.send({ content: 'x' });
    await new Promise((r) => setTimeout(r, 0));
    controller.abort();
    sse.drop();
    await expect(promise).rejects.toMatchObject({ name: 'AbortError' });
  });
});

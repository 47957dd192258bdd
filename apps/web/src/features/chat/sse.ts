/**
 * Reads a `text/event-stream` body and hands each event's data to `onData` as soon as the event is
 * complete. Chunks may split lines, events and multi-byte characters anywhere. An exception thrown by
 * `onData` cancels the stream and is rethrown.
 */
export async function readServerSentEvents(
  body: ReadableStream<Uint8Array>,
  onData: (data: string) => void,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let data: string[] = [];

  const dispatch = () => {
    if (data.length === 0) return;
    const joined = data.join('\n');
    data = [];
    onData(joined);
  };
  const line = (text: string) => {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return; // a comment (keep-alive)
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
  };
  const drain = (final: boolean) => {
    // A trailing \r may be the first half of \r\n: keep it until the next chunk says.
    const held = !final && buffer.endsWith('\r') ? '\r' : '';
    const lines = buffer.slice(0, buffer.length - held.length).split(/\r\n|\r|\n/);
    // The last piece is an unfinished line unless the stream has ended.
    buffer = final ? '' : `${lines.pop() ?? ''}${held}`;
    for (const text of lines) line(text);
  };

  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      drain(false);
    }
    buffer += decoder.decode();
    drain(true);
    dispatch(); // an event the server did not terminate with a blank line still counts
  } catch (error) {
    await reader.cancel().catch(() => undefined);
    throw error;
  } finally {
    reader.releaseLock();
  }
}

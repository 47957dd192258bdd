import { execFile } from 'node:child_process';
import { INVALID_MESSAGE_CONTENT } from '@parley/contracts';
import { apiCall, createTestUser, startSystem, type TestSystem, type TestUser } from '@parley/server-testing';

/** Export Transcript through the gateway, the export service, a BullMQ worker and real Redis. */
let system: TestSystem;
let user: TestUser;

/** pdf-parse (pdf.js) cannot load its worker inside jest's VM, so PDFs are read back in a child process. */
function pdfText(pdf: Buffer): Promise<{ text: string; pages: number }> {
  const script = `const { PDFParse } = require('pdf-parse'); const c = [];
process.stdin.on('data', (d) => c.push(d)); process.stdin.on('end', async () => {
const p = new PDFParse({ data: new Uint8Array(Buffer.concat(c)) }); const r = await p.getText(); await p.destroy();
process.stdout.write(JSON.stringify({ text: r.text, pages: r.total })); });`;
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      ['-e', script],
      { maxBuffer: 256 * 1024 * 1024 },
      (error, out, err) =>
        error
          ? reject(new Error(`${error.message}\n${err}`))
          : resolve(JSON.parse(out) as { text: string; pages: number }),
    );
    child.stdin!.end(pdf);
  });
}

describe('POST /api/export/pdf', () => {
  beforeAll(async () => {
    system = await startSystem({ label: 'export', env: { gateway: { RATE_LIMIT_PER_MINUTE: '100000' } } });
    user = await createTestUser(system);
  }, 120_000);
  afterAll(() => system?.stop());

  it('answers a PDF attachment of the transcript and its feedback', async () => {
    const res = await apiCall(system, '/api/export/pdf', {
      token: user.token,
      body: {
        scenario: { title: 'Refund request', description: 'Ask for a refund.' },
        tone: 'friendly',
        messages: [
          { sender: 'ai', content: 'How can I help?' },
          { sender: 'user', content: 'I want **a refund**, s’il vous plaît.\n- order 123\n- broken 😞' },
          { sender: 'ai', content: ['not', 'a', 'string'] },
        ],
        feedback: {
          clarity: 9,
          empathy: 4,
          persuasion: 6,
          strengths: ['Direct'],
          suggestions: ['Give dates'],
        },
      },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="conversation-transcript.pdf"');
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, pages } = await pdfText(pdf);
    const flat = text.replace(/\s+/g, ' ');
    let from = 0;
    for (const needle of [
      'Scenario: Refund request',
      'Tone: Friendly',
      // The report first (ADR 0012), then the transcript.
      '9/10',
      '4/10',
      '6/10',
      'Direct',
      'Give dates',
      'How can I help?',
      'I want a refund, s’il vous plaît.',
      '• order 123',
      '(disappointed face)',
      INVALID_MESSAGE_CONTENT,
      `Page 1 of ${pages}`,
    ]) {
      const at = flat.indexOf(needle, from);
      expect({ needle, found: at >= 0 }).toEqual({ needle, found: true });
      from = at + needle.length;
    }
  }, 60_000);

  it('renders a 1,000-message transcript with numbered pages', async () => {
    const messages = Array.from({ length: 1000 }, (_, i) => ({
      sender: i % 2 ? 'ai' : 'user',
      content: `Line ${i + 1} of the talk.`,
    }));
    const res = await apiCall(system, '/api/export/pdf', { token: user.token, body: { messages } });
    expect(res.status).toBe(200);
    const { text, pages } = await pdfText(Buffer.from(await res.arrayBuffer()));
    expect(text).toContain('Line 1 of the talk.');
    expect(text).toContain('Line 1000 of the talk.');
    expect(text.indexOf('Line 999 of')).toBeLessThan(text.indexOf('Line 1000 of'));
    expect(text).toContain(`Page ${pages} of ${pages}`);
  }, 90_000);

  it('answers 400 with a clear message for bad input, and 401 without sign-in', async () => {
    const empty = await apiCall(system, '/api/export/pdf', { token: user.token, body: { messages: [] } });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(await empty.json())).toContain('messages must not be empty');
    const many = Array.from({ length: 1001 }, () => ({ sender: 'user', content: 'x' }));
    const oversized = await apiCall(system, '/api/export/pdf', {
      token: user.token,
      body: { messages: many },
    });
    expect(oversized.status).toBe(400);
    expect(JSON.stringify(await oversized.json())).toContain('at most 1000 messages');
    const missing = await apiCall(system, '/api/export/pdf', { token: user.token, body: {} });
    expect(missing.status).toBe(400);
    const anonymous = await apiCall(system, '/api/export/pdf', {
      body: { messages: [{ sender: 'user', content: 'hi' }] },
    });
    expect(anonymous.status).toBe(401);
  }, 30_000);
});

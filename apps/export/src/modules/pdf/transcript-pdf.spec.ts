import {
  exportPdfBodySchema,
  INVALID_MESSAGE_CONTENT,
  scoreBandWord,
  type ExportPdfInput,
} from '@parley/contracts';
import { markdownBlocks, NO_FEEDBACK_YET, renderTranscriptPdf, useCjkFont } from './transcript-pdf';
import { withFallbacks } from './text-fallback';
import { pdfText } from '../../testing/pdf-text';

const textOf = pdfText;

const render = (input: ExportPdfInput) =>
  renderTranscriptPdf(exportPdfBodySchema.parse(input), { now: new Date('2026-11-22T03:00:00Z') });

/** Where each needle first appears, each after the previous one. */
function expectInOrder(text: string, needles: string[]): void {
  let from = 0;
  for (const needle of needles) {
    const at = text.indexOf(needle, from);
    if (at < 0) throw new Error(`"${needle}" not found after offset ${from}`);
    from = at + needle.length;
  }
}

const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('transcript PDF', () => {
  it('is the report, in order: title, scenario, date, scores with their band, lists, objectives, coach thread, then the transcript', async () => {
    const pdf = await render({
      title: 'Practice Session Report',
      scenario: {
        title: 'Salary negotiation',
        description: 'Ask your manager for a raise.',
        aiRole: 'Manager',
      },
      tone: 'tough',
      date: '2026-11-20T14:30:00Z',
      avatar_style: 'robot',
      messages: [
        { sender: 'ai', content: 'Hello, what did you want to discuss?', avatar: 'neutral' },
        {
          sender: 'user',
          content: 'I would like to talk about **my salary**.\n\n- first point\n- second point\n1. numbered',
        },
        { sender: 'ai', content: 42 },
        { sender: 'user', content: 'Café crème, naïve façade — Grüße, Ωmega, Привет 👍😀' },
      ],
      feedback: {
        clarity: 7.7,
        empathy: 8.4,
        persuasion: 5.5,
        strengths: ['Clear opening ask'],
        weaknesses: ['Too few figures'],
        suggestions: ['Name a number first'],
        objectives: [
          { objective: 'State the raise you want', met: true, line: 'I would like to talk about my salary.' },
          { objective: 'Give two achievements', met: false },
          { objective: 'Stay calm under pushback', met: false, unsure: true },
        ],
        speech: { totalWords: 120, fluencyScore: 82, wordsPerMinute: 130, totalFillers: 3 },
      },
      coach: [
        { sender: 'user', content: 'Why was persuasion low?' },
        { sender: 'coach', content: 'You never named **a figure**.' },
      ],
    });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, pages } = await textOf(pdf);
    const t = flat(text);
    expectInOrder(t, [
      'Practice Session Report',
      'Scenario: Salary negotiation',
      'Description: Ask your manager for a raise.',
      'Date: 20 November 2026, 14:30 UTC',
      'Tone: Tough',
      'Partner: Manager',
      'Messages: 4',
      'Feedback',
      'Scores',
      'Clarity 7.7/10 developing',
      'Empathy 8.4/10 strong',
      'Persuasion 5.5/10 needs work',
      'Strengths',
      'Clear opening ask',
      'Areas for improvement',
      'Too few figures',
      'Suggestions',
      '1. Name a number first',
      'Your objectives (1 of 3 met)',
      'Met: State the raise you want — “I would like to talk about my salary.”',
      'Not met: Give two achievements',
      'Unclear: Stay calm under pushback — not clear from your words alone',
      'Speech analysis',
      'Fluency score: 82/100',
      'Ask the Coach',
      'You asked',
      'Why was persuasion low?',
      'Coach',
      'You never named a figure.',
      'Transcript',
      'Manager',
      'Hello, what did you want to discuss?',
      'You',
      'I would like to talk about my salary.',
      '• first point',
      '• second point',
      '1. numbered',
      INVALID_MESSAGE_CONTENT,
      'Café crème, naïve façade — Grüße, Ωmega, Привет (thumbs up)(grinning face)',
    ]);
    expect(t).toContain(`Page 1 of ${pages}`);
    expect(t).not.toContain('avatar');
    expect(t).not.toContain('neutral');
    expect(t).not.toContain('robot');
    expect(t).not.toContain('**');
    expect(t).not.toContain(NO_FEEDBACK_YET);
  }, 30_000); // the first render loads the fonts; slow on a busy 2-core machine, not a timing test

  it('names each score by the shared band rule, at its edges too', async () => {
    const pdf = await render({
      messages: [{ sender: 'user', content: 'Hi.' }],
      feedback: { clarity: 8, empathy: 6, persuasion: 5.9 },
    });
    const t = flat((await textOf(pdf)).text);
    expectInOrder(t, [
      `Clarity 8/10 ${scoreBandWord(8)}`,
      `Empathy 6/10 ${scoreBandWord(6)}`,
      `Persuasion 5.9/10 ${scoreBandWord(5.9)}`,
    ]);
    expect(t).toContain('Clarity 8/10 strong');
    expect(t).toContain('Empathy 6/10 developing');
    expect(t).toContain('Persuasion 5.9/10 needs work');
  }, 30_000);

  it('exports a session without feedback yet: a line says so, then the transcript', async () => {
    const pdf = await render({
      scenario: 'Job interview',
      messages: [
        { sender: 'ai', content: 'Tell me about yourself.' },
        { sender: 'user', content: 'I build things.' },
      ],
      feedback: null,
    });
    const t = flat((await textOf(pdf)).text);
    expectInOrder(t, [
      'Practice Session Report',
      'Scenario: Job interview',
      'Feedback',
      NO_FEEDBACK_YET,
      'Transcript',
      'AI partner',
      'Tell me about yourself.',
      'You',
      'I build things.',
    ]);
    for (const absent of ['Scores', 'Strengths', 'Your objectives', 'Ask the Coach', '/10'])
      expect(t).not.toContain(absent);
  }, 30_000);

  it('draws Chinese, Japanese and Korean as real text with the CJK font, bold too', async () => {
    expect(useCjkFont()).not.toBeNull(); // fonts-noto-cjk: installed by npm test and by the image
    const pdf = await render({
      title: '面试练习',
      messages: [
        { sender: 'user', content: '你好，世界 and 日本語のテキスト and 한국어 문장' },
        { sender: 'ai', content: '**重要**: 谢谢 — café' },
      ],
    });
    const t = flat((await textOf(pdf)).text);
    expectInOrder(t, ['面试练习', '你好，世界 and 日本語のテキスト and 한국어 문장', '重要: 谢谢 — café']);
    expect(t).not.toContain('not shown');
    expect(t).not.toContain('Note: some characters');
  }, 30_000); // loads and subsets a large font; slow on a busy 2-core machine, not a timing test

  it('never prints empty boxes: CJK without a CJK font becomes a note', async () => {
    useCjkFont(false);
    try {
      const pdf = await render({ messages: [{ sender: 'user', content: '你好，世界 and 日本語' }] });
      const t = flat((await textOf(pdf)).text);
      expect(t).toContain('CJK characters not shown] and [3 CJK characters not shown]');
      expect(t).toContain('Note: some characters');
    } finally {
      useCjkFont();
    }
  }, 30_000);

  it('wraps long messages across pages and numbers every page, 1,000 messages in order', async () => {
    const messages = Array.from({ length: 1000 }, (_, i) => ({
      sender: (i % 2 ? 'ai' : 'user') as 'ai' | 'user',
      content: `Message number ${i + 1}. ` + (i === 10 ? 'long words '.repeat(700) : 'Short line.'),
    }));
    const pdf = await render({ messages });
    const { text, pages } = await textOf(pdf);
    const t = flat(text);
    expect(pages).toBeGreaterThan(30);
    expectInOrder(
      t,
      messages.map((m) => m.content.split('.')[0]! + '.'),
    );
    expectInOrder(
      t,
      Array.from({ length: pages }, (_, i) => `Page ${i + 1} of ${pages}`),
    );
  }, 60_000);

  it('lays out messages in time linear in their number: 10× the messages take well under 20× the time', async () => {
    // A ratio against the same machine's own baseline, not a wall-clock bound: a layout that walks the
    // whole document for each message (quadratic) takes about 100× as long for 10× the messages.
    const transcript = (n: number) => ({
      messages: Array.from({ length: n }, (_, i) => ({
        sender: (i % 2 ? 'ai' : 'user') as 'ai' | 'user',
        content: `Message number ${i + 1}. A line of about the usual length for a reply in a practice talk.`,
      })),
    });
    const elapsed = async (n: number): Promise<number> => {
      const started = performance.now();
      await render(transcript(n));
      return performance.now() - started;
    };
    await elapsed(100); // fonts and glyph tables loaded once, outside both measurements
    const small = Math.min(await elapsed(100), await elapsed(100));
    const large = await elapsed(1000);
    expect(large / small).toBeLessThan(20);
  }, 60_000);
});

describe('body', () => {
  it('rejects an empty or oversized list and a bad sender, with a clear message', () => {
    expect(exportPdfBodySchema.safeParse({ messages: [] }).error?.issues[0]?.message).toBe(
      'messages must not be empty',
    );
    const many = Array.from({ length: 1001 }, () => ({ sender: 'user', content: 'x' }));
    expect(exportPdfBodySchema.safeParse({ messages: many }).error?.issues[0]?.message).toBe(
      'at most 1000 messages',
    );
    expect(exportPdfBodySchema.safeParse({ messages: [{ sender: 'bot', content: 'x' }] }).success).toBe(
      false,
    );
    expect(exportPdfBodySchema.safeParse({}).success).toBe(false);
  }, 30_000); // loads and subsets a large font; slow on a busy 2-core machine, not a timing test

  it('renders non-string content as the placeholder', () => {
    const body = exportPdfBodySchema.parse({
      messages: [{ sender: 'ai', content: { a: 1 } }, { sender: 'user' }],
    });
    expect(body.messages.map((m) => m.content)).toEqual([INVALID_MESSAGE_CONTENT, INVALID_MESSAGE_CONTENT]);
  });
});

describe('markdown and fallbacks', () => {
  it('splits lists, headings and paragraphs', () => {
    expect(markdownBlocks('# Plan\n**a** b\n\n- x\n  - y\n2) z').map((b) => b.kind)).toEqual([
      'heading',
      'paragraph',
      'gap',
      'bullet',
      'bullet',
      'bullet',
    ]);
  });

  it('names emoji and keeps what the font draws', () => {
    const has = (cp: number) => cp < 0x3000;
    expect(withFallbacks('ok 👍🏽 ❤️ 🦄 é', { has }).text).toBe('ok (thumbs up) ❤ (emoji) é');
  });
});

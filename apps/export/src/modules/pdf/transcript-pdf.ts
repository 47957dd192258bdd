import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';
import { scoreBandColour, scoreBandWord, type ExportFeedback, type ExportPdfBody } from '@parley/contracts';
import { withFallbacks, type GlyphCoverage } from './text-fallback';

const FONT_DIR = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const FONTS = {
  regular: join(FONT_DIR, 'DejaVuSans.ttf'),
  bold: join(FONT_DIR, 'DejaVuSans-Bold.ttf'),
  italic: join(FONT_DIR, 'DejaVuSans-Oblique.ttf'),
  boldItalic: join(FONT_DIR, 'DejaVuSans-BoldOblique.ttf'),
} as const;
type FontName = keyof typeof FONTS | 'cjk' | 'cjkBold';

/**
 * Noto Sans CJK (one collection for Simplified and Traditional Chinese, Japanese and Korean), where the
 * system has it: Debian/Ubuntu `fonts-noto-cjk`, Fedora `google-noto-sans-cjk-ttc-fonts`, Alpine
 * `font-noto-cjk`. The image installs it; EXPORT_CJK_FONT names another file. Without one, CJK text is
 * replaced by a readable note instead of empty boxes.
 */
const CJK_FONT_CANDIDATES = [
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
  '/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc',
  '/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc',
  '/usr/share/fonts/noto/NotoSansCJK-Regular.ttc',
];
/** The face of the collection used for Han characters shared by the four languages. */
const CJK_FACE = 'NotoSansCJKsc-Regular';
const CJK_BOLD_FACE = 'NotoSansCJKsc-Bold';

interface CjkFont {
  regular: string;
  bold: string;
}

let cjkFont: CjkFont | null | undefined;

/**
 * Chooses the CJK font: `path` (EXPORT_CJK_FONT) when set, which must exist, else the first system
 * location found; `false`: none. A bold file beside it (`…-Bold.ttc`) is used for bold text when present.
 */
export function useCjkFont(path?: string | false): CjkFont | null {
  if (path === false) return (cjkFont = null);
  if (path && !existsSync(path)) throw new Error(`EXPORT_CJK_FONT: no file at ${path}`);
  const regular = path ?? CJK_FONT_CANDIDATES.find((candidate) => existsSync(candidate));
  if (!regular) return (cjkFont = null);
  const bold = regular.replace(/-Regular(\.\w+)$/, '-Bold$1');
  return (cjkFont = { regular, bold: bold !== regular && existsSync(bold) ? bold : regular });
}

function currentCjkFont(): CjkFont | null {
  return cjkFont === undefined ? useCjkFont() : cjkFont;
}

const MARGIN = 56;
const FOOTER = 40;
const COLORS = {
  text: '#1f2937',
  muted: '#6b7280',
  rule: '#d1d5db',
  user: '#2563eb',
  ai: '#7c3aed',
  bar: '#10b981',
  /** The score bands' colours (as the report's): strong, developing, needs work. */
  green: '#10b981',
  amber: '#f59e0b',
  red: '#ef4444',
};
/** The bands' colours for text: darker, to read on white. */
const BAND_TEXT = { green: '#047857', amber: '#b45309', red: '#b91c1c' } as const;

/** Said where a session has no feedback yet (the live chat's export, or a session still being scored). */
export const NO_FEEDBACK_YET =
  'Feedback is not written yet: it is written when the session ends, and a new export then includes it.';

export interface RenderOptions {
  /** The date printed when the body has none. */
  now?: Date;
  /** Called with a fraction in [0, 1] as messages are laid out. */
  onProgress?: (fraction: number) => void | Promise<void>;
}

interface FontkitFont {
  hasGlyphForCodePoint(codePoint: number): boolean;
}

type Coverage = GlyphCoverage & { font(codePoint: number): 'main' | 'cjk' | null };

function glyphTable(source: string, face?: string): (codePoint: number) => boolean {
  const probe = new PDFDocument({ autoFirstPage: false });
  if (face) probe.font(source, face);
  else probe.font(source);
  const font = (probe as unknown as { _font: { font: FontkitFont } })._font.font;
  const cache = new Map<number, boolean>();
  return (cp) => {
    let known = cache.get(cp);
    if (known === undefined) cache.set(cp, (known = font.hasGlyphForCodePoint(cp)));
    return known;
  };
}

let coverage: { cjk: CjkFont | null; table: Coverage } | undefined;
/** Which embedded font draws a code point (the text font first, then the CJK one), read once per font. */
function fontCoverage(): Coverage {
  const cjk = currentCjkFont();
  if (coverage?.cjk === cjk) return coverage.table;
  const main = glyphTable(FONTS.regular);
  const other = cjk ? glyphTable(cjk.regular, CJK_FACE) : () => false;
  const font = (cp: number) => (main(cp) ? 'main' : other(cp) ? 'cjk' : null);
  coverage = { cjk, table: { has: (cp) => font(cp) !== null, font } };
  return coverage.table;
}

/** Splits text into runs drawn by the span's font and runs only the CJK font can draw. */
function fontRuns(text: string, font: FontName, glyphs: Coverage): Span[] {
  const runs: Span[] = [];
  const cjkFont: FontName = font === 'bold' || font === 'boldItalic' ? 'cjkBold' : 'cjk';
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    const use = glyphs.font(cp) === 'cjk' ? cjkFont : font;
    const last = runs.at(-1);
    if (last && (last.font === use || /\s/.test(ch))) last.text += ch;
    else runs.push({ text: ch, font: use });
  }
  return runs;
}

interface Span {
  text: string;
  font: FontName;
  /** The span's colour when it differs from the line's. */
  color?: string;
}

/** `**bold**`, `__bold__`, `*italic*` and `` `code` `` within one line. */
export function inlineSpans(line: string): Span[] {
  const spans: Span[] = [];
  const pattern = /(\*\*|__)(.+?)\1|(?<![\w*])\*(?!\s)([^*\n]+?)\*(?!\w)|`([^`\n]+)`/g;
  let last = 0;
  for (const match of line.matchAll(pattern)) {
    if (match.index > last) spans.push({ text: line.slice(last, match.index), font: 'regular' });
    if (match[2] !== undefined) spans.push({ text: match[2], font: 'bold' });
    else if (match[3] !== undefined) spans.push({ text: match[3], font: 'italic' });
    else spans.push({ text: match[4] ?? '', font: 'regular' });
    last = match.index + match[0].length;
  }
  if (last < line.length) spans.push({ text: line.slice(last), font: 'regular' });
  return spans.filter((s) => s.text.length > 0);
}

type Block =
  | { kind: 'paragraph'; spans: Span[] }
  | { kind: 'heading'; spans: Span[] }
  | { kind: 'bullet'; marker: string; level: number; spans: Span[] }
  | { kind: 'gap' };

/** The markdown the partner and the coach write: paragraphs, headings, bulleted and numbered lists. */
export function markdownBlocks(content: string): Block[] {
  const blocks: Block[] = [];
  for (const raw of content.split(/\r?\n/)) {
    const line = raw.trimEnd();
    if (!line.trim()) {
      if (blocks.length && blocks.at(-1)!.kind !== 'gap') blocks.push({ kind: 'gap' });
      continue;
    }
    const bullet = /^(\s*)[-*+•]\s+(.*)$/.exec(line);
    const numbered = /^(\s*)(\d{1,3})[.)]\s+(.*)$/.exec(line);
    const heading = /^#{1,6}\s+(.*)$/.exec(line);
    if (bullet) {
      blocks.push({
        kind: 'bullet',
        marker: '•',
        level: Math.min(3, Math.floor(bullet[1]!.length / 2)),
        spans: inlineSpans(bullet[2]!),
      });
    } else if (numbered) {
      blocks.push({
        kind: 'bullet',
        marker: `${numbered[2]}.`,
        level: Math.min(3, Math.floor(numbered[1]!.length / 2)),
        spans: inlineSpans(numbered[3]!),
      });
    } else if (heading) {
      blocks.push({ kind: 'heading', spans: inlineSpans(heading[1]!.replace(/\*\*/g, '')) });
    } else {
      blocks.push({ kind: 'paragraph', spans: inlineSpans(line.trim()) });
    }
  }
  while (blocks.at(-1)?.kind === 'gap') blocks.pop();
  return blocks;
}

function scenarioOf(body: ExportPdfBody): {
  title?: string;
  description?: string;
  aiRole?: string;
  userRole?: string;
} {
  if (!body.scenario) return {};
  if (typeof body.scenario === 'string') return { title: body.scenario };
  return body.scenario;
}

function formatDate(date: Date): string {
  const day = date.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const time = date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
  return `${day}, ${time} UTC`;
}

const capitalize = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1) : s);

/**
 * Lays out the session's report as a PDF of real, searchable text: the title, scenario and date, the
 * feedback (scores with their band word, strengths, areas for improvement, suggestions, speech, objectives)
 * or a line saying it is not written yet, the Ask-the-coach thread when there is one, then the transcript.
 */
export async function renderTranscriptPdf(body: ExportPdfBody, options: RenderOptions = {}): Promise<Buffer> {
  const glyphs = fontCoverage();
  let replacedScript = false;
  const clean = (text: string): string => {
    const result = withFallbacks(text, glyphs);
    replacedScript ||= result.replacedScript;
    return result.text;
  };
  const scenario = scenarioOf(body);
  const title = clean(body.title || 'Practice Session Report');
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER / 2 },
    bufferPages: true,
    info: {
      Title: title,
      Author: 'Parley',
      Subject: scenario.title ? clean(scenario.title) : 'Practice conversation',
    },
    lang: 'en',
  });
  for (const [name, path] of Object.entries(FONTS)) doc.registerFont(name, path);
  const cjk = currentCjkFont();
  if (cjk) {
    doc.registerFont('cjk', cjk.regular, CJK_FACE);
    doc.registerFont('cjkBold', cjk.bold, cjk.bold === cjk.regular ? CJK_FACE : CJK_BOLD_FACE);
  }
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = MARGIN;
  const width = doc.page.width - MARGIN * 2;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const ensureRoom = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage();
  };
  const rule = () => {
    ensureRoom(12);
    doc.moveDown(0.4);
    doc
      .moveTo(left, doc.y)
      .lineTo(left + width, doc.y)
      .lineWidth(0.5)
      .strokeColor(COLORS.rule)
      .stroke();
    doc.moveDown(0.6);
  };
  /** Text in one or more fonts on one flow: what the text font lacks is drawn by the CJK font. */
  const runsOf = (list: Span[]): Span[] =>
    list.flatMap((span) =>
      fontRuns(clean(span.text), span.font, glyphs).map((run) => ({ ...run, color: span.color })),
    );
  const spans = (
    list: Span[],
    x: number,
    w: number,
    size: number,
    color = COLORS.text,
    y?: number,
    options: PDFKit.Mixins.TextOptions = { lineGap: 2 },
  ) => {
    const runs = runsOf(list);
    const parts = runs.length ? runs : [{ text: ' ', font: 'regular' as FontName }];
    // CJK runs sit on the text font's baseline (their own ascender is shorter, so they would ride high).
    const ascent = (doc.font('regular') as unknown as { _font: { ascender: number } })._font.ascender;
    parts.forEach((span, i) => {
      doc
        .font(span.font)
        .fontSize(size)
        .fillColor(span.color ?? color);
      const continued = i < parts.length - 1;
      const own = span.font === 'cjk' || span.font === 'cjkBold' ? { baseline: (-ascent / 1000) * size } : {};
      if (i === 0) doc.text(span.text, x, y ?? doc.y, { ...options, ...own, width: w, continued });
      else doc.text(span.text, { ...options, ...own, continued });
    });
  };
  const heading = (text: string, size = 14) => {
    ensureRoom(size * 3);
    doc.moveDown(0.6);
    spans([{ text, font: 'bold' }], left, width, size, COLORS.text, doc.y, {});
    doc.moveDown(0.3);
  };
  const meta = (label: string, value: string) => {
    spans(
      [
        { text: `${label}: `, font: 'bold', color: COLORS.muted },
        { text: value, font: 'regular' },
      ],
      left,
      width,
      10,
      COLORS.text,
      doc.y,
      {},
    );
  };
  const blocks = (content: string, x: number, w: number) => {
    for (const block of markdownBlocks(content)) {
      if (block.kind === 'gap') {
        doc.moveDown(0.35);
      } else if (block.kind === 'heading') {
        ensureRoom(16);
        spans(
          block.spans.map((s) => ({ ...s, font: 'bold' as FontName })),
          x,
          w,
          11,
        );
      } else if (block.kind === 'bullet') {
        ensureRoom(14);
        const indent = x + block.level * 12;
        const y = doc.y;
        doc
          .font('regular')
          .fontSize(10.5)
          .fillColor(COLORS.text)
          .text(block.marker, indent, y, { width: 18, lineGap: 2 });
        doc.y = y;
        spans(block.spans, indent + 18, w - block.level * 12 - 18, 10.5, COLORS.text, y);
      } else {
        ensureRoom(14);
        spans(block.spans, x, w, 10.5);
      }
    }
  };
  const list = (label: string, items: string[] | undefined, ordered = false) => {
    if (!items?.length) return;
    heading(label, 12);
    const line = (item: string, i: number) => `${ordered ? `${i + 1}.` : '-'} ${item.replace(/\n+/g, ' ')}`;
    blocks(items.map(line).join('\n'), left, width);
  };

  // Title page header
  spans([{ text: title, font: 'bold' }], left, width, 22, COLORS.text, doc.y, {});
  doc.moveDown(0.4);
  if (scenario.title) meta('Scenario', scenario.title);
  if (scenario.description) meta('Description', scenario.description);
  const when = body.date ? new Date(body.date) : (options.now ?? new Date());
  meta('Date', formatDate(when));
  if (body.tone) meta('Tone', capitalize(body.tone));
  if (scenario.userRole) meta('Your role', scenario.userRole);
  if (scenario.aiRole) meta('Partner', scenario.aiRole);
  meta('Messages', String(body.messages.length));
  rule();

  if (body.feedback) {
    renderFeedback(body.feedback, { heading, list, meta, rule, ensureRoom, spans, doc, left, width });
  } else {
    heading('Feedback', 15);
    spans([{ text: NO_FEEDBACK_YET, font: 'italic' }], left, width, 10.5, COLORS.muted);
  }

  if (body.coach?.length) {
    rule();
    heading('Ask the Coach', 15);
    for (const entry of body.coach) {
      ensureRoom(40);
      doc.moveDown(0.4);
      const mine = entry.sender === 'user';
      spans(
        [{ text: mine ? 'You asked' : 'Coach', font: 'bold' }],
        left,
        width,
        11,
        mine ? COLORS.user : COLORS.ai,
      );
      blocks(entry.content, left, width);
    }
  }

  rule();
  heading('Transcript', 15);
  const partner = scenario.aiRole || 'AI partner';
  const total = body.messages.length;
  for (const [index, message] of body.messages.entries()) {
    const isUser = message.sender === 'user';
    const speaker = isUser ? 'You' : partner;
    const badge = isUser ? 'YOU' : 'AI';
    ensureRoom(40);
    doc.moveDown(0.5);
    const y = doc.y;
    const color = isUser ? COLORS.user : COLORS.ai;
    doc.circle(left + 11, y + 8, 11).fill(color);
    doc
      .font('bold')
      .fontSize(isUser ? 6.5 : 8)
      .fillColor('#ffffff')
      .text(badge, left, y + (isUser ? 5.5 : 4.5), { width: 22, align: 'center', lineBreak: false });
    spans([{ text: speaker, font: 'bold' }], left + 30, width - 30, 11, color, y, {});
    doc.y = Math.max(doc.y, y + 14);
    blocks(message.content, left + 30, width - 30);
    if (options.onProgress && (index + 1) % 50 === 0) await options.onProgress((index + 1) / total);
  }

  if (replacedScript) {
    rule();
    doc
      .font('italic')
      .fontSize(9)
      .fillColor(COLORS.muted)
      .text(
        'Note: some characters (for example Chinese, Japanese or Korean text) cannot be drawn with the font embedded in this document and are marked as "not shown"; the full text is in the Parley app.',
        left,
        doc.y,
        { width },
      );
  }

  // Footers: "Page N of M" on every page.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const saved = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN + 10;
    spans([{ text: `${title} · Parley`, font: 'regular' }], left, width / 2, 8.5, COLORS.muted, y, {
      lineBreak: false,
    });
    doc.font('regular').fontSize(8.5).fillColor(COLORS.muted);
    doc.text(`Page ${i + 1} of ${range.count}`, left + width / 2, y, {
      width: width / 2,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = saved;
  }
  await options.onProgress?.(1);
  doc.end();
  return done;
}

type SpansFn = (
  list: Span[],
  x: number,
  w: number,
  size: number,
  color?: string,
  y?: number,
  options?: PDFKit.Mixins.TextOptions,
) => void;

interface FeedbackLayout {
  heading(text: string, size?: number): void;
  list(label: string, items: string[] | undefined, ordered?: boolean): void;
  meta(label: string, value: string): void;
  rule(): void;
  ensureRoom(height: number): void;
  spans: SpansFn;
  doc: PDFKit.PDFDocument;
  left: number;
  width: number;
}

type Objective = NonNullable<ExportFeedback['objectives']>[number];

/** An objective as the report marks it: met (✓), unclear (?) where the words alone could not tell, or not met (○). */
function objectiveMark(o: Objective): { mark: string; label: string; color: string } {
  if (o.met) return { mark: '✓', label: 'Met', color: BAND_TEXT.green };
  if (o.unsure) return { mark: '?', label: 'Unclear', color: BAND_TEXT.amber };
  return { mark: '○', label: 'Not met', color: COLORS.muted };
}

function renderFeedback(feedback: ExportFeedback, l: FeedbackLayout): void {
  const { doc, left, width } = l;
  l.heading('Feedback', 15);
  const scores: Array<[string, number]> = [];
  for (const key of ['clarity', 'empathy', 'persuasion'] as const) {
    if (typeof feedback[key] === 'number') scores.push([capitalize(key), feedback[key]]);
  }
  for (const [key, value] of Object.entries(feedback.scores ?? {}))
    scores.push([capitalize(key.replace(/_/g, ' ')), value]);
  if (scores.length) {
    l.heading('Scores', 12);
    for (const [label, value] of scores) {
      l.ensureRoom(18);
      const y = doc.y;
      const band = scoreBandColour(value);
      doc
        .font('regular')
        .fontSize(10.5)
        .fillColor(COLORS.text)
        .text(label, left, y, { width: 110, lineBreak: false });
      doc.rect(left + 115, y + 2, 180, 8).fill(COLORS.rule);
      doc.rect(left + 115, y + 2, (180 * Math.max(0, Math.min(10, value))) / 10, 8).fill(COLORS[band]);
      doc
        .font('bold')
        .fontSize(10.5)
        .fillColor(COLORS.text)
        .text(`${Number(value.toFixed(1))}/10`, left + 305, y, { width: 50, lineBreak: false });
      doc
        .font('regular')
        .fontSize(10.5)
        .fillColor(BAND_TEXT[band])
        .text(scoreBandWord(value), left + 360, y, { width: width - 360, lineBreak: false });
      doc.x = left;
      doc.y = y + 16;
    }
  }
  l.list('Strengths', feedback.strengths);
  l.list('Areas for improvement', [
    ...(feedback.areas_for_improvement ?? []),
    ...(feedback.weaknesses ?? []),
  ]);
  l.list('Suggestions', feedback.suggestions, true);
  const objectives = feedback.objectives ?? [];
  if (objectives.length) {
    const met = objectives.filter((o) => o.met).length;
    l.heading(`Your objectives (${met} of ${objectives.length} met)`, 12);
    for (const o of objectives) {
      l.ensureRoom(16);
      const { mark, label, color } = objectiveMark(o);
      const y = doc.y;
      doc.font('bold').fontSize(10.5).fillColor(color).text(mark, left, y, { width: 14, lineBreak: false });
      doc.y = y;
      const detail =
        o.met && o.line
          ? [{ text: ` — “${o.line.replace(/\s+/g, ' ')}”`, font: 'italic' as FontName, color: COLORS.muted }]
          : !o.met && o.unsure
            ? [
                {
                  text: ' — not clear from your words alone',
                  font: 'italic' as FontName,
                  color: COLORS.muted,
                },
              ]
            : [];
      l.spans(
        [
          { text: `${label}: `, font: 'bold', color },
          { text: o.objective.replace(/\s+/g, ' '), font: 'regular' },
          ...detail,
        ],
        left + 16,
        width - 16,
        10.5,
        COLORS.text,
        y,
      );
      doc.moveDown(0.15);
    }
  }
  const speech = feedback.speech;
  if (speech) {
    l.heading('Speech analysis', 12);
    if (speech.fluencyScore !== undefined) l.meta('Fluency score', `${Math.round(speech.fluencyScore)}/100`);
    if (speech.totalWords !== undefined) l.meta('Words spoken', String(speech.totalWords));
    if (speech.wordsPerMinute !== undefined && speech.wordsPerMinute !== null)
      l.meta('Pace', `${Math.round(speech.wordsPerMinute)} words per minute`);
    if (speech.totalFillers !== undefined) l.meta('Filler words', String(speech.totalFillers));
    if (speech.fillerRatePer100Words !== undefined)
      l.meta('Fillers per 100 words', speech.fillerRatePer100Words.toFixed(1));
    if (speech.fillerWords?.length)
      l.meta('Most used fillers', speech.fillerWords.map((f) => `"${f.word}" ×${f.count}`).join(', '));
    if (speech.fluencyExplanation) l.meta('How it was scored', speech.fluencyExplanation);
  }
  doc.x = left;
}

/**
 * Keeps every character the embedded font can draw and replaces the rest with readable text, so a
 * document never shows empty boxes: emoji become a short name in parentheses, and a run of characters
 * of a script the font lacks (CJK when no CJK font is installed) becomes a bracketed note.
 */

const EMOJI_NAMES: Record<string, string> = {
  '😀': 'grinning face',
  '😃': 'smiling face',
  '😄': 'smiling face',
  '😁': 'beaming face',
  '😊': 'smiling face',
  '🙂': 'slightly smiling face',
  '😉': 'winking face',
  '😂': 'tears of joy',
  '🤣': 'laughing',
  '😅': 'nervous laugh',
  '😍': 'heart eyes',
  '😢': 'crying face',
  '😭': 'loudly crying face',
  '😡': 'angry face',
  '😠': 'angry face',
  '😮': 'surprised face',
  '🤔': 'thinking face',
  '😐': 'neutral face',
  '🙁': 'frowning face',
  '😞': 'disappointed face',
  '😬': 'grimacing face',
  '🙄': 'eye roll',
  '😎': 'cool face',
  '👍': 'thumbs up',
  '👎': 'thumbs down',
  '👏': 'clapping',
  '🙏': 'folded hands',
  '👋': 'waving hand',
  '💪': 'flexed biceps',
  '🤝': 'handshake',
  '❤': 'heart',
  '💔': 'broken heart',
  '🔥': 'fire',
  '🎉': 'party popper',
  '✅': 'check mark',
  '❌': 'cross mark',
  '⭐': 'star',
  '💡': 'light bulb',
  '🚀': 'rocket',
  '💯': 'hundred points',
  '📈': 'chart increasing',
  '📉': 'chart decreasing',
  '💰': 'money bag',
};

/** Zero-width joiner, variation selectors, skin-tone modifiers and tag characters: parts of an emoji. */
function isEmojiJoiner(ch: string): boolean {
  const cp = ch.codePointAt(0)!;
  return (
    cp === 0x200d ||
    cp === 0xfe0e ||
    cp === 0xfe0f ||
    (cp >= 0x1f3fb && cp <= 0x1f3ff) ||
    (cp >= 0xe0020 && cp <= 0xe007f)
  );
}
const PICTOGRAPHIC = /\p{Extended_Pictographic}|\p{Regional_Indicator}/u;
const CJK =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uffef]/u;

export interface GlyphCoverage {
  /** Whether the regular (embedded) font draws this code point. */
  has(codePoint: number): boolean;
}

export interface FallbackResult {
  text: string;
  /** Whether some characters were replaced by a note (the document then says so once). */
  replacedScript: boolean;
}

function emojiName(cluster: string): string {
  const base = Array.from(cluster)
    .filter((ch) => !isEmojiJoiner(ch))
    .join('');
  const first = Array.from(base)[0] ?? '';
  const name = EMOJI_NAMES[base] ?? EMOJI_NAMES[first];
  return `(${name ?? 'emoji'})`;
}

/** Replaces what `coverage` cannot draw; `coverage` is the document font's glyph table. */
export function withFallbacks(text: string, coverage: GlyphCoverage): FallbackResult {
  let out = '';
  let replacedScript = false;
  const chars = Array.from(text);
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i]!;
    const cp = ch.codePointAt(0)!;
    if (ch === '\n' || ch === '\t') {
      out += ch === '\t' ? '    ' : ch;
      continue;
    }
    if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) continue; // control characters draw nothing
    if (isEmojiJoiner(ch)) continue; // joiners and modifiers of an emoji already named
    if (PICTOGRAPHIC.test(ch) && !(cp < 0x2b00 && coverage.has(cp))) {
      let cluster = ch;
      while (i + 1 < chars.length && (isEmojiJoiner(chars[i + 1]!) || chars[i]! === '\u200d')) {
        cluster += chars[++i]!;
        if (cluster.endsWith('\u200d') && i + 1 < chars.length) cluster += chars[++i]!;
      }
      out += emojiName(cluster);
      continue;
    }
    if (coverage.has(cp)) {
      out += ch;
      continue;
    }
    // A run of characters the font cannot draw becomes one note.
    let run = 1;
    const cjk = CJK.test(ch);
    while (
      i + 1 < chars.length &&
      !coverage.has(chars[i + 1]!.codePointAt(0)!) &&
      !PICTOGRAPHIC.test(chars[i + 1]!)
    ) {
      if (chars[i + 1] === '\n') break;
      i++;
      run++;
    }
    replacedScript = true;
    out += cjk
      ? `[${run} CJK character${run === 1 ? '' : 's'} not shown]`
      : `[${run} character${run === 1 ? '' : 's'} not shown]`;
  }
  return { text: out, replacedScript };
}

import { readText, type NlpDoc } from './nlp';

/**
 * Figures in a text — money, percentages, counts, dates, times and durations — found with wink-nlp's
 * entity recogniser and normalised to values we can compare ("$57k", "fifty-seven thousand" and
 * "57,000 dollars" are all 57000).
 */

export type FigureKind = 'money' | 'percent' | 'number' | 'date' | 'time' | 'duration';

export interface Figure {
  kind: FigureKind;
  /** As written, tidied ("$57k", "next Thursday"). */
  text: string;
  /** Numeric value for money, percent and number; null for dates and times. */
  value: number | null;
  currency: string | null;
  /** "month", "year", "employee"... when the figure is a rate. */
  per: string | null;
  /** Character offset of the figure in the text. */
  index: number;
}

const UNITS: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};
const SCALES: Record<string, number> = {
  hundred: 100,
  thousand: 1_000,
  million: 1_000_000,
  billion: 1_000_000_000,
};
const SUFFIX_SCALE: Record<string, number> = {
  k: 1_000,
  grand: 1_000,
  m: 1_000_000,
  mm: 1_000_000,
  bn: 1_000_000_000,
};

/** "fifty-seven thousand" → 57000, "four hundred and eighty thousand" → 480000; null when not a number. */
export function parseNumberWords(text: string): number | null {
  const words = text.toLowerCase().replace(/-/g, ' ').split(/\s+/).filter(Boolean);
  if (words.length === 0) return null;
  // "one point five", "point one five": the words after "point" are digits, one by one.
  const point = words.indexOf('point');
  if (point >= 0) {
    const whole = point === 0 ? 0 : parseNumberWords(words.slice(0, point).join(' '));
    const digits = words.slice(point + 1).map((w) => (w === 'oh' || w === 'nought' ? 0 : UNITS[w]));
    if (whole === null || digits.length === 0 || digits.some((d) => d === undefined || d > 9)) return null;
    return whole + Number(`0.${digits.join('')}`);
  }
  let total = 0;
  let current = 0;
  let seen = false;
  for (const word of words) {
    if (word === 'and') continue;
    if (word === 'a') {
      current = current || 1;
      continue;
    }
    const unit = UNITS[word];
    if (unit !== undefined) {
      current += unit;
      seen = true;
      continue;
    }
    const scale = SCALES[word];
    if (scale !== undefined) {
      seen = true;
      if (scale === 100) current = (current || 1) * 100;
      else {
        total += (current || 1) * scale;
        current = 0;
      }
      continue;
    }
    return null;
  }
  return seen ? total + current : null;
}

/** "$57,000", "57k", "1.2 million", "fifty-two thousand" → a number. */
export function parseAmount(raw: string): number | null {
  const text = raw
    .toLowerCase()
    .replace(
      /[$£€~]|\b(?:about|around|roughly|approximately|nearly|almost|some|over|under|up to|usd|gbp|eur|dollars?|pounds?|euros?|bucks|percent|per cent)\b|%/g,
      ' ',
    )
    .trim();
  const digits = /(\d[\d,]*(?:\.\d+)?)\s*(k|m|mm|bn|grand|thousand|million|billion)?\b/.exec(text);
  if (digits?.[1]) {
    const base = Number(digits[1].replace(/,/g, ''));
    if (!Number.isFinite(base)) return null;
    const suffix = digits[2];
    const scale = suffix ? (SUFFIX_SCALE[suffix] ?? SCALES[suffix] ?? 1) : 1;
    return base * scale;
  }
  return parseNumberWords(text.replace(/[^a-z\s-]/g, ' ').trim());
}

/** A currency named by its word, at the start of the text: "dollars", "quid", "euros". */
const CURRENCY_WORD = /^\s*(?:(dollars?|bucks|usd)|(pounds?|quid|gbp)|(euros?|eur))\b/i;

function currencyOf(text: string, following: string): string | null {
  const symbol = /[$£€]/.exec(text)?.[0];
  if (symbol) return symbol;
  // The word inside the figure ("fifty dollars") or right after it ("4000 quid").
  const named = CURRENCY_WORD.exec(/\s[a-z]+$/i.exec(text)?.[0] ?? '') ?? CURRENCY_WORD.exec(following);
  if (!named) return null;
  return named[1] ? '$' : named[2] ? '£' : '€';
}

/** Character offsets of each token in the text. */
function tokenOffsets(doc: NlpDoc): number[] {
  const offsets: number[] = [];
  let cursor = 0;
  for (const token of doc.tokens) {
    const found = doc.text.indexOf(token.value, cursor);
    const at = found >= 0 && found - cursor <= token.pre.length + 2 ? found : cursor + token.pre.length;
    offsets.push(at);
    cursor = at + token.value.length;
  }
  return offsets;
}

const ENTITY_KIND: Record<string, FigureKind> = {
  MONEY: 'money',
  PERCENT: 'percent',
  CARDINAL: 'number',
  DATE: 'date',
  TIME: 'time',
  DURATION: 'duration',
};

interface Span {
  kind: FigureKind;
  start: number;
  end: number;
}

const VAGUE_DATES =
  /^(?:now|then|today'?s?|days?|weeks?|months?|years?|hours?|minutes?|the day|a day|a while|daily|weekly|monthly|annually|yearly|morning|afternoon|evening|night|at night|noon|the morning|the night)$/i;

/** "one" used as a pronoun: after a determiner or an adjective, or before "'s", "of" or "is". */
function pronounOne(text: string, start: number, end: number): boolean {
  const before = text.slice(Math.max(0, start - 12), start);
  const after = text.slice(end, end + 8);
  return (
    /\b(?:this|that|the|which|each|every|no|any|another|a|an|other|same|only|right|wrong|new|old|big|small|last|first|next|good|best|better|cheaper|bigger|firmer|softer)\s+$/i.test(
      before,
    ) ||
    /\b(?:the|a|this|that|which|each|every|another)\s+[a-z-]+\s+$/i.test(before) ||
    /^(?:['’]s\b|\s+(?:of|is|was|that|which|who|you)\b)/i.test(after)
  );
}

export function extractFigures(text: string): Figure[] {
  const doc = readText(text);
  const offsets = tokenOffsets(doc);
  const spans: Span[] = [];
  for (const entity of doc.entities) {
    const kind = ENTITY_KIND[entity.type];
    if (!kind) continue;
    const start = offsets[entity.start];
    const last = doc.tokens[entity.end];
    const lastOffset = offsets[entity.end];
    if (start === undefined || last === undefined || lastOffset === undefined) continue;
    spans.push({ kind, start, end: lastOffset + last.value.length });
  }
  // Money written as "$57k" or "£20" that the recogniser split or missed.
  for (const m of text.matchAll(
    /[$£€]\s?\d[\d,]*(?:\.\d+)?(?:\s?(?:k|m|bn|million|thousand|billion)\b)?/gi,
  )) {
    const start = m.index;
    const end = start + m[0].length;
    // "£38" read as the number 38: the currency sign makes it money.
    const inside = spans.find((s) => s.start < end && start < s.end);
    if (!inside) spans.push({ kind: 'money', start, end });
    else if (inside.kind === 'number' && inside.start >= start && inside.end <= end) {
      inside.kind = 'money';
      inside.start = start;
      inside.end = end;
    }
  }
  // A clock time written "6:40" or "11:55pm", which the recogniser leaves out or reads as two numbers.
  for (const m of text.matchAll(/\b(?:[01]?\d|2[0-3]):[0-5]\d(?:\s?(?:am|pm|a\.m\.|p\.m\.)|(?![\d:]))/gi)) {
    const start = m.index;
    const end = start + m[0].length;
    const overlapping = spans.filter((s) => s.start < end && start < s.end);
    if (overlapping.some((s) => s.kind === 'date' || s.kind === 'time')) continue;
    for (const s of overlapping) spans.splice(spans.indexOf(s), 1);
    spans.push({ kind: 'time', start, end });
  }
  spans.sort((a, b) => a.start - b.start);

  // Merge "four hundred" + "and" + "eighty thousand", and "$57" + "k".
  const merged: Span[] = [];
  for (const span of spans) {
    const prev = merged[merged.length - 1];
    const gap = prev ? text.slice(prev.end, span.start) : '';
    const dateTime = (k: FigureKind): boolean => k === 'date' || k === 'time';
    if (
      prev &&
      prev.end <= span.start &&
      /^(?:\s*(?:at|,)?\s*)$/i.test(gap) &&
      dateTime(prev.kind) &&
      dateTime(span.kind)
    ) {
      prev.end = span.end;
      continue;
    }
    // "and" joins the words of one number ("four hundred and eighty"), never two figures ("one at $1,090
    // and one at $1,350").
    const joined =
      !/\band\b/i.test(gap) ||
      (/\b(?:hundred|thousand|million|billion)$/i.test(text.slice(prev?.start ?? 0, prev?.end ?? 0)) &&
        /^[a-z]/i.test(text.slice(span.start, span.end)));
    if (
      prev &&
      prev.end <= span.start &&
      /^(?:\s*(?:and|-)?\s*)$/i.test(gap) &&
      joined &&
      isNumeric(prev.kind) &&
      isNumeric(span.kind)
    ) {
      prev.end = span.end;
      if (span.kind !== 'number') prev.kind = span.kind;
      continue;
    }
    if (prev && span.start < prev.end) {
      prev.end = Math.max(prev.end, span.end);
      if (prev.kind === 'number' && span.kind !== 'number') prev.kind = span.kind;
      continue;
    }
    merged.push({ ...span });
  }

  const figures: Figure[] = [];
  for (const span of merged) {
    // "point-one-five percent", "one point five": the recogniser reads only the digits after "point".
    const spoken =
      /(?:\b(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|\d+)[\s-]+)?\bpoint[\s-]+$/i.exec(
        text.slice(0, span.start),
      );
    if (spoken && /^[a-z\s-]+$/i.test(text.slice(span.start, span.end))) {
      span.start = spoken.index;
      // "one" before "point" was read as a figure of its own: it is part of this one.
      while (figures.length && figures[figures.length - 1]!.index >= span.start) figures.pop();
    }
    let end = span.end;
    let kind = span.kind;
    const suffix = /^\s?(k|K|m|M|bn|grand|million|thousand|billion)\b/.exec(text.slice(end));
    if (suffix && isNumeric(kind)) end += suffix[0].length;
    let raw = text.slice(span.start, end).trim();
    const following = text.slice(end, end + 24);
    if (kind === 'number' && /^\s*(%|percent\b|per cent\b)/i.test(following)) {
      const pct = /^\s*(%|percent\b|per cent\b)/i.exec(following)?.[0] ?? '';
      end += pct.length;
      raw = text.slice(span.start, end).trim();
      kind = 'percent';
    }
    // "5 working days", "ten business days": a duration the recogniser cut after its number.
    const unit =
      /^\s*(?:working|business|school|calendar|full|whole|clear|more|extra)\s+(?:days?|weeks?|hours?|months?)\b/i.exec(
        following,
      );
    if (kind === 'number' && unit) {
      end += unit[0].length;
      raw = text.slice(span.start, end).trim();
      kind = 'duration';
    }
    raw = raw
      .replace(/^(?:about|around|roughly|approximately|nearly|almost|some|maybe|like)\s+/i, '')
      .replace(/[.,;:]+$/, '')
      // "rebook the crew for Wednesday today": the day booked, and when the booking is made, are two.
      .replace(/^((?:mon|tues|wednes|thurs|fri|satur|sun)day)\s+(?:today|tonight|now)$/i, '$1');
    if (!raw || VAGUE_DATES.test(raw)) continue;
    // "This one's a hybrid", "the blue one", "one of them": "one" standing for a thing is no count.
    if (kind === 'number' && /^one$/i.test(raw) && pronounOne(text, span.start, end)) continue;
    // "up to 2000 dollars": a bare figure the recogniser took for a year is an amount when a currency follows.
    if (kind === 'date' && /^\d[\d,.]*$/.test(raw) && CURRENCY_WORD.test(text.slice(end))) kind = 'number';
    const currency = isNumeric(kind) ? currencyOf(raw, text.slice(end, end + 12)) : null;
    if (kind === 'number' && (currency || /\d\s?(k|grand)$/i.test(raw))) kind = 'money';
    const value = isNumeric(kind) ? parseAmount(raw) : null;
    if (isNumeric(kind) && value === null) continue;
    const per =
      /^\s*(?:per|a|an|\/|each)\s*(month|year|annum|employee|hour|week|day|seat|user|head|person|night|shift)\b/i
        .exec(text.slice(end, end + 20))?.[1]
        ?.toLowerCase() ?? null;
    figures.push({
      kind,
      text: raw,
      value,
      currency,
      per: per === 'annum' ? 'year' : per,
      index: span.start,
    });
  }
  return figures;
}

function isNumeric(kind: FigureKind): boolean {
  return kind === 'money' || kind === 'percent' || kind === 'number';
}

/** True for the figures that can be an offer or a counter: money and percentages. */
export function isNegotiable(figure: Figure): boolean {
  return (figure.kind === 'money' || figure.kind === 'percent') && figure.value !== null && figure.value > 0;
}

/** Two figures measure the same kind of thing, at a similar scale. */
export function comparable(a: Figure, b: Figure): boolean {
  if (a.value === null || b.value === null || a.value <= 0 || b.value <= 0) return false;
  if (a.kind !== b.kind) return false;
  if (a.per && b.per && a.per !== b.per) return false;
  const ratio = a.value / b.value;
  return ratio > 0.25 && ratio < 4;
}

/** A round number near the value: 54,350 → 54,500. */
export function niceRound(value: number): number {
  if (value < 100) return Math.round(value * 2) / 2;
  const magnitude = 10 ** (Math.floor(Math.log10(value)) - 1);
  const step = magnitude / 2;
  return Math.round(value / step) * step;
}

/** Writes a value the way the figure it stands for was written: "$54,500", "4%". */
export function formatLike(value: number, like: Figure): string {
  if (like.kind === 'percent') return `${Number.isInteger(value) ? value : value.toFixed(1)}%`;
  const amount = Number.isInteger(value)
    ? value.toLocaleString('en-US')
    : value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const per = like.per ? ` a ${like.per}` : '';
  return `${like.currency ?? '$'}${amount}${per}`;
}

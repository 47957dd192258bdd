import { findFillers } from './fillers';
import { analyseText, normalise } from './nlp';

/*
 * Tightening a learner's message without changing what it says: fillers and hedges come out, and
 * dismissive, blaming or ordering phrases are replaced by respectful ones. Every other word, number
 * and name stays where it was.
 */

interface Edit {
  start: number;
  end: number;
  replacement: string;
  /** What was cut or replaced, in the learner's words, for the coaching text. */
  original: string;
  kind: 'filler' | 'hedge' | 'tone';
}

export interface Tightened {
  text: string;
  fillersRemoved: string[];
  hedgesRemoved: string[];
  toneFixes: Array<{ from: string; to: string }>;
}

type Rule = [RegExp, string | ((m: RegExpMatchArray) => string), Edit['kind']];

const HEDGE_RULES: Rule[] = [
  [/\bi think maybe,?\s*/g, '', 'hedge'],
  [/\bi was (just )?wondering if (we|you) could\b/g, (m) => `could ${m[2] ?? 'we'}`, 'hedge'],
  [
    /\bi was (just |kind of |sort of )?hoping (for|to|that)\b/g,
    (m) => (m[2] === 'for' ? "I'm asking for" : m[2] === 'to' ? "I'd like to" : "I'd like"),
    'hedge',
  ],
  [/\bi was (just )?wondering if\b/g, "I'd like to know if", 'hedge'],
  [/\bi was (just )?wondering,? (maybe,? )?about\b/g, "I'd like to talk about", 'hedge'],
  [/,?\s*\b(i'm|i am) not (really |entirely |totally |100% )?sure(?=\s*([.?!]|$))/g, '', 'hedge'],
  [
    /\bi was (just )?wondering (about|whether)\b/g,
    (m) => `I'd like to ${m[2] === 'about' ? 'discuss' : 'know whether'}`,
    'hedge',
  ],
  [/\bi feel like\b/g, 'I believe', 'hedge'],
  [/\bi (guess|suppose),?\s*/g, '', 'hedge'],
  [/\b(maybe|perhaps|possibly|probably|somewhat|hopefully|basically),?\s*/g, '', 'hedge'],
  [/\ba little bit\s*/g, '', 'hedge'],
  [/,?\s*\bor (something( like that)?|whatever)\b/g, '', 'hedge'],
  [/,?\s*\bif (that's|that is|it's|it is) (ok|okay|alright|all right|fine)( with you)?\b/g, '', 'hedge'],
  [/\b(i'm )?sorry to (bother|trouble) you,?\s*(but\s*)?/g, '', 'hedge'],
  [/\bi don't know(,\s*|\s+but\s+)(but\s+)?/g, '', 'hedge'],
  [/\b(i'm|i am) not (really |entirely |totally )?sure(,\s*|\s+but\s+)(but\s+)?/g, '', 'hedge'],
  [/\bjust\s+(?=(wanted|thought|wondered|need|needed|want|checking|asking|wanting)\b)/g, '', 'hedge'],
  [/\bmight be able to\b/g, 'can', 'hedge'],
];

/**
 * What makes "you need to…" no order: asked or conditional ("what would you need to", "if you have to")
 * or known and granted ("I understand you need to check", "I know you have to leave early").
 */
export const NOT_AN_ORDER =
  /(?<!\b(?:if|when|whether|unless|what|would|do|does|did|will|might|may|can|could|understand|know|realise|realize|get|see|appreciate|aware|hear|imagine|guess|assume|believe|expect|sure)(?: that)?,? )/;

const TONE_RULES: Rule[] = [
  [/\b(please )?(calm down|relax|settle down),?\s*/g, '', 'tone'],
  [/\bwhatever[,.!]?\s*/g, '', 'tone'],
  [
    /\b(that's|this is|that is|it's) not my (problem|fault|job|concern|issue)\b/g,
    "let's work out together who owns this",
    'tone',
  ],
  [/\bnot my (problem|fault|job|concern|issue)\b/g, 'something we should solve together', 'tone'],
  [/\b(it's|that's|this is) not (a |that )?big (of a )?deal\b/g, 'I can see this matters to you', 'tone'],
  [/\b(get over it|deal with it)\b/g, "let's find a way forward", 'tone'],
  [
    /(?<!\b(?:not that|doesn't mean|does not mean|not because) )\bi don't care\b/g,
    "I'm less concerned",
    'tone',
  ],
  [
    /\b(that's|this is|that is) (ridiculous|stupid|absurd|nonsense|silly|crazy|pathetic)\b/g,
    'I see it differently',
    'tone',
  ],
  [
    /\byou're (wrong|overreacting|being (dramatic|emotional|unreasonable|ridiculous|difficult|sensitive|silly))\b/g,
    'I see it differently',
    'tone',
  ],
  [/\bno offen[cs]e,?\s*(but\s*)?/g, '', 'tone'],
  [/\bobviously,?\s*/g, '', 'tone'],
  [/\b(it's|this is|that's) (all )?your fault\b/g, "let's look at what happened", 'tone'],
  [/\byour fault\b/g, 'what happened', 'tone'],
  [/\byou always\b/g, 'you often', 'tone'],
  [/\byou never\b/g, 'you rarely', 'tone'],
  [
    new RegExp(
      `${NOT_AN_ORDER.source}\\byou (need to|have to|must|'d better|had better|better|gotta|have got to)\\b`,
      'g',
    ),
    "I'd ask you to",
    'tone',
  ],
  [/\bthe courier messed up\b/g, "we didn't deliver what you paid for", 'tone'],
  [/\bjust do it\b/g, 'please go ahead with it', 'tone'],
  [/\bi demand\b/g, "I'm asking for", 'tone'],
  [/\bi deserve\b/g, "I believe I've earned", 'tone'],
  [/\b(stop complaining|so what|too bad|who cares|shut up)[,.!]?\s*/g, '', 'tone'],
];

function matchCase(replacement: string, original: string): string {
  if (!replacement) return replacement;
  if (/^\p{Lu}/u.test(original)) return replacement.charAt(0).toUpperCase() + replacement.slice(1);
  return replacement;
}

function fillerEdits(text: string): Edit[] {
  const analysed = analyseText(text);
  const edits: Edit[] = [];
  for (const hit of findFillers(analysed)) {
    const first = analysed.tokens[hit.first];
    const last = analysed.tokens[hit.last];
    if (!first || !last) continue;
    let start = first.start;
    let end = last.end;
    let replacement = '';
    const after = analysed.tokens[hit.last + 1];
    const before = analysed.tokens[hit.first - 1];
    if (after && /^(,|\.{2,}|…)$/.test(after.value)) {
      // "So, um, I" -> "I": the filler takes its comma with it; "was, like, huge" -> "was huge".
      end = after.end;
      if (before?.value === ',') start = before.start;
    } else if (
      after?.value.startsWith('?') &&
      before?.value === ',' &&
      ['right', 'you know', 'okay'].includes(hit.filler)
    ) {
      // A tag question ("..., right?") becomes a statement.
      start = before.start;
      end = after.end;
      replacement = '.';
    }
    edits.push({ start, end, replacement, original: text.slice(first.start, last.end), kind: 'filler' });
  }
  return edits;
}

function ruleEdits(text: string, rules: Rule[]): Edit[] {
  const norm = normalise(text);
  const edits: Edit[] = [];
  for (const [pattern, replace, kind] of rules) {
    for (const m of norm.matchAll(pattern)) {
      const start = m.index ?? 0;
      const end = start + m[0].length;
      const original = text.slice(start, end);
      const replacement = typeof replace === 'string' ? replace : replace(m);
      edits.push({
        start,
        end,
        replacement: matchCase(replacement, original),
        original: original.trim(),
        kind,
      });
    }
  }
  return edits;
}

/** Spacing, stray commas and capitals after words have been cut. */
export function tidy(text: string): string {
  let s = text
    .replace(/\s*(\.{3,}|…)\s*/g, '. ')
    .replace(/\s+([,.;:?!])/g, '$1')
    .replace(/([,;:])(?=[,.;:?!])/g, '')
    .replace(/([.?!])[,;:]+/g, '$1')
    .replace(/\.(\s*\.)+/g, '.')
    .replace(/([?!])\.+/g, '$1')
    .replace(/[ \t]{2,}/g, ' ')
    .trim()
    .replace(/^[,;:.\s—–-]+/, '')
    .replace(/([.?!]\s+)[,;:—–-]+\s*/g, '$1')
    // A restart left bare once its filler is gone ("I, um, I wanted" → "I, I wanted") is said once.
    .replace(/\b(i|we|you|it|the|a|an|to|and|so|but|my|our)(?:,?\s+\1\b)+/gi, '$1');
  s = s.replace(/(^|[.?!]\s+)(\p{Ll})/gu, (_, lead: string, letter: string) => lead + letter.toUpperCase());
  s = s.replace(/\bi\b(?!\.e\.)(?=('|\s|[,.?!]|$))/g, 'I');
  // "can I be straight with you about the wedding" is a question typed without its mark.
  const last = s.split(/[.?!]\s+/).pop() ?? s;
  if (s && !/[.?!"”)\]]$/.test(s)) s += ASKED_WITHOUT_MARK.test(last) ? '?' : '.';
  return s;
}

const ASKED_WITHOUT_MARK =
  /^(?:(?:can|could|would|will|shall|should|may|do|does|did|is|are|was|were|have|has)(?:n't)? (?:i|we|you|he|she|they|it|this|that|there)\b|(?:wh(?:at|y|en|ere|o|ich)|how)(?:'s| is| are| do| does| did| would| could| can| will| should)\b)/i;

/**
 * A statement said as a question ("I'm asking for $57,000?") is uptalk, which sounds unsure: once the
 * hedges are gone, a sentence that opens like a statement ends with a full stop.
 */
/**
 * A tag that asks them to confirm ("I'm still on your side, ok?", "we said Friday, didn't we?") makes a
 * real question of a statement; it is not uptalk.
 */
const TAG_QUESTION =
  /,\s*(?:ok(?:ay)?|alright|all right|yeah|yes|no|agreed|deal|fair|sound good|does that work|is that ok(?:ay)?|(?:is|are|was|were|do|does|did|have|has|had|can|could|will|would|should|is)n't (?:it|that|this|he|she|they|we|you|i)|won't (?:it|you|we|they)|right)\?$/i;

function dropUptalk(text: string): string {
  return text
    .split(/(?<=[.?!])\s+/)
    .map((sentence) =>
      /\?$/.test(sentence) &&
      /^(i|i'm|i'd|i've|i'll|we|we're|we'd|we'll|my|our|it|it's|this|that's|the)\b/i.test(sentence) &&
      !TAG_QUESTION.test(sentence)
        ? sentence.replace(/\?$/, '.')
        : sentence,
    )
    .join(' ');
}

/** Removes fillers and hedges and fixes dismissive phrasing, keeping every other word. */
export function tightenText(text: string): Tightened {
  const all = [...fillerEdits(text), ...ruleEdits(text, HEDGE_RULES), ...ruleEdits(text, TONE_RULES)].sort(
    (a, b) => a.start - b.start || b.end - a.end,
  );
  const kept: Edit[] = [];
  for (const edit of all) {
    const last = kept[kept.length - 1];
    if (last && edit.start < last.end) {
      // Two cuts that share a comma ("So, um, I") become one cut; otherwise the first edit wins.
      if (!last.replacement && !edit.replacement && edit.kind === last.kind) {
        kept[kept.length - 1] = {
          ...last,
          end: Math.max(last.end, edit.end),
          original: last.original.toLowerCase().includes(edit.original.toLowerCase())
            ? last.original
            : `${last.original}|${edit.original}`,
        };
      }
      continue;
    }
    kept.push(edit);
  }
  let out = text;
  for (const edit of [...kept].reverse()) {
    const needsSpace = edit.replacement && /\w$/.test(edit.replacement) && /^\w/.test(out.slice(edit.end));
    out = out.slice(0, edit.start) + edit.replacement + (needsSpace ? ' ' : '') + out.slice(edit.end);
  }
  return {
    text: dropUptalk(tidy(out)),
    fillersRemoved: kept.filter((e) => e.kind === 'filler').flatMap((e) => e.original.split('|')),
    hedgesRemoved: kept
      .filter((e) => e.kind === 'hedge')
      .flatMap((e) => e.original.split('|'))
      .map((h) => h.replace(/^[,\s]+|[,\s]+$/g, '')),
    toneFixes: kept
      .filter((e) => e.kind === 'tone')
      .map((e) => ({ from: e.original.replace(/[,.!\s]+$/, ''), to: e.replacement })),
  };
}

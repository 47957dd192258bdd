import type { Message, ScenarioDefinition } from '@parley/contracts';

/**
 * Replies in one voice. Small models prefix their turn with the persona's name or "AI:", wrap it in
 * quotes, act it out ("*smiles*", "(leans back)"), write the learner's next line for them ("Learner: …",
 * "You: …"), run on into a monologue, or drift into another language. `ReplyVoice` trims a reply to the
 * persona's own turn — in a stream, piece by piece, as well as whole — and never takes back what it has
 * let through: it holds back the start of each sentence until it knows whose turn and which language it
 * is, and an opened "*", "(" or "[" until it closes.
 */

export interface VoiceOptions {
  /** Names the persona may be labelled with: its full name, first name, role. */
  personaNames: string[];
  /** Names the learner may be labelled with: its role and its words. */
  learnerNames: string[];
  /** Sentences one turn may have (1 to 4 unless the scenario says otherwise). */
  maxSentences: number;
  /** Whether the conversation is in English (then a sentence in another language ends the turn). */
  english: boolean;
  /** Sentences the persona already said in this conversation (as `sameSentence` writes them): not said again. */
  said?: ReadonlySet<string>;
}

/** A sentence as compared for repeats: lower case, letters and digits only. */
export const sameSentence = (s: string): string =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

export const DEFAULT_MAX_SENTENCES = 4;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * How long a turn may be: 1 to 4 sentences, more for a persona whose speaking style says it talks at
 * length ("tells the story in vivid detail"). Only the speaking style counts: a personality that "steers
 * rambling answers back" is about the other side.
 */
export function maxSentencesFor(scenario: ScenarioDefinition): number {
  return /vivid detail|at length|long-winded|talkative|tells (?:the |long )?stor/i.test(
    scenario.persona.speakingStyle,
  )
    ? 7
    : DEFAULT_MAX_SENTENCES;
}

/** The voice of a scenario's persona in a conversation so far. */
export function voiceOf(
  scenario: ScenarioDefinition,
  messages: readonly Message[] = [],
  maxSentences = maxSentencesFor(scenario),
): VoiceOptions {
  const name = scenario.persona.name.trim();
  const learnerText = messages
    .filter((m) => m.sender === 'user')
    .map((m) => m.content)
    .join(' ');
  return {
    personaNames: [
      name,
      name.split(/\s+/)[0] ?? name,
      scenario.aiRole,
      'AI',
      'Assistant',
      'Partner',
      'Character',
    ],
    learnerNames: [
      'Learner',
      'You',
      'User',
      'Human',
      'Me',
      scenario.userRole,
      scenario.userRole.split(/\s+/).at(-1) ?? scenario.userRole,
    ],
    maxSentences,
    english: learnerText.trim() === '' || languageOf(learnerText) !== 'other',
    said: new Set(
      messages
        .filter((m) => m.sender === 'ai')
        .flatMap((m) => m.content.split(/(?<=[.!?…])\s+/))
        .map(sameSentence)
        .filter((s) => s.split(' ').length > 2),
    ),
  };
}

/* ------------------------------------------------------------------------------------------------- */
/* Language: enough of a sentence's words are common words of another language, none of English. */

const ENGLISH = new Set(
  "the a an and is are was you your i i'm we that this to of it what can not but have for with be do my me will would so if how when there they he she our let".split(
    ' ',
  ),
);
const OTHER = new Set(
  [
    // es
    'el los las que y es pero tengo para con por una muy este esta eso más qué cómo sí usted tú estoy puedo nosotros sinceramente también presupuesto margen año opinas creo entiendo gracias',
    // fr
    "le les des et est je vous nous pas qui pour avec mais une très c’est c'est ce cette suis avons comprends merci",
    // de
    'der die das und ist nicht ich sie wir mit für aber ein eine sehr auch kann haben verstehe danke',
    // pt, it
    'não é eu você nós com uma muito isso também il lo gli che è non io noi ma molto questo anche grazie',
  ]
    .join(' ')
    .split(' '),
);

/** 'en', 'other', or undefined when a text says too little to tell. */
export function languageOf(text: string): 'en' | 'other' | undefined {
  // Letters of other scripts (CJK, Cyrillic, Arabic, Devanagari…): not English.
  if (
    /[\p{Script=Cyrillic}\p{Script=Arabic}\p{Script=Devanagari}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(
      text,
    )
  )
    return 'other';
  const words = text.toLowerCase().match(/[\p{L}’']+/gu) ?? [];
  let en = 0;
  let other = 0;
  for (const w of words) {
    if (ENGLISH.has(w)) en += 1;
    else if (OTHER.has(w)) other += 1;
  }
  if (other >= 2 && other > en * 2) return 'other';
  if (en >= 1) return 'en';
  return undefined;
}

/* ------------------------------------------------------------------------------------------------- */
/* Stage directions */

const STAGE_VERBS =
  'smile|laugh|chuckle|sigh|pause|nod|lean|frown|shrug|grin|look|raise|cross|tap|clear|shake|hesitate|smirk|wink|glance|fold|sit|stand|take|adjust|check|think|consider|gesture|point|scoff|groan|exhale|inhale|breathe|rub|scratch|tilt|blink|stare|wave|hand|slide|push|lean|turn|flip|straighten|reach|set|put|sip|type|scribble|note|cough|whisper|murmur|mutter';
/** "(smiles)", "(leans back)", "(warmly)", "(in a calm voice)", "[pauses]". */
const STAGE_IN_BRACKETS = new RegExp(
  `^(?:(?:${STAGE_VERBS})(?:s|es|ed|ing)?\\b|[a-z]+ly$|[a-z]+ly\\b|in an? \\w+ (?:tone|voice)|with an? \\w+|after an? \\w+)`,
  'i',
);

/** A sentence with its acted-out parts taken out: *…* always, (…) when it reads as an action, […] always. */
function withoutActing(text: string): string {
  return text
    .replace(/\*\*([^*]+)\*\*/g, '$1')
    .replace(/\*[^*]*\*/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\(([^)]*)\)/g, (all, inner: string) =>
      !/\d/.test(inner) && STAGE_IN_BRACKETS.test(inner.trim()) ? ' ' : all,
    )
    .replace(/_([a-z][a-z ]+)_/g, ' ')
    .replace(/\s+([,.!?;:])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Where a sentence in progress may be shown up to: before an opened "*", "(" or "[", and before a partial word. */
function safeEnd(text: string): number {
  // The last word may still grow.
  let end = /\s$/.test(text) ? text.length : Math.max(0, text.search(/\s\S*$/));
  const head = text.slice(0, end);
  const stars = [...head.matchAll(/\*+/g)];
  // An odd number of single (or double) stars leaves a span open.
  const singles = stars.filter((m) => m[0].length === 1);
  if (singles.length % 2 === 1) end = Math.min(end, singles.at(-1)!.index);
  const doubles = stars.filter((m) => m[0].length >= 2);
  if (doubles.length % 2 === 1) end = Math.min(end, doubles.at(-1)!.index);
  for (const [open, close] of [
    ['(', ')'],
    ['[', ']'],
  ] as const) {
    const at = head.lastIndexOf(open);
    if (at >= 0 && head.indexOf(close, at) < 0) end = Math.min(end, at);
  }
  const underscore = /(^|\s)_[^_]*$/.exec(head);
  if (underscore) end = Math.min(end, underscore.index);
  return end;
}

/* ------------------------------------------------------------------------------------------------- */

const ABBREVIATIONS = /\b(?:mr|mrs|ms|dr|st|vs|etc|e\.g|i\.e|approx|no)\.$/i;

/** The end of the first sentence in `text` (after its closing punctuation and quotes), or -1 when it has not ended. */
function sentenceEnd(text: string): number {
  const re = /[.!?…]+["”’)\]]*(?=\s)|\n/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const end = m.index + m[0].length;
    if (m[0] === '\n') {
      if (text.slice(0, m.index).trim()) return end;
      continue;
    }
    if (ABBREVIATIONS.test(text.slice(Math.max(0, end - 6), end))) continue;
    return end;
  }
  return -1;
}

const words = (s: string) => s.split(/\s+/).filter(Boolean).length;
const firstWords = (s: string) => s.trim().split(/\s+/).slice(0, 10).join(' ');

export class ReplyVoice {
  private pending = '';
  private started = false;
  private quoted = false;
  private closedQuote = false;
  private sentences = 0;
  /** What of the sentence in progress has been shown (its cleaned text). */
  private shownOfSentence = '';
  private anyShown = false;
  private over = false;
  private readonly personaLabel: RegExp;
  private readonly learnerLabel: RegExp;

  constructor(private readonly options: VoiceOptions) {
    const alt = (names: string[]) =>
      [...new Set(names.map((n) => n.trim()).filter(Boolean))]
        .sort((a, b) => b.length - a.length)
        .map(escape)
        .join('|');
    const label = (names: string[]) =>
      new RegExp(
        `^\\s*(?:\\*\\*|__)?(?:${alt(names)})(?:\\*\\*|__)?(?:\\s*\\([^)]*\\))?\\s*(?:\\*\\*|__)?\\s*:(?:\\*\\*|__)?\\s*`,
        'i',
      );
    this.personaLabel = label(options.personaNames);
    this.learnerLabel = label(options.learnerNames);
  }

  /** The turn is over (the model went on with someone else's line, another language, or too many sentences). */
  get ended(): boolean {
    return this.over;
  }

  /** A piece of the model's stream in; what may be shown of it now out. */
  push(piece: string): string {
    if (this.over) return '';
    this.pending += piece;
    return this.drain(false);
  }

  /** The stream ended: the rest of what may be shown. */
  end(): string {
    const rest = this.over ? '' : this.drain(true);
    this.over = true;
    this.pending = '';
    return rest;
  }

  private drain(final: boolean): string {
    let out = '';
    while (!this.over) {
      if (!this.started) {
        this.pending = this.pending.replace(/^\s+/, '');
        if (!this.pending) break;
        const label = this.personaLabel.exec(this.pending);
        if (label) {
          this.pending = this.pending.slice(label[0].length);
          continue;
        }
        // Still possibly a label ("Dana" with its colon yet to come): wait for more.
        if (!final && !this.pending.includes(':') && words(this.pending) < 5 && this.pending.length < 48)
          break;
        const quote = /^["“]/.exec(this.pending);
        if (quote) {
          this.quoted = true;
          this.pending = this.pending.slice(1);
        }
        this.started = true;
      }
      const end = sentenceEnd(this.pending);
      const complete = end >= 0 || final;
      const sentence = end >= 0 ? this.pending.slice(0, end) : this.pending;
      if (this.shownOfSentence === '') {
        // A sentence's start decides whose turn and which language it is.
        if (!complete && words(sentence) < 5 && !sentence.includes(':')) break;
        if (this.learnerLabel.test(sentence)) {
          this.over = true;
          break;
        }
        const relabelled = this.personaLabel.exec(sentence);
        if (relabelled && sentence.slice(0, relabelled.index).trim() === '') {
          this.pending = this.pending.slice(relabelled[0].length);
          continue;
        }
        if (this.options.english) {
          let language = languageOf(firstWords(sentence));
          // Too short to tell ("Entiendo."): the words after it tell.
          if (language === undefined) {
            if (!final && words(this.pending) < 6) break;
            language = languageOf(firstWords(this.pending));
          }
          if (language === 'other') {
            this.over = true;
            break;
          }
        }
      }
      const visible = this.clean(complete ? sentence : sentence.slice(0, safeEnd(sentence)), complete);
      const repeated = this.shownOfSentence === '' && this.repeats(visible, complete);
      if (
        !repeated &&
        visible.length > this.shownOfSentence.length &&
        visible.startsWith(this.shownOfSentence)
      ) {
        const fresh = visible.slice(this.shownOfSentence.length);
        out += (this.shownOfSentence === '' && this.anyShown ? ' ' : '') + fresh;
        this.shownOfSentence = visible;
        this.anyShown = true;
      }
      if (!complete) break;
      this.pending = end >= 0 ? this.pending.slice(end) : '';
      // "Hi!", "I see.": too short to count as one of the turn's sentences.
      if (words(this.shownOfSentence) > 2) this.sentences += 1;
      this.shownOfSentence = '';
      if (this.sentences >= this.options.maxSentences) this.over = true;
      if (end < 0) break;
    }
    return out;
  }

  /**
   * Whether a sentence (or its start, still in progress) is one the persona already said: a whole one
   * is left out, a start that may still become one is held back.
   */
  private repeats(visible: string, complete: boolean): boolean {
    const said = this.options.said;
    if (!said?.size || !visible) return false;
    const text = sameSentence(visible);
    if (complete) return said.has(text);
    for (const s of said) if (s.startsWith(text)) return true;
    return false;
  }

  /** One sentence (or its safe part) without acting, labels' markup, or the quotes wrapped around the turn. */
  private clean(text: string, complete: boolean): string {
    let t = text;
    if (this.quoted && !this.closedQuote) {
      const close = /["”]/.exec(t);
      if (close) {
        t = t.slice(0, close.index) + t.slice(close.index + 1);
        if (complete) this.closedQuote = true;
      }
    }
    return withoutActing(t);
  }
}

/** A whole reply in one voice (an opening, a reply that came whole). */
export function inOneVoice(text: string, options: VoiceOptions): string {
  const voice = new ReplyVoice(options);
  return (voice.push(text) + voice.end()).trim();
}

import type { Figure } from '../text/figures';
import { extractFigures, isNegotiable } from '../text/figures';
import { contentTerms, overlap, readText } from '../text/nlp';
import { baseForm, capitalise, contract, finish, toFirstPerson, type PersonaRefs } from './perspective';

/**
 * A scenario's "holds firm on" notes, read into what the persona can say: the stance in its own
 * words ("I can't go above $56,000 without director approval."), what it can give when pushed well
 * (a concession), what would move it (an evidence ask), why it holds the line, and the figure it
 * negotiates around. Conditions that describe the learner's winning move are kept as terms to
 * recognise, never said aloud.
 */

export type AnchorDirection = 'ceiling' | 'floor' | 'reference';

/** A figure the persona negotiates around: "can't go above $56,000" is a ceiling. */
export interface Anchor {
  figure: Figure;
  direction: AnchorDirection;
}

export interface FirmPosition {
  index: number;
  /** The stance in the persona's words: "I can't go above $56,000 without director approval." */
  statement: string | null;
  /** What would move the persona, said as a demand: "Show me conversion rates and named deals." */
  evidenceAsk: string | null;
  /** What the persona can give when the learner makes a good case. */
  concession: string | null;
  /** Questions the persona keeps asking on this point. */
  pressLines: string[];
  /** Why the persona holds this position, when the scenario says: "Because the cohort starts that day." */
  reason: string | null;
  /** Further things the persona says about this position: "I won't endorse a plan without one." */
  more: string[];
  /** What would move the persona, as terms: a learner who offers these has met the condition. */
  conditionTerms: Set<string>;
  /** It waits for evidence ("needs one specific example with a result"): a learner's numbers with reasons meet it. */
  wantsEvidence: boolean;
  /** Terms only this position uses in the scenario: a single one is a strong sign it is the topic. */
  keyTerms: Set<string>;
  anchor: Anchor | null;
  terms: Set<string>;
  /**
   * A view the persona argues ("Argues that she can't afford to chip in"), its side of the matter, which it
   * puts forward; not a limit ("Won't pay for a hotel"), which it says only when pushed on it.
   */
  view: boolean;
}

/** What a position waits for, after its "; needs …" or its condition word, when that is evidence. */
const WANTS_EVIDENCE =
  /\b(?:examples?|results?|data|evidence|proof|numbers|figures|metrics|track record|sample size|case stud(?:y|ies))\b/i;

/** A clause's condition that the learner must meet; said aloud it would hand over the answer key. */
export const LEARNER_CONDITION =
  /\b(?:you|your|the (?:candidate|caller|rep|agent|associate|advisor|learner|person|company|vendor|supplier|manager|director|ceo|cco|coo|founder|newcomer|guest|employee|applicant|firm|school|hospital|airline|shop|store|clinic|team|organi[sz]ation))\b|\b(?:given|shown|told|offered|asked|explained|acknowledged|convinced|proposed|is shown|are shown)\b/i;
/** How someone asks, not what they ask for: never to be said as a demand. */
const META_CONDITION =
  /\b(?:calm(?:ly)?|genuine(?:ly)?|care|tone|rather than (?:ask|demand)|open questions|without blame|tact|nicely|politely|assumptions|sympathetic|respectful(?:ly)?|acknowledge (?:his|her|their)|folds|own their part|asks? rather)\b/i;
const CONDITION_WORDS = /\s*,?\s+\b(unless|until|only if|if|only when|when|once|however|as long as)\b\s+/gi;
/** Condition words that name what the persona requires before it moves. */
const REQUIREMENT_WORDS = new Set(['unless', 'until', 'only if', 'only when', 'as long as']);

interface Clause {
  body: string;
  condition: string | null;
  conditionWord: string | null;
}

function splitCondition(text: string): Clause {
  for (const match of text.matchAll(CONDITION_WORDS)) {
    if (match.index < 8 || /\beven$/i.test(text.slice(0, match.index))) continue;
    return {
      body: text.slice(0, match.index).trim(),
      condition: text.slice(match.index + match[0].length).trim(),
      conditionWord: (match[1] ?? '').toLowerCase(),
    };
  }
  return { body: text.trim(), condition: null, conditionWord: null };
}

/** Keep a condition when it is about the world ("until an inspection is done"), not about the learner. */
function keepCondition(clause: Clause): { text: string; cut: boolean } {
  if (!clause.condition || !clause.conditionWord) return { text: clause.body, cut: false };
  if (clause.conditionWord === 'however') return { text: clause.body, cut: false };
  if (LEARNER_CONDITION.test(clause.condition) || META_CONDITION.test(clause.condition))
    return { text: clause.body, cut: true };
  return { text: `${clause.body} ${clause.conditionWord} ${clause.condition}`, cut: false };
}

const SUBJECT = /^(?:he|she|they)\s+/i;

type ClauseKind = 'stance' | 'concession' | 'press';
/** Rules for the lead words of a position clause, tried in order. */
interface ClauseRule {
  test: RegExp;
  kind: ClauseKind;
  say: (rest: string, refs: PersonaRefs, whole: string) => string | null;
}

const first = (text: string, refs: PersonaRefs): string =>
  toFirstPerson(text, refs, { impliedSubject: true });
const fp = (text: string, refs: PersonaRefs): string => toFirstPerson(text, refs, { midSentence: true });

const CLAUSE_RULES: ClauseRule[] = [
  { kind: 'press', test: /^(?:keeps|will keep) asking (['"“‘])(.+?)\1/i, say: () => null },
  { kind: 'press', test: /^keeps to\s+/i, say: (rest, refs) => `I need to keep to ${fp(rest, refs)}` },
  {
    kind: 'press',
    test: /^keeps asking (?:for|about)\s+/i,
    say: (rest, refs) => `I still need ${fp(rest, refs)}`,
  },
  { kind: 'press', test: /^keeps asking\s+/i, say: (rest, refs) => `I still want to know ${fp(rest, refs)}` },
  {
    kind: 'press',
    test: /^(?:keeps pushing|will push|pushes) on\s+/i,
    say: (rest, refs) => `I want to dig into ${fp(rest, refs)}`,
  },
  {
    kind: 'press',
    test: /^keeps (?:pushing|pressing) for\s+/i,
    say: (rest, refs) => `I'm still pushing for ${fp(rest, refs)}`,
  },
  {
    kind: 'press',
    test: /^keeps pushing (?=to\s)/i,
    say: (rest, refs) => `I'm still pushing ${fp(rest, refs)}`,
  },
  {
    kind: 'press',
    test: /^keeps bringing up\s+/i,
    say: (rest, refs) => `I keep coming back to ${fp(rest, refs)}`,
  },
  {
    kind: 'press',
    test: /^keeps (?:probing|saying|pushing|asking whether|interrupting)\b/i,
    say: () => null,
  },
  {
    kind: 'stance',
    test: /^keeps\s+(?=the|a|an|his|her)/i,
    say: (rest, refs) => `I'm keeping ${fp(rest, refs)}`,
  },
  {
    kind: 'press',
    test: /^presses on\s+/i,
    say: (rest, refs) => `I want a proper answer on ${fp(rest, refs)}`,
  },
  { kind: 'press', test: /^presses for\s+/i, say: (rest, refs) => `I need ${fp(rest, refs)}` },
  {
    kind: 'press',
    test: /^pushes (?:hard )?for\s+/i,
    say: (rest, refs) => `I'm pushing for ${fp(rest, refs)}`,
  },
  {
    kind: 'press',
    test: /^pushes back (?:that\s+)?(['"“‘])(.+)\1$/i,
    say: (_rest, _refs, whole) => quoted(whole),
  },
  { kind: 'stance', test: /^pushes back on\s+/i, say: (rest, refs) => `I'm not sold on ${fp(rest, refs)}` },
  {
    kind: 'press',
    test: /^pushes (?:the \w+|you) to\s+/i,
    say: (rest, refs) => `I'd like you to ${fp(rest, refs)}`,
  },
  { kind: 'press', test: /^pushes to\s+/i, say: (rest, refs) => `I'd like to ${fp(rest, refs)}` },
  { kind: 'press', test: /^asks (['"“‘])(.+?)\1/i, say: () => null },
  { kind: 'press', test: /^asks for\s+/i, say: (rest, refs) => `I need ${fp(rest, refs)}` },
  {
    kind: 'press',
    test: /^asks (?=what|how|who|which|whether|why)/i,
    say: (rest, refs) => `I want to know ${fp(rest, refs)}`,
  },
  { kind: 'stance', test: /^questions\s+/i, say: (rest, refs) => `I'm not convinced by ${fp(rest, refs)}` },
  { kind: 'stance', test: /^disputes\s+/i, say: (rest, refs) => `I don't buy ${fp(rest, refs)}` },
  {
    kind: 'stance',
    test: /^dismisses\s+/i,
    say: (rest, refs) => `I don't put much weight on ${fp(rest, refs)}`,
  },
  { kind: 'stance', test: /^resists\s+/i, say: (rest, refs) => `I'm not comfortable with ${fp(rest, refs)}` },
  { kind: 'stance', test: /^rejects\s+/i, say: (rest, refs) => `I'm not accepting ${fp(rest, refs)}` },
  { kind: 'stance', test: /^argues (?:that\s+)?/i, say: (rest, refs) => `Honestly, ${fp(rest, refs)}` },
  {
    kind: 'stance',
    test: /^believes\s+/i,
    say: (rest, refs) => `As far as I'm concerned, ${fp(rest, refs)}`,
  },
  { kind: 'stance', test: /^(?:counts|calls)\s+/i, say: (_rest, refs, whole) => first(whole, refs) },
  {
    kind: 'stance',
    test: /^demands\s+(?=the \w+ (?:pay|cover|fund|provide|take|be)\b)/i,
    say: (rest, refs) => `I insist ${fp(rest, refs)}`,
  },
  { kind: 'stance', test: /^demands\s+/i, say: (rest, refs) => `I want ${fp(rest, refs)}` },
  {
    kind: 'stance',
    test: /^(?:will not|won't|cannot|can't|can not|does not|doesn't|would not|refuses|insists|wants|needs|expects|requires|prefers|would prefer|must|will only|only)\b/i,
    say: (_rest, refs, whole) => first(whole, refs),
  },
  {
    kind: 'concession',
    test: /^(?:might|may|could|can|will|would)\s+(?:accept|agree|consider|move|offer|drop|cover|post|update|commit|add|turn|brighten|clarify|handle|pay|go|concede|let|soften)\b/i,
    say: (_rest, refs, whole) => first(whole.replace(/^will\b/i, 'can'), refs),
  },
  {
    kind: 'concession',
    test: /^(?:accepts|agrees|concedes|only concedes|is open to|open to)\b/i,
    say: (_rest, refs, whole) => concessionOf(whole, refs),
  },
  {
    kind: 'stance',
    test: /^will\s+(?!(?:ask|keep|press|push|challenge|test|end|cut|interrupt|redirect|re-read|be candid|politely|listen|respect|go quiet)\b)\w+/i,
    say: (_rest, refs, whole) => first(whole, refs),
  },
];

function quoted(text: string): string | null {
  const match = /(['"“‘])(.+?)['"”’](?:\s|$|[,;.])/.exec(text);
  return match?.[2] ? capitalise(match[2].trim()) : null;
}

function concessionOf(whole: string, refs: PersonaRefs): string {
  const text = whole
    .replace(/^only concedes\b/i, 'would concede')
    .replace(/^concedes\b/i, 'would concede')
    .replace(/^accepts\b/i, 'could accept')
    .replace(/^agrees\b/i, 'could agree')
    .replace(/^(?:is )?open to\b/i, 'am open to');
  return first(text, refs);
}

/** Verbs that signal the clause describes when the persona gives ground. */
const MOVES =
  /^(?:moves|softens|backs off|agrees|accepts|drops it|lets it go|holds off|will (?:move|agree|accept|consider|only)|might|may|could|only)\b/i;

export function parsePosition(raw: string, index: number, refs: PersonaRefs): FirmPosition {
  const clauses = raw
    .split(/\s*;\s*|,?\s+but\s+(?=(?:accepts|agrees|could|might|may|can|will|is open|open to)\b)/i)
    .filter(Boolean);
  let statement: string | null = null;
  let concession: string | null = null;
  let evidenceAsk: string | null = null;
  const pressLines: string[] = [];
  const more: string[] = [];

  for (const rawClause of clauses) {
    for (const q of rawClause.matchAll(/(['"“‘])([^'"“”‘’]{6,120}\?)['"”’]/g)) {
      if (q[2]) pressLines.push(capitalise(q[2].trim()));
    }
    const withoutSubject = rawClause
      .replace(SUBJECT, '')
      .replace(/\s*\((?:['"“‘][^)]*|e\.g\.[^)]*)\)/g, '')
      .trim();
    // A trailing behaviour ("..., and pushes back if money comes up") is not part of the stance.
    const trimmed = withoutSubject.replace(
      /,?\s+and\s+(?:pushes|gets|keeps|will ask|will press|uses|treats|asks|goes|becomes|drops|respects)\b.*$/i,
      '',
    );
    const clause = splitCondition(trimmed);
    const rule = CLAUSE_RULES.find((r) => r.test.test(clause.body));
    const requirement = clause.conditionWord !== null && REQUIREMENT_WORDS.has(clause.conditionWord);
    const givesGround =
      rule?.kind === 'concession' || MOVES.test(clause.body) || /\bonly\b/i.test(clause.body);
    if (
      requirement ||
      (clause.conditionWord !== null && givesGround) ||
      /^moves only with\b/i.test(clause.body)
    ) {
      evidenceAsk ??= evidenceFrom(clause, refs);
    }
    if (!rule) {
      if (!statement && /^(?:nobody|no one|every|all|the|store credit|this)\b/i.test(clause.body))
        statement = finish(fp(keepCondition(clause).text, refs));
      continue;
    }
    const kept =
      rule.kind === 'press' ? { text: clause.body, cut: clause.condition !== null } : keepCondition(clause);
    // "Will only agree to X" without its condition is not a stance anyone would say.
    if (kept.cut && /\bonly\b/i.test(kept.text) && rule.kind !== 'concession') continue;
    const rest = kept.text.replace(rule.test, '');
    const said = rule.say(rest, refs, kept.text);
    if (!said || META_CONDITION.test(said)) continue;
    const sentence = finish(said);
    if (rule.kind === 'concession') {
      if (sentence.split(/\s+/).length >= 5 && !/\botherwise\b/i.test(sentence)) concession ??= sentence;
    } else if (rule.kind === 'press' && statement) pressLines.push(sentence);
    else if (statement) more.push(sentence);
    else statement = sentence;
  }

  const because = /\b(?:because|since)\s+(?!of\b)([^;]+?)(?:;|$)/i.exec(raw)?.[1];
  const reason =
    because && !LEARNER_CONDITION.test(because) ? finish(`Because ${fp(because.trim(), refs)}`) : null;
  // The persona says where it stands, never what would make it move: that is for the learner to find.
  return {
    index,
    statement: withoutCondition(statement),
    evidenceAsk: null,
    concession: withoutCondition(concession),
    reason,
    more: more.map(secondary).filter((m): m is string => m !== null),
    pressLines: [...new Set(pressLines.map(secondary).filter((m): m is string => m !== null))],
    anchor: anchorIn(raw),
    view: /^(?:argues|believes)\b/i.test(raw.replace(SUBJECT, '').trim()),
    terms: contentTerms(raw.replace(LEARNER_CONDITION, ' ')),
    conditionTerms: contentTerms(conditionsOf(raw).join(' ')),
    wantsEvidence: WANTS_EVIDENCE.test(raw.split(';').slice(1).join(';') || conditionsOf(raw).join(' ')),
    keyTerms: new Set<string>(),
  };
}

const CONDITION_TAIL = /,?\s+\b(?:unless|only if|if|until|as long as|provided(?: that)?)\b.*$/i;

/**
 * A later clause of a firm position: "…; needs one specific example with a result" is the condition
 * itself said as a need, and stays private too.
 */
function secondary(sentence: string | null): string | null {
  if (sentence && /^(?:i|i'd|i would) (?:need|want to see|require)\b/i.test(sentence)) return null;
  return withoutCondition(sentence);
}

/** A stance without the condition that would change it: "I won't go to the director." */
function withoutCondition(sentence: string | null): string | null {
  if (!sentence) return null;
  const cut = sentence.replace(CONDITION_TAIL, '').trim();
  if (cut.split(/\s+/).length < 3) return null;
  return /[.!?]$/.test(cut) ? cut : `${cut}.`;
}

/** The learner has offered what would move the persona on this position. */
export function conditionMet(position: FirmPosition, terms: ReadonlySet<string>): boolean {
  if (position.conditionTerms.size === 0) return false;
  const needed = Math.min(3, Math.max(2, Math.ceil(position.conditionTerms.size / 3)));
  return overlap(terms, position.conditionTerms) >= needed;
}

/** The parts of a position that say what would move the persona ("unless you suggest a low-key way..."). */
function conditionsOf(raw: string): string[] {
  return [
    ...raw.matchAll(
      /\b(?:unless|until|only if|if|only when|when|once|as long as|but accepts|accepts|(?:might|may|could|would|will) (?:accept|agree to|consider)|moves only|such as)\b([^;]+)/gi,
    ),
  ].map((m) => m[1] ?? '');
}

/** "moves only when shown conversion rates" → "Show me conversion rates." */
function evidenceFrom(clause: Clause, refs: PersonaRefs): string | null {
  const text = clause.condition ? `${clause.conditionWord} ${clause.condition}` : clause.body;
  if (META_CONDITION.test(text)) return null;
  const learnerRefs: PersonaRefs = { ...refs, theyIsLearner: true };
  const patterns: Array<[RegExp, (x: string) => string]> = [
    [/\b(?:when|until|if|once) shown\s+(.+)$/i, (x) => `Show me ${fp(x, learnerRefs)}`],
    [/\b(?:when|until|if|once) given\s+(.+)$/i, (x) => `I need ${fp(x, learnerRefs)}`],
    [/\b(?:when|until|if|once) told\s+(.+)$/i, (x) => `Tell me ${fp(x, learnerRefs)}`],
    [/\b(?:if|when|until) offered\s+(.+)$/i, (x) => `I'd need ${fp(x, learnerRefs)}`],
    [/\bmoves only with\s+(.+)$/i, (x) => `I'd need ${fp(x, learnerRefs)}`],
    [
      /\b(?:if|unless|until|when) (?:you|the (?:candidate|caller|rep|agent|associate|advisor|person))\s+(.+)$/i,
      (x) => `I'd need you to ${learnerClause(fp(x, learnerRefs))}`,
    ],
  ];
  for (const [pattern, make] of patterns) {
    const match = pattern.exec(text);
    const target = match?.[1]?.replace(/,?\s+(?:even if|but not|not if|unless|until|if)\b.*$/i, '').trim();
    if (target && target.split(/\s+/).length >= 2) return finish(contract(make(target)));
  }
  return null;
}

/** "directly addresses salary and shows commitment" → "directly address salary and show commitment". */
function learnerClause(text: string): string {
  const tokens = readText(text).tokens;
  let expectVerb = true;
  return tokens
    .map((t, i) => {
      let value = t.value;
      if (expectVerb && ['can', 'could', 'will', 'would', 'should'].includes(t.lower)) return '';
      if (
        expectVerb &&
        (t.pos === 'VERB' || t.pos === 'AUX' || i === 0) &&
        t.pos !== 'ADV' &&
        ![
          'only',
          'also',
          'directly',
          'clearly',
          'really',
          'genuinely',
          'first',
          'then',
          'quickly',
          'briefly',
        ].includes(t.lower)
      ) {
        value = baseForm(t.value) === t.value ? t.value : baseForm(t.value).replace(/^am$/, 'are');
        expectVerb = false;
      } else if (t.pos === 'CCONJ' && ['and', 'or'].includes(t.lower)) expectVerb = true;
      else if (!['ADV'].includes(t.pos) && !expectVerb) expectVerb = false;
      else if (!['ADV'].includes(t.pos)) expectVerb = false;
      return (i === 0 ? '' : t.pre) + value;
    })
    .join('')
    .trim();
}

const CEILING_WORDS =
  /\b(above|over|beyond|more than|exceed\w*|higher than|up to|no more than|under|cap(?:ped)?|max(?:imum)?)\b/g;
const FLOOR_WORDS =
  /\b(below|less than|at least|no less than|minimum|rise to|closer to|pushing for|pushes for|back|reimburs\w*|refund\w*|covered|cancel\w*|compensat\w*|rejects|wants|get)\b/g;

/** The figure a position or goal turns on, and which way the persona wants it to move. */
export function anchorIn(text: string): Anchor | null {
  const figure = extractFigures(text).find(isNegotiable);
  if (!figure) return null;
  const before = text.slice(Math.max(0, figure.index - 48), figure.index).toLowerCase();
  const after = text.slice(figure.index, figure.index + 80).toLowerCase();
  const lastMatch = (re: RegExp, s: string): number => {
    let at = -1;
    for (const m of s.matchAll(re)) at = m.index;
    return at;
  };
  const ceiling = lastMatch(CEILING_WORDS, before);
  const floor = lastMatch(FLOOR_WORDS, before);
  let direction: AnchorDirection = 'reference';
  if (ceiling >= 0 && ceiling >= floor)
    direction = /\bbelow\b/.test(before.slice(ceiling)) ? 'floor' : 'ceiling';
  else if (floor >= 0) direction = 'floor';
  else if (
    /\b(?:won't|will not|cannot|can't|refuses to|not)\s+(?:\w+\s+)?(?:pay|spend|approve|offer|go)\b/.test(
      before,
    )
  )
    direction = 'ceiling';
  else if (/\b(?:back|reimbursed|refunded|covered|cancelled)\b/.test(after)) direction = 'floor';
  return { figure, direction };
}

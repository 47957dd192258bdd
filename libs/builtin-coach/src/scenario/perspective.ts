import { readText, type NlpToken } from '../text/nlp';

/**
 * Point-of-view rewriting. Scenario text describes the persona in the third person ("She paid the shop
 * for express delivery and expects the shop to own it") and the learner as "the candidate"; the
 * persona has to say it as "I paid the shop ... and expect the shop to own it" to "you". Learner words
 * quoted back go the other way ("I can refund it" → "you can refund it").
 */

export interface PersonaRefs {
  /** The persona's full name and first name, matched case-sensitively. */
  names: string[];
  /** The persona's surname, matched only where it is clearly the persona. */
  surname?: string;
  /** Nouns the scenario uses for the learner after "the": candidate, caller, rep... */
  learnerNouns: string[];
  /** In interview-like scenarios "they/them/their" means the learner. */
  theyIsLearner: boolean;
  /** In a scenario the learner wrote ("my flatmate…"), "I/me/my" in its fields are the learner. */
  meIsLearner?: boolean;
}

type Agreement = 'persona' | 'learner' | null;

interface Out {
  value: string;
  pre: string;
}

const MODALS = new Set([
  'will',
  'wo',
  'can',
  'ca',
  'could',
  'would',
  'might',
  'may',
  'should',
  'must',
  'shall',
  'cannot',
]);
const PASS_THROUGH_POS = new Set(['ADV', 'PART']);
const NOMINAL_POS = new Set(['NOUN', 'ADJ', 'NUM', 'PROPN', 'SYM']);
const CLAUSE_END = new Set(['.', ';', ':', '!', '?']);
const PARTICIPLES = new Set([
  'been',
  'had',
  'got',
  'gotten',
  'done',
  'seen',
  'made',
  'said',
  'known',
  'taken',
  'led',
  'run',
  'built',
  'spent',
  'worked',
  'managed',
  'lost',
  'heard',
  'tried',
  'decided',
  'started',
  'helped',
  // What one has done, never how one is: "he's borrowed from you three times" → "I've borrowed…".
  'borrowed',
  'lent',
  'asked',
  'called',
  'missed',
  'paid',
  'promised',
  'sent',
  'told',
  'given',
  'written',
  'bought',
  'sold',
  'left',
  'applied',
  'offered',
  'refused',
  'cancelled',
  'canceled',
  'owed',
  'waited',
  'booked',
  'stopped',
  'finished',
  'completed',
  'visited',
  'contacted',
  'emailed',
  'texted',
  'phoned',
  'earned',
  'saved',
  'failed',
  'passed',
  'skipped',
  'ignored',
  'postponed',
  'signed',
  'quit',
  'won',
]);

/** Participles that stay perfect before "to": "she's been to Paris", "he's had to wait", "she's got to go". */
const STATIVE_PERFECT = new Set([
  'been',
  'had',
  'got',
  'gotten',
  'tried',
  'decided',
  'started',
  'managed',
  'promised',
  'offered',
  'refused',
  'failed',
  'helped',
  'agreed',
]);

/** "pushes" → "push", "carries" → "carry", "insists" → "insist". */
export function baseForm(verb: string): string {
  const lower = verb.toLowerCase();
  const irregular: Record<string, string> = { is: 'am', has: 'have', does: 'do', goes: 'go', was: 'was' };
  const mapped = irregular[lower];
  if (mapped) return matchCase(mapped, verb);
  if (!lower.endsWith('s') || lower.endsWith('ss') || lower.length < 3) return verb;
  if (lower.endsWith('ies')) return verb.slice(0, -3) + 'y';
  if (/(?:sh|ch|x|zz|ss|o)es$/.test(lower)) return verb.slice(0, -2);
  return verb.slice(0, -1);
}

function learnerVerb(verb: string): string {
  const lower = verb.toLowerCase();
  const irregular: Record<string, string> = {
    is: 'are',
    "'s": "'re",
    was: 'were',
    has: 'have',
    does: 'do',
    am: 'are',
    "'m": "'re",
  };
  const mapped = irregular[lower];
  if (mapped) return mapped;
  return baseForm(verb) === verb ? verb : baseForm(verb);
}

function matchCase(word: string, like: string): string {
  return like[0] && like[0] === like[0].toUpperCase() && like[0] !== like[0].toLowerCase()
    ? word.charAt(0).toUpperCase() + word.slice(1)
    : word;
}

function isThirdSingular(token: NlpToken | undefined): boolean {
  if (!token) return false;
  if (token.pos !== 'VERB' && token.pos !== 'AUX') return false;
  if (['is', 'has', 'does', "'s"].includes(token.lower)) return true;
  return token.lower.endsWith('s') && !token.lower.endsWith('ss') && token.lemma !== token.lower;
}

/**
 * Rewrites a third-person description of the persona into the persona's own voice. With
 * `impliedSubject`, the text is a subjectless clause ("Won't accept X", "Insists on Y") and gets "I".
 */
export function toFirstPerson(
  text: string,
  refs: PersonaRefs,
  options: { impliedSubject?: boolean; midSentence?: boolean } = {},
): string {
  const tokens = readText(text).tokens;
  const out: Out[] = [];
  let agreement: Agreement = null;
  let personaClause = false;
  let sentenceStart = options.midSentence !== true;
  const learnerNouns = new Set(refs.learnerNouns.map((n) => n.toLowerCase()));

  const push = (value: string, pre: string): void => {
    out.push({
      value: sentenceStart && /^[a-z]/.test(value) ? value[0]!.toUpperCase() + value.slice(1) : value,
      pre,
    });
    sentenceStart = false;
  };

  if (options.impliedSubject) {
    push('I', '');
    agreement = 'persona';
    personaClause = true;
  }

  for (let i = 0; i < tokens.length; i += 1) {
    const t = { ...tokens[i]! };
    const next = tokens[i + 1];
    const pre = out.length === 0 ? '' : t.pre || (i === 0 && options.impliedSubject ? ' ' : t.pre);
    const implied = options.impliedSubject === true && i === firstNonAdverb(tokens);
    if (
      options.midSentence &&
      i === 0 &&
      /^[A-Z][a-z]/.test(t.value) &&
      t.pos !== 'PROPN' &&
      !refs.names.some((n) => n.startsWith(t.value))
    ) {
      t.value = t.value.toLowerCase();
    }

    // The persona's name as subject or possessive.
    const nameLength = matchName(tokens, i, refs.names, refs.surname);
    if (nameLength > 0) {
      const after = tokens[i + nameLength];
      if (
        after?.lower === "'s" &&
        !isThirdSingular(tokens[i + nameLength + 1]) &&
        tokens[i + nameLength + 1]?.pos !== 'VERB'
      ) {
        push(sentenceStart ? 'My' : 'my', pre);
        i += nameLength;
      } else {
        push('I', pre);
        agreement = 'persona';
        personaClause = true;
        i += nameLength - 1;
      }
      continue;
    }

    const lower = t.lower;
    if (lower === 'he' || lower === 'she') {
      push('I', pre);
      agreement = 'persona';
      personaClause = true;
      continue;
    }
    if (lower === "'s" && out[out.length - 1]?.value === 'I') {
      const at = tokens.findIndex((n, k) => k > i && !PASS_THROUGH_POS.has(n.pos));
      const following = at < 0 ? undefined : tokens[at];
      // "she's asked to" and "he's told by" are passive ("is asked to"); "she's asked for a raise" has asked.
      const passive =
        ['to', 'by'].includes(tokens[at + 1]?.lower ?? '') && !STATIVE_PERFECT.has(following?.lower ?? '');
      push(following && PARTICIPLES.has(following.lower) && !passive ? "'ve" : "'m", '');
      agreement = null;
      continue;
    }
    if (lower === 'his') {
      push(
        next && (NOMINAL_POS.has(next.pos) || next.pos === 'VERB' || next.pos === 'ADV') ? 'my' : 'mine',
        pre,
      );
      continue;
    }
    if (lower === 'her') {
      const prevPos = tokens[i - 1]?.pos;
      const objectSlot =
        !next ||
        ['PUNCT', 'ADP', 'DET', 'CCONJ', 'SCONJ', 'PRON', 'AUX', 'PART'].includes(next.pos) ||
        (next.pos === 'VERB' &&
          !next.lower.endsWith('ing') &&
          prevPos === 'VERB' &&
          tokens[i + 2]?.value !== '-') ||
        ['how', 'what', 'why', 'when', 'where', 'that', 'to', 'too', 'first', 'again', 'back'].includes(
          next.lower,
        ) ||
        (next.lower === 'right' && tokens[i + 2]?.lower === 'now');
      push(objectSlot ? 'me' : 'my', pre);
      continue;
    }
    if (lower === 'him') {
      push('me', pre);
      continue;
    }
    if (lower === 'himself' || lower === 'herself') {
      push('myself', pre);
      continue;
    }

    // "the candidate" → "you".
    // "the candidate", "the new developer" → "you".
    const adjective = next?.pos === 'ADJ' && ['new', 'junior', 'young', 'other'].includes(next.lower) ? 1 : 0;
    const noun = tokens[i + 1 + adjective];
    if (
      lower === 'the' &&
      noun &&
      learnerNouns.has(noun.lower) &&
      // "the candidate pool" is not the learner; "the candidate structures their day" is.
      !isCompound(tokens[i + 2 + adjective], tokens[i + 3 + adjective]) &&
      tokens[i + 2 + adjective]?.pos !== 'PROPN'
    ) {
      const possessive = tokens[i + 2 + adjective]?.lower === "'s";
      push(possessive ? 'your' : 'you', pre);
      i += (possessive ? 2 : 1) + adjective;
      if (!possessive) agreement = 'learner';
      continue;
    }
    if (refs.meIsLearner && !(options.impliedSubject && out.length === 1 && i === 0)) {
      const learner: Record<string, string> = { me: 'you', my: 'your', mine: 'yours', myself: 'yourself' };
      const replaced = learner[lower];
      if (replaced) {
        push(replaced, pre);
        continue;
      }
    }
    if (refs.theyIsLearner) {
      const swap: Record<string, string> = {
        they: 'you',
        them: 'you',
        their: 'your',
        theirs: 'yours',
        themselves: 'yourself',
      };
      const replaced = swap[lower];
      if (replaced) {
        push(replaced, pre);
        if (lower === 'they') agreement = 'learner';
        continue;
      }
    }

    // Verb agreement with the new subject.
    if (agreement) {
      const verbLike = t.pos === 'VERB' || t.pos === 'AUX' || implied;
      if (verbLike) {
        let value: string;
        if (agreement === 'persona') {
          if (MODALS.has(lower)) value = implied ? lower : t.value;
          else if (lower === 'is' && next?.lower === "n't") {
            value = 'am';
            push(value, pre);
            push('not', ' ');
            i += 1;
            agreement = null;
            continue;
          } else
            value =
              implied || isThirdSingular(t) || (t.pos === 'VERB' && /[^siu]s$/.test(lower))
                ? baseForm(implied ? lower : t.value)
                : t.value;
          if (implied && lower === 'is') value = 'am';
        } else {
          value = MODALS.has(lower) ? t.value : learnerVerb(t.value);
        }
        push(implied ? value.toLowerCase() : value, pre);
        agreement = null;
        continue;
      }
      const nounVerb =
        agreement !== null &&
        t.pos === 'NOUN' &&
        /[^siu]s$/.test(lower) &&
        !!next &&
        ['DET', 'ADP', 'NUM', 'ADJ', 'PRON', 'NOUN'].includes(next.pos);
      if (nounVerb) {
        push(baseForm(t.value), pre);
        agreement = null;
        continue;
      }
      if (!PASS_THROUGH_POS.has(t.pos) && t.value !== ',' && t.pos !== 'NUM') agreement = null;
    }

    // Coordinated verbs share the persona subject: "... and expects", "..., but can offer".
    // A list of the persona's actions: "takes orders by phone, writes them in a diary, and ...".
    if (personaClause && t.value === ',' && isThirdSingular(next)) {
      push(t.value, pre);
      agreement = 'persona';
      continue;
    }
    if (personaClause && t.pos === 'CCONJ' && ['and', 'but', 'or'].includes(lower)) {
      push(t.value, pre);
      let j = i + 1;
      while (tokens[j] && PASS_THROUGH_POS.has(tokens[j]!.pos) && tokens[j]!.lower !== "n't") j += 1;
      const verb = tokens[j];
      if (verb && MODALS.has(verb.lower) && !tokens[i - 1]?.value.match(/^I$/)) {
        push('I', ' ');
        agreement = 'persona';
      } else if (
        isThirdSingular(verb) ||
        (verb?.pos === 'NOUN' &&
          /[^siu]s$/.test(verb.lower) &&
          ['ADP', 'DET', 'NOUN'].includes(tokens[j + 1]?.pos ?? '') &&
          tokens[i - 1]?.pos !== 'ADJ')
      ) {
        agreement = 'persona';
      }
      continue;
    }
    if (CLAUSE_END.has(t.value)) {
      personaClause = false;
      push(t.value, pre);
      if (['.', '!', '?'].includes(t.value)) sentenceStart = true;
      continue;
    }
    if ((t.pos === 'NOUN' || t.pos === 'PROPN' || t.pos === 'PRON') && isThirdSingular(next))
      personaClause = false;
    if (['that', 'which', 'who', 'whose', 'where'].includes(lower)) personaClause = false;

    push(implied ? t.value.toLowerCase() : t.value, pre);
  }
  return contract(out.map((o, i) => (i === 0 ? o.value : o.pre + o.value)).join(''));
}

const ADVERBS = new Set([
  'only',
  'also',
  'still',
  'never',
  'always',
  'just',
  'often',
  'usually',
  'really',
  'rarely',
  'sometimes',
  'even',
  'already',
  'quietly',
  'openly',
  'genuinely',
]);
function firstNonAdverb(tokens: NlpToken[]): number {
  let i = 0;
  while (tokens[i] && ADVERBS.has(tokens[i]!.lower)) i += 1;
  return i;
}

/** A noun right after "the candidate" that makes it a compound ("the graduate training cohort"). */
function isCompound(next: NlpToken | undefined, after: NlpToken | undefined): boolean {
  if (!next || next.pos !== 'NOUN') return false;
  // "brush the error", "structures their day": a verb the tagger read as a noun.
  return !/[^siu]s$/.test(next.lower) && !['DET', 'PRON'].includes(after?.pos ?? '');
}

function matchName(tokens: NlpToken[], i: number, names: string[], surname?: string): number {
  for (const name of names) {
    const parts = name.split(/\s+/);
    if (parts.every((part, k) => tokens[i + k]?.value === part)) return parts.length;
  }
  // A surname alone is the persona only as a subject or possessive ("Tanaka's lab"), not in "Halvorsen & Pike".
  const next = tokens[i + 1];
  if (
    surname &&
    tokens[i]?.value === surname &&
    next &&
    (next.lower === "'s" || next.pos === 'VERB' || next.pos === 'AUX')
  )
    return 1;
  return 0;
}

/** Spoken contractions: "I will not" → "I won't". */
export function contract(text: string): string {
  return text
    .replace(/\bI will not\b/g, "I won't")
    .replace(/\bI (?:cannot|can not)\b/g, "I can't")
    .replace(/\bI do not\b/g, "I don't")
    .replace(/\bI am not\b/g, "I'm not")
    .replace(/\bI am\b(?=\s+[A-Za-z])/g, "I'm")
    .replace(/\bI will\b(?=\s+[A-Za-z])/g, "I'll")
    .replace(/\bI have not\b/g, "I haven't")
    .replace(/\bI wo n't\b/g, "I won't")
    .replace(/\bI ca n't\b/g, "I can't")
    .replace(/\s+n't\b/g, "n't")
    .replace(/\s+([,.;:!?])/g, '$1')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

/**
 * The learner's own words from the persona's side: "I can refund you" → "you can refund me". Used to
 * quote a short piece of what was said.
 */
export function toSecondPerson(text: string): string {
  const tokens = readText(text).tokens;
  const out: string[] = [];
  let subject: 'you' | 'i' | null = null;
  for (let i = 0; i < tokens.length; i += 1) {
    const t = tokens[i]!;
    const next = tokens[i + 1];
    const lower = t.lower;
    const pre = out.length === 0 ? '' : t.pre;
    const emit = (value: string): void => {
      out.push(pre + value);
    };
    if (lower === "i'm") {
      emit("you're");
      continue;
    }
    // "we agreed", "we both" include the persona; "we'll refund it" is the learner's side.
    if (
      lower === 'we' &&
      (/^(?:agreed|discussed|talked|both|all|said|decided|spoke|met)$/.test(next?.lower ?? '') ||
        /^(?:what|suggest|propose|recommend|that)$/.test(tokens[i - 1]?.lower ?? ''))
    ) {
      emit(t.value);
      continue;
    }
    if (lower === 'i' || lower === 'we') {
      emit('you');
      subject = 'you';
      continue;
    }
    // "both of us", "between us" include the persona.
    if (
      lower === 'us' &&
      /^(?:of|between|with)$/.test(tokens[i - 1]?.lower ?? '') &&
      /^(?:both|all|each|two|between|with)$/.test(tokens[i - 2]?.lower ?? tokens[i - 1]?.lower ?? '')
    ) {
      emit(t.value);
      continue;
    }
    const simple: Record<string, string> = {
      me: 'you',
      my: 'your',
      mine: 'yours',
      myself: 'yourself',
      us: 'you',
      our: 'your',
      ours: 'yours',
      ourselves: 'yourselves',
      your: 'my',
      yours: 'mine',
      yourself: 'myself',
    };
    const swapped = simple[lower];
    if (swapped) {
      emit(swapped);
      continue;
    }
    if (lower === 'you') {
      const prev = tokens[i - 1];
      const clauseVerb =
        !!prev &&
        /^(?:think|know|hope|believe|guess|feel|said|say|agree|suggest|mean|understand|see|wish|bet|promise|that|if|when|because|so)$/.test(
          prev.lower,
        );
      const isSubject =
        i === 0 ||
        (!!next &&
          (next.pos === 'AUX' || next.pos === 'VERB') &&
          prev?.pos !== 'ADP' &&
          (prev?.pos !== 'VERB' || clauseVerb));
      emit(isSubject ? 'I' : 'me');
      if (isSubject) subject = 'i';
      continue;
    }
    if (subject) {
      const map: Record<string, Record<string, string>> = {
        you: { am: 'are', "'m": "'re", was: 'were' },
        i: { are: 'am', "'re": "'m", were: 'was' },
      };
      const replaced = map[subject]?.[lower];
      if (replaced) {
        out.push(t.pre + replaced);
        subject = null;
        continue;
      }
      if (!PASS_THROUGH_POS.has(t.pos)) subject = null;
    }
    emit(t.value);
  }
  return out
    .join('')
    .replace(/\s+n't\b/g, "n't")
    .replace(/\bI are\b/g, 'I am')
    .trim();
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A clean sentence: capitalised, single-spaced, ending in punctuation. */
export function finish(text: string): string {
  const tidy = capitalise(
    text
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/[,;:\s]+$/, ''),
  );
  return /[.!?]$/.test(tidy) ? tidy : `${tidy}.`;
}

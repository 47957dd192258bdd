import { splitSentences } from './conversation-state';
import { normalise } from './message-analysis';

/**
 * Keeping the character intact: learner messages that try to take over the model get an in-character
 * deflection, and every reply is checked before it leaves — no talk of being an AI, no scenario
 * internals echoed verbatim, no runaway length.
 */

export const MAX_REPLY_CHARS = 600;

const INJECTION_PATTERNS: RegExp[] = [
  /\b(?:ignore|disregard|forget|override|bypass|skip)\b.{0,40}\b(?:previous|prior|above|earlier|all|your|the|these|those|any|system)\b.{0,30}\b(?:instructions?|prompts?|rules|directions|guidelines|messages|context|programming|constraints|directives|settings)\b/,
  /\b(?:you are|you're|youre) now\b/,
  /\bfrom now on,? (?:you(?:'re| are| will be) (?:an?|my|the)\b|act|respond|answer|reply|speak)\b/,
  /\b(?:pretend|imagine) (?:that )?(?:you are|you're|to be|you were)\b/,
  /\b(?:act|behave|respond|answer) as (?:a|an|if|my|though)\b/,
  /\brole-?play as\b/,
  /\b(?:reveal|show|print|display|output|repeat|dump|share|paste|tell me|give me|list|read out|what (?:is|are|were)|what's)\b.{0,30}\b(?:system (?:prompt|message)|(?:your|the) (?:instructions|prompt|initial prompt|rules|configuration|config|guidelines|programming|hidden (?:goals|instructions|notes)|secret (?:goals|instructions)|real goals|internal (?:goals|notes)|script|persona|character (?:sheet|notes|description)|scenario (?:file|details|description|setup|definition|text)|rubric|objectives list)|holds ?firm ?on|learner ?objectives|strong ?responses|persona ?goals)\b/,
  /\bsystem prompt\b|\bdeveloper mode\b|\bdev mode\b|\bdan mode\b|\bjail ?break\w*\b|\bdo anything now\b|\bsudo\b|\bgod mode\b|\bprompt injection\b/,
  /\bas an ai\b|\bas a (?:large )?language model\b|\blanguage model\b|\bchat ?gpt\b|\bopenai\b|\bllm\b|\bgpt-?\d/,
  /\bare you (?:an? )?(?:ai|a\.i\.|bot|robot|machine|chatbot|real person|human|computer|program|language model)\b|\byou'?re (?:an? |just an? )?(?:ai|bot|robot|chatbot|program)\b/,
  /\b(?:break|drop|step out of|get out of|leave) (?:the |your )?(?:character|role)\b|\bout of character\b|\booc\b|\bstop (?:the )?(?:role-?play\w*|pretending|acting|simulation)\b|\bend (?:the )?(?:role-?play|simulation|exercise|game)\b/,
  // ("How are you finding the new role?" asks after their job; "your new role is to…" hands one over.)
  /\b(?:new|updated|your new|different) (?:instructions|rules|persona|directive)\b|\b(?:your|a) (?:new|different) (?:role|task) (?:is|will be) (?:to|now|as)\b|\b(?:new|updated) (?:role|task)\s*:/,
  /\byour (?:brief|instructions|hidden (?:goals?|agenda|rules)|prompt|script|character sheet)\b|\binstructions you were given\b|\bhidden goals\b/,
  /\bpretend (?:you are|you're|to be)\b|\brespond only in\b|\banswer only in\b|\bin json\b/,
  /\bas (?:the|your) (?:developer|admin|administrator|operator|creator)\b|\bsay "?i am an? (?:ai|language model|bot)\b|\bwhich model\b|\bwhat model\b/,
  /\[\/?inst\]|<\|?(?:system|im_start|im_end|endoftext)\|?>|#{2,}\s*(?:instruction|system)|^\s*system\s*:/m,
];

export function detectInjection(text: string): boolean {
  const lower = normalise(text.slice(0, 4000)).toLowerCase();
  return INJECTION_PATTERNS.some((pattern) => pattern.test(lower));
}

/** Asking whether the character is a machine, rather than trying to reprogram it. */
export function isIdentityProbe(text: string): boolean {
  return /\b(?:are you (?:an? )?(?:ai|bot|robot|machine|chatbot|real|human|computer|program)|you'?re (?:an? )?(?:ai|bot|robot|chatbot)|as an ai)\b/i.test(
    text,
  );
}

/** What the character must never say. */
const OUT_OF_CHARACTER =
  /\b(?:as an ai|an ai\b|a\.i\.|artificial intelligence|language model|chatbot|(?:ai|virtual|digital|helpful) assistant|(?:i'?m|i am) (?:an? |your |just an? )?(?:ai|assistant|bot|program)\b|system prompt|my (?:instructions|programming|prompt|training)|role-?play|simulation|persona|the learner|holds ?firm ?on|learner ?objectives|strong ?responses|openai|chat ?gpt)\b/i;

function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9$%' ]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
}

/** True when a sentence shares a run of `n` words with a hidden text. */
function sharesRun(sentence: string, hidden: string, n: number): boolean {
  const a = words(sentence);
  const b = ` ${words(hidden).join(' ')} `;
  for (let i = 0; i + n <= a.length; i += 1) {
    if (b.includes(` ${a.slice(i, i + n).join(' ')} `)) return true;
  }
  return false;
}

/** Words that, just before a note's text, show it was rephrased into the persona's own voice. */
const OWN_VOICE = new Set([
  'i',
  "i'm",
  "i'll",
  "i'd",
  "i've",
  'to',
  'you',
  'we',
  'me',
  'my',
  'and',
  'but',
  'so',
  'still',
  'really',
  'also',
  'just',
]);

/** A scenario note repeated as written ("Wants a named person..."), not rephrased ("I want a named person..."). */
function echoesNote(sentence: string, note: string): boolean {
  const key = ` ${words(sentence).join(' ')} `;
  const noteKey = ` ${words(note).join(' ')} `;
  const at = key.indexOf(noteKey);
  if (at === -1) return false;
  const before = key.slice(0, at).trim().split(' ').pop() ?? '';
  return !OWN_VOICE.has(before);
}

export interface Internals {
  /** Scenario notes (positions, goals) that must never appear whole. */
  notes: readonly string[];
  /** Texts about the learner's side (objectives, model answers) that must not be echoed at all. */
  coaching: readonly string[];
}

/**
 * The final check on a reply: drops any sentence that breaks character or echoes scenario internals,
 * and trims to whole sentences within the length limit. Returns the fallback when nothing is left.
 */
export function sanitiseReply(reply: string, internals: Internals, fallback: string): string {
  const kept: string[] = [];
  let length = 0;
  for (const sentence of splitSentences(reply.replace(/\s+/g, ' ').trim())) {
    if (OUT_OF_CHARACTER.test(sentence)) continue;
    if (internals.notes.some((note) => echoesNote(sentence, note))) continue;
    if (internals.coaching.some((text) => sharesRun(sentence, text, 8))) continue;
    const clipped = sentence.length > MAX_REPLY_CHARS ? clip(sentence, MAX_REPLY_CHARS - 1) : sentence;
    if (length + clipped.length + (kept.length ? 1 : 0) > MAX_REPLY_CHARS) break;
    kept.push(clipped);
    length += clipped.length + (kept.length > 1 ? 1 : 0);
  }
  return kept.length ? kept.join(' ') : fallback;
}

function clip(sentence: string, max: number): string {
  const cut = sentence.slice(0, max);
  const at = Math.max(cut.lastIndexOf(', '), cut.lastIndexOf(' '));
  return `${cut.slice(0, at > max / 2 ? at : max).replace(/[,;:\s]+$/, '')}.`;
}

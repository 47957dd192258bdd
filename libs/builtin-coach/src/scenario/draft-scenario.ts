import type { DraftScenarioBody, ScenarioDefinition, ScenarioDraft } from '@parley/contracts';
import { analyseText } from '../text/nlp';

/*
 * "Draft it for me" without a model: the catalogue scenarios closest to the learner's situation (by the
 * words they share, rarer words counting more) lend their other person's wants, firm positions, the
 * learner's objectives, difficulty and tags. Lines that name a person, a figure or a place of their own
 * scenario are passed over, so what is borrowed fits any situation; figures in the learner's own text
 * become a firm limit.
 */

const STOP = new Set(
  `a an and are as at be been but by can could did do does for from had has have he her him his how i if in
  into is it its me my of on or our she so than that the their them then there they this to up us was we
  were what when who will with would you your about after again all also am any because before being both
  each few more most much no not now off once only other over same should some such too under until very
  want wants need needs going get got just like really one two`.split(/\s+/),
);

export function wordsOf(text: string): string[] {
  return (text.toLowerCase().match(/[a-z][a-z'-]+/g) ?? [])
    .map((w) =>
      w
        .replace(/'s$/, '')
        .replace(/(ies)$/, 'y')
        .replace(/(?<=[a-z]{3}[^su])s$/, ''),
    )
    .filter((w) => w.length > 2 && !STOP.has(w));
}

/** Words that say which kind of conversation a situation is, whatever else it shares with a scenario. */
const CATEGORY_HINTS: Array<[ScenarioDefinition['category'], RegExp]> = [
  [
    'salary-negotiation',
    // "a raise", never "raise it with the manager".
    /\b((?:a|my|the|pay|your|his|her|their) raise|raise (?:of|to)|salary|pay ?rise|pay|compensation|counter-?offer|offers?|offer letter|equity|bonus|sign-?on)\b/i,
  ],
  ['job-interviews', /\b(interview\w*|recruiter|hiring manager|candidate)\b/i],
  [
    'customer-service',
    /\b(customer|refund|complaint|(?:my|the|her|his|their|our|an|wrong|late|broken) orders?|delivery|support ticket)\b/i,
  ],
  ['sales', /\b(pitch|prospect|demo|deal|renewal|quota|buyer)\b/i],
  ['giving-feedback', /\b(feedback|performance review|underperform\w*|direct report)\b/i],
  ['setting-boundaries', /\b(boundar\w*|say no|overtime|weekends?|workload|after hours)\b/i],
  [
    'conflict-resolution',
    /\b(conflict|argument|roommate|flatmate|housemate|neighbou?r|disagree\w*|credit for)\b/i,
  ],
  ['team-meetings', /\b(meeting|stand-?up|agenda|presentation|status update)\b/i],
  ['networking', /\b(networking|conference|introduc\w+|mentor|coffee chat)\b/i],
  ['crisis-management', /\b(crisis|outage|breach|press|journalist|recall)\b/i],
  ['executive-communication', /\b(board|ceo|cfo|investors?|executive)\b/i],
];

/** The kinds of conversation a situation's own words say it is. */
export function kindsOf(text: string): Set<ScenarioDefinition['category']> {
  return new Set(CATEGORY_HINTS.filter(([, re]) => re.test(text)).map(([c]) => c));
}

function documentOf(s: ScenarioDefinition): string[] {
  return wordsOf(
    [s.title, s.description, s.tags.join(' '), s.userRole, s.aiRole, s.category.replace(/-/g, ' ')].join(' '),
  );
}

/** The catalogue scenarios closest to a situation, best first. */
export function closestScenarios(
  text: string,
  catalogue: readonly ScenarioDefinition[],
  count = 3,
): ScenarioDefinition[] {
  const docs = catalogue.map((s) => new Set(documentOf(s)));
  const df = new Map<string, number>();
  for (const doc of docs) for (const w of doc) df.set(w, (df.get(w) ?? 0) + 1);
  const query = new Set(wordsOf(text));
  const hinted = kindsOf(text);
  const scored = catalogue.map((s, i) => {
    let score = hinted.has(s.category) ? 10 : 0;
    for (const w of query) if (docs[i]!.has(w)) score += Math.log((catalogue.length + 1) / (df.get(w) ?? 1));
    return { s, score };
  });
  return scored
    .sort((a, b) => b.score - a.score || a.s.id.localeCompare(b.s.id))
    .slice(0, count)
    .map((x) => x.s);
}

/**
 * A line general enough to move to another scenario: no figures, no names of its own, and no rare word
 * (one few catalogue scenarios use, such as "illustrator") that the learner's situation does not use.
 */
export function isPortable(
  line: string,
  source: ScenarioDefinition,
  rare: (word: string) => boolean = () => false,
): boolean {
  // Figures and quoted words are their own scenario's ("Answer 'will there be more?' honestly").
  if (/[\d$€£%"“”‘]|(^|\s)'|'(\s|$|[?!.,])/.test(line)) return false;
  // So are someone's contact details ("stop using your personal number").
  if (/\b(?:personal|phone|mobile|home|private|work) (?:number|email|address|phone)\b/i.test(line))
    return false;
  if (wordsOf(line).some(rare)) return false;
  const name = source.persona.name.split(/\s+/)[0] ?? '';
  if (name && line.includes(name)) return false;
  // A capitalised word after the first is usually a name, a company or a product.
  return !line
    .split(/\s+/)
    .slice(1)
    .some((w) => /^[A-Z][a-z]/.test(w) && !/^(I|I'm|I'll|I've|I'd)$/.test(w));
}

/**
 * Words that fit any conversation: what people do, want and weigh in one, never who they are, where they
 * work or what the talk is about. A borrowed line may use these and the situation's own words, nothing else,
 * so "Decide whether to stay", a "payment date" or "the customer" never reach a situation without them.
 */
const GENERIC = new Set(
  wordsOf(`accept accountable acknowledge action actions actual actually add address affected again agree agreed
  alone already alternative alternatives another answer answers anyone anything apologise apology approach
  appropriate ask asked asking assess away back bad based better between beyond blame blaming briefly build
  busy calm calmly can't cannot care case cause change changing check checked clarify clear clearly come coming
  commit commitment communicate communication concern concerns concrete conditions confidence confident confirm
  consider consistent control conversation correct credible criteria current date dates decide decision
  decisions defend defending defensive describe detail details directly discuss discussion doing done down
  during earlier early effort else end engage engaged entirely equal even every everyone evidence exactly
  example examples exception expect experience explain explaining explanation explore express facts factually
  fair fairly fast feel feeling few final find finding firm first fit fix follow follow-up formal forward frame
  front full further future general genuine genuinely give given go goal goals good goodwill gracefully handle
  handled happen happened hard having hear heard help higher history hold honest honestly immediately impact
  including information informed insight insist instead involved issue it's keep key know knowing knowledge
  known language later least let limit limited listen long look looking made make making matter meaningful
  mean meet might minute minutes mistake move moving must named never next number ones open option options
  outcome own ownership part past person personal personally plain plainly plan point politely position
  possible practical present press pressure pressured priority problem problems process promise promising
  propose protect protected provide push pushing put question questions quick quickly rather reach real
  realistic reason reasons recognise recognised record reduce reduced refuse reject relationship reliable
  repeating request resist resolution respect respectful respectfully respond response responsibility rest
  right risk risks root rule rules safe say see seem seen separate set setting share shared short show shown
  simple situation slow someone something speak specific specifically specific speed split spot start state
  stated statement still stop story strong structured suggest support supported sure take talk talking tell
  terms thank there's thing things thoughtful three through time timeline times timing today together told
  track trade trade-off transparent treated trust try turn understand unless upfront use useful using vague
  value wait welcome went what's where whether which while why within without won't words writing written wrong
  yes you'll you're yourself avoid out step new may way asks pushes gets learn needed acknowledged trade-offs
  doesn't isn't count behind above challenge joint interest people extra secure quantify they'll they're
  they'd`),
);

/** How a person is, in words that fit anyone: the other person's character borrowed from a catalogue persona. */
const CHARACTER = new Set(
  wordsOf(`analytical anger angry anxious appreciate becomes believe bit calms candid cautious collaborative composed
  courteous criticism curious decisive deeply demanding dislike eager easily embarrassed emotional enjoy
  enthusiastic especially friendly frustrated generous gently gruff guarded hate helpful honesty hostile humility
  hurt impatient kind likes little loyal loyalty openly opens passionate patient persistent persuasive polite
  prepared protective proud quiet quietly reserved respected responds seriously sharp slightly softens sounds
  straight stressed stubborn supportive suspicious sympathetic tested think tired tough underneath used visibly
  warm warms wary well worried accountability appeals fairness firmly direct sceptical skeptical pushback`),
);

/** What a relationship brings with it: a direct report implies work and a team, a landlord a home and its repairs. */
const SETTINGS: Array<[RegExp, string]> = [
  [
    /\b(manager|boss|team lead|supervisor|colleague|co-?worker|teammate|direct report|employee|intern|ceo|cfo|cto|director|vp|hr|team)\b/i,
    'work job team role performance project meeting feedback workload',
  ],
  [/\b(manager|boss|supervisor|ceo|cfo|cto|director|vp)\b/i, 'approval approve'],
  [/\b((?:a|my|the|pay|your) raise|pay ?rise|promotion)\b/i, 'already-doing'],
  [/\b(ceo|cfo|cto|board|investors?|executive)\b/i, 'business company results numbers recommendation'],
  [/\b(flatmate|roommate|housemate|landlord|tenant|neighbou?r)\b/i, 'home house apartment'],
  [/\b(landlord|tenant)\b/i, 'rent repair repairs property'],
  [/\b(client|vendor|supplier|contractor|freelanc\w*)\b/i, 'work project business contract'],
  [/\b(customer|refund|complaint)\b/i, 'service company policy product'],
  [/\b(recruiter|hiring manager|interview\w*|job offer)\b/i, 'work job role company start-date'],
  [
    /\b(recruiter|hiring manager|job offer|offer letter|an offer)\b/i,
    'offer candidate hire hiring package pay base salary bonus sign-on accept decline',
  ],
  [/\b(doctor|gp|nurse|dentist|appointment)\b/i, 'health care treatment appointment'],
  [/\b(sell|sales|cold call\w*|prospect|pitch)\b/i, 'business product sales'],
];

/** Words that name the same thing: a situation saying one lets a line say the other. */
const SAME = [
  'salary pay compensation',
  'flatmate roommate housemate',
  'neighbour neighbor',
  'money finance financial',
  'refund money',
  'raise increase',
].map((group) => new Set(wordsOf(group)));

/** The situation as the lines borrowed for it must fit: its words, its setting, and the other person. */
export interface SituationFit {
  /** The situation's own words, with those naming the same thing. */
  own: Set<string>;
  /** Words the situation's relationships imply ("work" for a direct report). */
  implied: Set<string>;
  /** The other person as the situation names them. */
  other?: OtherPerson;
  /** Acronyms the situation writes ("CEO", "HR"). */
  acronyms: Set<string>;
  /** The pronoun the situation uses for the other person, when it uses only one kind. */
  pronoun?: 'he' | 'she';
  /** The situation's words that it uses as a thing (a noun) somewhere, with those naming the same thing. */
  things: Set<string>;
  /** The situation as written. */
  text: string;
}

/** Someone's own people, named by whose they are. */
const SOMEONES_PEOPLE =
  /\b(?:his|her|their|your)\s+(parents?|mother|father|mum|mom|dad|wife|husband|partner|kids?|children|sons?|daughters?|family|brother|sister|boss|manager)\b/gi;

/**
 * The words a text uses as a thing, in the forms of `wordsOf`: "his work" has one, "work on it" none. With
 * `gerunds`, an -ing word counts too, as "her cleaning week" names the cleaning whatever the tagger says.
 */
function thingsIn(text: string, gerunds = false): Set<string> {
  const out = new Set<string>();
  for (const token of analyseText(text).tokens)
    if (token.pos === 'NOUN' || token.pos === 'PROPN' || (gerunds && /ing$/i.test(token.value)))
      for (const w of wordsOf(token.value)) out.add(w);
  return out;
}

/**
 * The words a line uses as a thing that the situation only does or describes with: "Quantify the extra
 * work" for "what he can work on to get more minutes" speaks of another matter, whatever the letters share.
 */
function otherSenses(line: string, fit: SituationFit): string[] {
  return [...thingsIn(line)].filter((w) => fit.own.has(w) && !fit.things.has(w));
}

export function situationFit(situation: string): SituationFit {
  const own = new Set(wordsOf(situation));
  for (const group of SAME) if ([...group].some((w) => own.has(w))) for (const w of group) own.add(w);
  const implied = new Set(SETTINGS.filter(([re]) => re.test(situation)).flatMap(([, w]) => wordsOf(w)));
  const he = /\b(he|him|his|himself)\b/i.test(situation);
  const she = /\b(she|her|hers|herself)\b/i.test(situation);
  const other = otherPerson(situation);
  const acronyms = new Set(situation.match(/\b[A-Z]{2,}\b/g) ?? []);
  const things = thingsIn(situation, true);
  for (const group of SAME) if ([...group].some((w) => things.has(w))) for (const w of group) things.add(w);
  return {
    own,
    implied,
    other,
    acronyms,
    pronoun: he === she ? undefined : he ? 'he' : 'she',
    things,
    text: situation,
  };
}

/** Words after "her" that show it is the object ("give her a reason", "let her know"), not the possessive. */
const AFTER_OBJECT =
  /^(a|an|the|some|any|more|enough|to|for|with|about|from|and|or|that|if|when|before|after|on|in|at|as|back|up|down|out|off|know|feel|see|explain|decide|understand|agree|be|time|what|why|how|whether)$/i;

/** Third-person verb forms to the plural: "cares" → "care", "pushes" → "push", "tries" → "try". */
const PLURAL_OF: Record<string, string> = {
  is: 'are',
  was: 'were',
  has: 'have',
  does: 'do',
  "doesn't": "don't",
  "isn't": "aren't",
  "wasn't": "weren't",
  "hasn't": "haven't",
};
const MODAL = /^(can|can't|cannot|could|couldn't|will|won't|would|wouldn't|should|must|might|may)$/i;
const ADVERB = /^(\w+ly|never|always|still|only|also|just|already|often|rarely)$/i;

function pluralVerb(verb: string): string | undefined {
  const lower = verb.toLowerCase();
  if (PLURAL_OF[lower]) return PLURAL_OF[lower];
  if (MODAL.test(verb)) return verb;
  if (/ies$/.test(lower)) return verb.slice(0, -3) + 'y';
  if (/(ss|sh|ch|x|z|o)es$/.test(lower)) return verb.slice(0, -2);
  if (/[^s]s$/.test(lower)) return verb.slice(0, -1);
  return undefined;
}

function withCase(word: string, like: string): string {
  return /^[A-Z]/.test(like) ? word.charAt(0).toUpperCase() + word.slice(1) : word;
}

/**
 * A line about another scenario's "she" or "he" told about this situation's other person: in the pronoun the
 * learner used, or "they" when they used none; undefined when the verb after it cannot be matched safely.
 */
export function inPronoun(line: string, pronoun: 'he' | 'she' | 'they'): string | undefined {
  const tokens = line.split(/(\s+)/);
  const at = (i: number) => tokens[i]?.replace(/[^A-Za-z'-]/g, '') ?? '';
  for (let i = 0; i < tokens.length; i += 2) {
    const token = tokens[i]!;
    const word = at(i);
    const lower = word.toLowerCase();
    const swap = (to: string) => {
      tokens[i] = token.replace(word, withCase(to, word));
    };
    const possessive =
      lower === 'his' || (lower === 'her' && !AFTER_OBJECT.test(at(i + 2)) && at(i + 2) !== '');
    if (/^(he|she)$/.test(lower)) {
      if (pronoun !== 'they') swap(pronoun);
      else {
        let j = i + 2;
        while (ADVERB.test(at(j)) && !MODAL.test(at(j))) j += 2;
        const plural = pluralVerb(at(j));
        if (!plural) return undefined;
        tokens[j] = tokens[j]!.replace(at(j), plural);
        swap('they');
      }
    } else if (/^(he|she)('s|'ll|'d)$/.test(lower)) {
      const tail = lower.slice(lower.indexOf("'"));
      swap(pronoun === 'they' ? (tail === "'s" ? "they're" : `they${tail}`) : `${pronoun}${tail}`);
    } else if (/^(himself|herself)$/.test(lower)) {
      swap(pronoun === 'they' ? 'themselves' : pronoun === 'he' ? 'himself' : 'herself');
    } else if (lower === 'hers') {
      swap(pronoun === 'they' ? 'theirs' : pronoun === 'he' ? 'his' : 'hers');
    } else if (lower === 'him' || lower === 'his' || lower === 'her') {
      const to = possessive
        ? { they: 'their', he: 'his', she: 'her' }[pronoun]
        : { they: 'them', he: 'him', she: 'her' }[pronoun];
      swap(to);
    }
  }
  return tokens.join('');
}

/** Words that are one thing together: "the start date" is a new job's, though "start" and "date" are general. */
const COMPOUNDS: Array<[RegExp, string]> = [
  [/\bstart dates?\b/gi, 'start-date'],
  [/\balready doing\b/gi, 'already-doing'],
];

/** A line's words, compounds joined. */
function lineWords(line: string): string[] {
  return wordsOf(COMPOUNDS.reduce((text, [re, joined]) => text.replace(re, joined), line));
}

/** Whether a line, as told about this situation, uses only its words, its setting's and general ones. */
export function fitsSituation(
  line: string,
  fit: SituationFit,
  general: ReadonlySet<string> = GENERIC,
): boolean {
  // A line that names the other person's relationship speaks of someone else ("take it to the CEO" to the CEO).
  if (fit.other && new RegExp(`\\b${fit.other.relation}s?\\b`, 'i').test(line)) return false;
  // An acronym is a role or a body of its own ("your VP", "HR") unless the situation names it.
  if ((line.match(/\b[A-Z]{2,}\b/g) ?? []).some((a) => !fit.acronyms.has(a))) return false;
  if (otherSenses(line, fit).some((w) => !fit.implied.has(w) && !general.has(w))) return false;
  // "Keep his parents from finding out": someone's own people are their scenario's story, unless the
  // situation speaks of that person's people too ("her kids" in a situation about her kids).
  for (const [, noun] of line.matchAll(SOMEONES_PEOPLE))
    if (!new RegExp(`\\b(?:his|her|their|your)\\s+${noun}`, 'i').test(fit.text)) return false;
  return lineWords(line).every((w) => fit.own.has(w) || fit.implied.has(w) || general.has(w));
}

/**
 * Whether a line speaks of what the situation itself names, beyond general words: two of its words, not
 * one. "Won't keep this from their team for more than a few days" shares only "team" with a request for
 * Wednesdays off, and is another scenario's story.
 */
function topical(line: string, fit: SituationFit): boolean {
  const other = otherSenses(line, fit);
  const named = new Set(
    lineWords(line).filter((w) => fit.own.has(w) && !GENERIC.has(w) && !other.includes(w)),
  );
  return named.size >= 2;
}

/** Whether two lines say much the same ("Give specific examples of the errors" twice). */
function alike(a: string, b: string): boolean {
  const x = new Set(wordsOf(a));
  const y = new Set(wordsOf(b));
  const shared = [...x].filter((w) => y.has(w)).length;
  return shared / Math.max(1, Math.min(x.size, y.size)) >= 0.6;
}

/** How many scenarios of the situation's own kind lend lines of general words. */
const KINDRED = 5;

/**
 * Lines for one field from the closest scenarios, each told in the situation's pronoun, and only those
 * that fit it: first those that speak of something the situation names, closest scenario first, then
 * (for the learner's objectives only) lines of general words from the closest scenarios of the situation's
 * own kind. Such a line from another
 * kind is passed over however close its scenario: "Confirm what happens next and how she can come back"
 * is a shop's line, wrong for a patient. Fewer lines (general ones, and the learner's own) rather than
 * another scenario's story.
 */
function borrow(
  sources: readonly ScenarioDefinition[],
  kindred: readonly ScenarioDefinition[],
  field: 'personaGoals' | 'holdsFirmOn' | 'learnerObjectives',
  max: number,
  fit: SituationFit,
  rare: (word: string) => boolean,
): string[] {
  const lines: string[] = [];
  const take = (from: readonly ScenarioDefinition[], wanted: (line: string) => boolean) => {
    for (const s of from)
      for (const original of s[field]) {
        if (lines.length >= max || !isPortable(original, s, rare)) continue;
        const line = inPronoun(original, fit.pronoun ?? 'they');
        if (line && fitsSituation(line, fit) && wanted(line) && !lines.some((l) => alike(l, line)))
          lines.push(line);
      }
  };
  take(sources, (line) => topical(line, fit));
  // The other person's aims and stances are their own story: a line of general words from another
  // scenario ("Can't commit to as much time as before") is someone else's, and general lines fill in.
  if (field === 'learnerObjectives') take(kindred, () => true);
  return lines;
}

/** The other person's character from the closest personas, in sentences that fit anyone. */
function characterFor(
  sources: readonly ScenarioDefinition[],
  kindred: readonly ScenarioDefinition[],
  fit: SituationFit,
): string {
  const general = new Set([...GENERIC, ...CHARACTER]);
  const fits = (sentence: string | undefined, s: ScenarioDefinition): sentence is string =>
    !!sentence &&
    /^[A-Z][a-z]/.test(sentence) &&
    wordsOf(sentence).length >= 2 &&
    isPortable(sentence, s) &&
    fitsSituation(sentence, fit, general);
  // A persona's first sentence says who they are ("Thoughtful, calm and fair."); the next, from the same
  // persona, how they move, so that the two never disagree.
  for (const s of [...kindred, ...sources]) {
    const [first, ...rest] = (s.persona.personality.match(/[^.!?]+[.!?]+/g) ?? []).map((found) =>
      inPronoun(found.trim(), fit.pronoun ?? 'they'),
    );
    if (!fits(first, s)) continue;
    const next = rest.find((sentence) => fits(sentence, s));
    return next ? `${first} ${next}` : first;
  }
  return 'Reasonable, with a view of their own; listens when treated with respect.';
}

/** A title in the learner's words: the situation's first sentence, or its first clause when that is long. */
export function titleFrom(situation: string): string {
  const sentence = situation
    .trim()
    .split(/(?<=[.!?])\s/)[0]!
    .replace(/[.!?]+$/, '');
  const clause = sentence.length > 80 ? sentence.split(/\s*[;:—–]\s*|,\s+/)[0]! : sentence;
  return capitalise(cut(clause, 80));
}

/** Money, percentages and counted amounts written in the situation. */
export function figuresIn(text: string): string[] {
  const found =
    text.match(
      /(?:[$€£]\s?\d[\d,.]*\s?(?:k|m|thousand|million)?\b)|(?:\b\d[\d,.]*\s?(?:%|percent|k\b|thousand|dollars|euros|pounds|days|weeks|hours))/gi,
    ) ?? [];
  return [...new Set(found.map((f) => f.trim()))].slice(0, 3);
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function mostCommon<T>(values: readonly T[]): T | undefined {
  const counts = new Map<T, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
}

export function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const slice = text.slice(0, max - 1);
  return `${slice.slice(0, Math.max(slice.lastIndexOf(' '), max / 2)).trimEnd()}…`;
}

const RELATIONS =
  'direct report|manager|boss|team lead|supervisor|colleague|coworker|co-worker|teammate|flatmate|roommate|housemate|neighbou?r|landlord|tenant|client|customer|recruiter|hiring manager|interviewer|ceo|cfo|cto|board|investor|partner|friend|mentor|vendor|supplier|contractor|employee|intern|teacher|doctor|owner|prospect|buyer|director';

interface OtherPerson {
  /** As the situation names them: "direct report", "small bakery owner". */
  role: string;
  /** The relationship alone: "direct report", "owner". */
  relation: string;
  /** Whether the learner wrote "my" or "our" ("Your direct report") rather than "a" or "the". */
  mine: boolean;
}

function otherPerson(situation: string): OtherPerson | undefined {
  const found = new RegExp(`\\b(my|our|the|a|an)\\s+((?:[a-z-]+\\s+){0,2}?)(${RELATIONS})\\b`, 'i').exec(
    situation,
  );
  if (!found) return undefined;
  const upper = (role: string) => role.replace(/\b(ceo|cfo|cto)\b/gi, (r) => r.toUpperCase());
  const relation = upper(found[3]!.toLowerCase());
  // Words between the article and the relationship stay when they say which one ("new", "bakery").
  const role = upper(`${found[2]!.toLowerCase()}${found[3]!.toLowerCase()}`);
  return { role, relation, mine: /^(my|our)$/i.test(found[1]!) };
}

/** The other person as the learner's situation names them: "my direct report Sam" → "direct report". */
export function otherPersonIn(situation: string): string | undefined {
  return otherPerson(situation)?.role;
}

/** A word in this few catalogue scenarios' goals and objectives belongs to them, not to the learner's. */
const RARE_AT_MOST = 3;

/**
 * When the other person is the one being served (a customer, a client, a patient), they are the one who
 * asks: "say what you need" would be their line, not the learner's. A "customer service manager" serves, and
 * a learner who is the customer is not serving the one they talk to.
 */
/** Something gone wrong that the one served wants put right. */
const COMPLAINT =
  /\b(?:complain\w*|broken|broke|faulty|damaged|defective|late|delayed|wrong|refund\w*|missing|lost|overcharged|charged twice|mistake|error|cancell?ed|never (?:arrived|came|turned up)|not working|stopped working|leak\w*|mou?ld|doesn'?t work|fault\w*|stuck|stranded|outage|bill|unhappy|not happy|disappointed|upset|angry|furious|smell\w*|dirty|noisy|noise|dispute\w*|overbook\w*|double[- ]booked|fully booked)\b/i;
const SERVED =
  /\b(customer|client|guest|caller|patient|buyer|shopper|passenger|member)s?\b(?!['\u2019]?\s*(?:service|services|support|care|success|experience|relations|liaison|advisor|adviser|manager|team|desk|agent|officer|representative|rep)\b)/i;

/**
 * What the other person wants and what the learner aims for, true of any hard conversation: when the
 * learner is the one asking, and when the learner serves the one who asks.
 */
const GENERAL_LINES = {
  asking: {
    goals: [
      'Understand exactly what is being asked and why',
      'Hear what the other person suggests',
      'Understand what the change would mean for them in practice',
    ],
    first: 'Say clearly what you need and why',
    last: 'Agree a concrete next step and when it happens',
  },
  serving: {
    goals: [
      'Get the problem put right, quickly',
      'Know when it will be sorted',
      'Not be passed from one person to another',
    ],
    first: 'Acknowledge the problem before explaining anything',
    last: 'Offer a concrete remedy and say when it will happen',
  },
} as const;

/** "neighbour" → "the neighbour"; "the other person" stays as it is (never "the the other person"). */
const theOther = (other: string): string =>
  /^(?:the|my|your|our|his|her|their)\s/i.test(other) ? other : `the ${other}`;

function generalLines(serving: boolean, other: string): { goals: string[]; objectives: string[] } {
  const lines = GENERAL_LINES[serving ? 'serving' : 'asking'];
  return {
    goals: [...lines.goals],
    objectives: [lines.first, `Listen to ${theOther(other)}'s side and ask open questions`, lines.last],
  };
}

export function draftScenario(
  body: DraftScenarioBody,
  catalogue: readonly ScenarioDefinition[],
): ScenarioDraft {
  const situation = [body.title ?? '', body.description].join(' ');
  // Lines are borrowed from the twenty closest, nearest first; the first three lend difficulty and tags.
  const sources = closestScenarios(situation, catalogue, 20);
  const closest = sources.slice(0, 3);
  if (!closest[0]) throw new Error('the catalogue is empty');
  const fit = situationFit(situation);
  const kinds = kindsOf(situation);
  const kindred = sources.filter((s) => kinds.has(s.category)).slice(0, KINDRED);
  const used = new Map<string, number>();
  for (const s of catalogue)
    for (const w of new Set(wordsOf([...s.personaGoals, ...s.holdsFirmOn, ...s.learnerObjectives].join(' '))))
      used.set(w, (used.get(w) ?? 0) + 1);
  const rare = (w: string) => !fit.own.has(w) && (used.get(w) ?? 0) <= RARE_AT_MOST;
  // Roles left empty: the other person as the situation names them ("my direct report Sam"), not the
  // closest scenario's own ("Senior financial analyst in another department").
  const aiRole =
    body.aiRole?.trim() ||
    (fit.other ? `${fit.other.mine ? 'Your' : 'The'} ${fit.other.role}` : 'The other person');
  const userRole = body.userRole?.trim() || 'You';
  // The learner's own words for who they talk to come first: "a doctor's note" in a gym's situation names a
  // third person, not the membership manager the learner is talking to.
  const other =
    (body.aiRole?.trim() ? (otherPersonIn(body.aiRole) ?? 'the other person') : fit.other?.role) ??
    'the other person';
  // A client told of a rate rise is no customer with a fault to put right: served lines need a complaint.
  const general = generalLines(
    SERVED.test(`${aiRole} ${fit.other?.role ?? ''}`) && !SERVED.test(userRole) && COMPLAINT.test(situation),
    other,
  );
  const atLeast = (lines: string[], general: string[], min: number) => {
    for (const line of general) if (lines.length < min && !lines.includes(line)) lines.push(line);
    return lines;
  };
  const figures = figuresIn(body.description);
  // What the other person holds firm on is their own story, which the situation does not tell: another
  // scenario's stance ("Counts this as revision round one of two", "won't keep this from the team") is never
  // lent. The figures in play, and how anyone behaves, are all that is drafted.
  const holdsFirmOn = [...saidByThem(body.description), UNSAID_FIRM_LINE];
  if (figures.length)
    holdsFirmOn.unshift(
      `Holds firm on the figures in play (${figures.join(', ')}) and moves only for a concrete, specific reason.`,
    );
  // Tags that name only what the situation has ("refund", "conflict"), not another scenario's trade.
  const tagWords = new Set(wordsOf(TAG_WORDS));
  const tags = [...new Set(closest.flatMap((s) => s.tags.map((t) => t.toLowerCase())))]
    .filter(
      (tag) =>
        fitsSituation(tag, fit, tagWords) && wordsOf(tag).some((w) => fit.own.has(w) || tagWords.has(w)),
    )
    .slice(0, 4);
  const fillers = [
    PERSONAL.test(situation) ? 'personal' : 'workplace',
    fit.other?.relation.toLowerCase() ?? 'practice',
  ];
  for (const tag of fillers) if (tags.length < 2 && !tags.includes(tag)) tags.push(tag);
  return {
    title: body.title?.trim() || titleFrom(body.description),
    userRole,
    aiRole,
    persona: cut(`${capitalise(aiRole)} in this situation. ${characterFor(sources, kindred, fit)}`, 400),
    // The other person's aims are their own story too: "Fill this weekend's shift" is a rota manager's, not a
    // sister's who borrows the car. General aims only (ADR 0039).
    personaGoals: general.goals.slice(0, 2),
    holdsFirmOn: holdsFirmOn.slice(0, 4),
    learnerObjectives: atLeast(
      borrow(sources, kindred, 'learnerObjectives', 3, fit, rare),
      general.objectives,
      2,
    ),
    difficulty: mostCommon(closest.map((s) => s.difficulty)) ?? 'Intermediate',
    tags,
    source: 'builtin',
    basedOn: closest.map((s) => ({ id: s.id, title: s.title })),
  };
}

/** "He says he's hardly in", "My boss insists the date can't move": what the situation says the other person holds. */
const SAID_BY_THEM =
  /\b(?:[Hh]e|[Ss]he|[Tt]hey|[A-Z][a-z]+|(?:[Mm]y|[Oo]ur|[Tt]he) [a-z]+)\s+(?:says|said|claims|claimed|insists|insisted|reckons|reckoned|argues|argued|keeps saying|kept saying|tells me|told me|maintains)\s+(?:that\s+)?([^.;!?]{4,120})/g;
/**
 * A promise the other person made, reported: "he'd pay it back", "she would call", "they'll sort it". ("She
 * can't afford it" and "he would never" are what they hold.)
 */
const PROMISE_REPORTED =
  /^(?:he|she|they|I|we)(?:'d|'ll| would| will| could| can| was going to| were going to)(?![\w'’])(?!\s+(?:not|never)\b)/i;

/** The learner's own words in the situation, as the scenario's lines name the learner: "you". */
const LEARNER_WORDS: ReadonlyArray<[RegExp, string]> = [
  [/\bI'm\b/g, "you're"],
  [/\bI am\b/g, 'you are'],
  [/\bI've\b/g, "you've"],
  [/\bI'd\b/g, "you'd"],
  [/\bI'll\b/g, "you'll"],
  [/\bI\b/g, 'you'],
  [/\bmy\b/gi, 'your'],
  [/\bmine\b/gi, 'yours'],
  [/\bme\b/gi, 'you'],
];

/**
 * What the situation itself says the other person says, claims or insists: their stance in the learner's
 * own account, the one stance a draft holds (ADR 0039). Cut at the first clause that goes on to something
 * else ("…, but he uses the heater all night").
 */
export function saidByThem(situation: string): string[] {
  const lines: string[] = [];
  for (const m of situation.matchAll(SAID_BY_THEM)) {
    const clause = m[1]!
      .split(/,?\s+(?:but|so|and (?:I|we)|which|although|though|because|even though)\b|,\s+/)[0]!
      .trim();
    if (clause.split(/\s+/).length < 2 || /^(?:to|it'?s (?:fine|ok))\b/i.test(clause)) continue;
    // "He said he'd pay it back by September" tells of a promise made, which is no view they argue now.
    if (PROMISE_REPORTED.test(clause)) continue;
    const turned = LEARNER_WORDS.reduce((text, [pattern, to]) => text.replace(pattern, to), clause);
    lines.push(`Argues that ${turned}.`);
  }
  return [...new Set(lines)].slice(0, 2);
}

/**
 * What anyone holds to when the situation names nothing firmer: how they behave, which the partner never
 * says as a stance of its own ("I won't agree to anything vague" out of nowhere).
 */
export const UNSAID_FIRM_LINE =
  'Will ask for concrete details and a clear reason before they agree to anything.';

/** Relationships outside work: their drafts are tagged "personal", all others "workplace". */
const PERSONAL =
  /\b(flatmate|roommate|housemate|landlord|tenant|neighbou?r|partner|friend|doctor|family|wife|husband|mum|mom|dad|sister|brother)\b/i;

/** Tag words that name a kind of conversation, true of any situation of that kind. */
const TAG_WORDS = 'conflict negotiation boundaries empathy compromise difficult conversations';

import { forOne, questionFor } from './agenda-bank';
import { CUSTOM_SCENARIO_PREFIX, type ScenarioCategory, type ScenarioDefinition } from '@parley/contracts';
import { anchorIn, parsePosition, type Anchor, type FirmPosition } from './firm-positions';
import { extractFigures, type Figure } from '../text/figures';
import { contentTerms, readText } from '../text/nlp';
import { capitalise, contract, finish, toFirstPerson, type PersonaRefs } from './perspective';
import { hashString } from '../text/prng';

export { conditionMet } from './firm-positions';
export type { Anchor, AnchorDirection, FirmPosition } from './firm-positions';

/**
 * What the engine knows about the character it plays, read once from the scenario and rewritten into
 * the character's own voice: positions it holds firm on (and what would move it), goals it pursues,
 * facts about itself it may share or keep back, and its verbal habits.
 */

export type GoalKind = 'information' | 'outcome' | 'evaluative' | 'hidden';

export interface PersonaGoal {
  index: number;
  kind: GoalKind;
  /** First-person form, null when the persona would not say it. */
  statement: string | null;
  /** The why behind the goal, when the scenario gives it: "Because the service I paid for was not delivered." */
  reason: string | null;
  anchor: Anchor | null;
  terms: Set<string>;
  /** What the learner says that settles this goal, whatever words they use. */
  doneWhen?: RegExp;
  /**
   * What the persona guards rather than asks for ("Keep working with the illustrator", "Avoid HR
   * involvement"): said when asked what it wants, never volunteered out of nowhere.
   */
  motive?: boolean;
}

export type Sensitivity = 'public' | 'personal' | 'confidential';

export interface PersonaFact {
  statement: string;
  sensitivity: Sensitivity;
  terms: Set<string>;
}

export interface PersonaVoice {
  /** Short interjections: "oh totally", "no worries". */
  openers: string[];
  /** Questions the persona habitually asks. */
  questions: string[];
  /** Remarks that fit when the learner commits to something specific: "I'm writing this down." */
  noteTaking: string[];
  /** Remarks that ask for precision: "Please be specific." */
  precision: string[];
  /** Other things the persona typically says: "It was just a busy week." */
  remarks: string[];
}

export type Stakes = 'low' | 'medium' | 'high';

/** An AI role that answers to the learner: "Junior analyst who reports to you", "Stock associate on your shift". */
const ANSWERS_TO_YOU =
  /\b(?:(?:who|that) (?:reports|works|answers) (?:directly )?(?:to|for|under) you|reports? to you|(?:on|in) your (?:(?:floor )?team|shift|crew|staff|ward|squad|department|unit)|(?:(?:who|whom) )?you (?:mentor|manage|supervise|train|coach)\b|your (?:direct )?reports?\b|your (?:intern|apprentice|trainee|mentee|employee|assistant|new hire|junior)|you(?:'re| are) (?:precepting|mentoring|training|supervising|managing))\b/i;

/** An AI role close to the learner: "Your friend who keeps cancelling", "Priti, my sister", "My flatmate". */
const CLOSE_TO_YOU =
  /\b(?:your|my)\s+(?:[\w-]+\s+){0,2}?(?:friend|best mate|(?:room|flat|house)mate|partner|boyfriend|girlfriend|husband|wife|fianc[ée]e?|sister|brother|sibling|mum|mom|mother|dad|father|son|daughter|grand(?:parent|mother|father)|aunt|uncle|cousin|(?:mother|father|sister|brother)-in-law|ex(?:-partner|-wife|-husband)?)\b|^(?:(?:older|younger|big|little)\s+)?(?:friend|best mate|roommate|flatmate|housemate|sister|brother|sibling|cousin|boyfriend|girlfriend|husband|wife)\b|^(?:mum|mam|mom|mother|dad|father|son|daughter|gran|granny|nan|nana|grandma|grandad|grandpa|grand(?:mother|father|parent)|aunt(?:ie)?|uncle)\b(?!\s+(?:of|to|from|at|in|who)\b)/i;

/**
 * A buyer with no organisation behind them ("Shopper with back pain and low trust", "Homeowner choosing a
 * listing agent"), where the other side of a sale usually buys for a company.
 */
function speaksAlone(scenario: ScenarioDefinition): boolean {
  const aiRole = scenario.aiRole;
  return (
    scenario.category === 'sales' &&
    /^(?:(?:a|an|the)\s+)?(?:[\w-]+\s+){0,2}?(?:shopper|homeowner|buyer|customer|donor|patient|tenant|guest|passenger|diner|parent|student|traveller|traveler|member|caller)\b/i.test(
      aiRole,
    ) &&
    !/\b(?:at|for) (?:a|an|the)\b|\b(?:manager|director|head|officer|owner|buyer for|procurement|vp|chief|ceo|cfo|founder)\b/i.test(
      aiRole,
    )
  );
}

export interface PersonaProfile {
  id: string;
  name: string;
  firstName: string;
  category: ScenarioCategory;
  /** A scenario the learner wrote: the partner speaks as anyone in that seat, not as a catalogue kind. */
  own: boolean;
  /**
   * The persona has an offer on the table (a job offer, a quote): "the offer stands" and "let me send over
   * the updated offer" are its words; a manager asked for a raise has made none.
   */
  offerMade: boolean;
  /**
   * The persona answers to the learner (a report, a trainee, someone on the learner's shift): a plain
   * instruction from the learner is taken, and "How long has this been bothering you?" is not theirs to ask.
   */
  answersToLearner: boolean;
  /** The persona speaks only for themselves (a shopper, a homeowner): no "us", no boss to answer to. */
  alone: boolean;
  /** Someone close to the learner (a friend, family, a partner, a flatmate): "Thanks for your time" is not theirs. */
  close: boolean;
  stakes: Stakes;
  positions: FirmPosition[];
  goals: PersonaGoal[];
  facts: PersonaFact[];
  voice: PersonaVoice;
  /** Figures the persona put on the table in its opening line. */
  openingFigures: Figure[];
  /** Figures the situation itself states ("my £1,200 deposit"): both sides know them. */
  situationFigures: Figure[];
  /** What the conversation is about, for steering back: "the offer". */
  topic: string;
  /** Every content term in the scenario, to tell on-topic from off-topic. */
  vocabulary: Set<string>;
  /** Phrases from the scenario that must never be echoed whole (internal notes). */
  internals: string[];
}

const CATEGORY_TOPIC: Record<ScenarioCategory, string> = {
  'job-interviews': 'the interview',
  'customer-service': 'sorting this out',
  sales: 'what you are proposing',
  'team-meetings': 'the meeting',
  'conflict-resolution': 'what we were talking about',
  networking: 'what you wanted to talk about',
  'salary-negotiation': 'the offer',
  'giving-feedback': 'what you wanted to tell me',
  'setting-boundaries': 'what we were discussing',
  'executive-communication': 'the decision in front of us',
  'crisis-management': 'the situation',
};

const BASE_LEARNER_NOUNS = [
  'candidate',
  'caller',
  'rep',
  'agent',
  'associate',
  'advisor',
  'adviser',
  'learner',
  'applicant',
  'interviewee',
  'employee',
  'newcomer',
  'person',
  'user',
];

const byObject = new WeakMap<ScenarioDefinition, PersonaProfile>();
/** Scenarios arrive as fresh objects per request; the same content reuses the same profile. */
const byContent = new Map<string, PersonaProfile>();
const CONTENT_CACHE_LIMIT = 300;

export function personaProfile(scenario: ScenarioDefinition): PersonaProfile {
  const cached = byObject.get(scenario);
  if (cached) return cached;
  const key = `${scenario.id}:${hashString(JSON.stringify(scenario))}`;
  const profile = byContent.get(key) ?? build(scenario);
  if (!byContent.has(key)) {
    if (byContent.size >= CONTENT_CACHE_LIMIT) byContent.delete(byContent.keys().next().value ?? '');
    byContent.set(key, profile);
  }
  byObject.set(scenario, profile);
  return profile;
}

/** A role as the noun it names, without its article or possessive: "My landlord" → "landlord". */
export function roleNoun(aiRole: string): string {
  return aiRole.trim().replace(/^(?:my|your|our|the|a|an)\s+/i, '');
}

function build(scenario: ScenarioDefinition): PersonaProfile {
  const name = scenario.persona.name.trim();
  const parts = name.split(/\s+/);
  const title = /^(?:dr|mr|mrs|ms|mx|prof|professor|sir|dame)\.?$/i.test(parts[0] ?? '')
    ? parts[0]
    : undefined;
  const given = title ? parts.slice(1) : parts;
  // A person who goes by their role (an own scenario where the learner named no one) is "your landlord"
  // in the partner's mouth, never "I'm Landlord".
  const role = roleNoun(scenario.aiRole);
  const firstName =
    name.toLowerCase() === role.toLowerCase() ? `your ${role.toLowerCase()}` : (given[0] ?? name);
  const lastName = given.length > 1 ? given[given.length - 1] : undefined;
  const names = [
    ...new Set([name, given.join(' '), ...(title && lastName ? [`${title} ${lastName}`] : []), firstName]),
  ];
  const learnerNouns = [...BASE_LEARNER_NOUNS, ...learnerHeadNoun(scenario.userRole)];
  const interviewLike = scenario.category === 'job-interviews' || scenario.category === 'networking';
  // A situation the learner wrote in the first person ("my flatmate hasn't paid…"): their "me" and "my"
  // stay theirs when the partner speaks from its own fields.
  const unquoted = scenario.description
    .replace(/["“][^"”]*["”]/g, ' ')
    .replace(/(^|\s)['‘][^'’]*['’](?=\W|$)/g, ' ');
  const meIsLearner = /\b(?:i|me|my)\b/i.test(unquoted);
  const textRefs: PersonaRefs = { names, surname: lastName, learnerNouns, theyIsLearner: false, meIsLearner };
  const itemRefs: PersonaRefs = {
    names,
    surname: lastName,
    learnerNouns,
    theyIsLearner: interviewLike,
    meIsLearner,
  };

  const positions = scenario.holdsFirmOn.map((raw, index) => parsePosition(raw, index, itemRefs));
  const asked = new Set<string>();
  const goals = scenario.personaGoals.map((raw, index) =>
    parseGoal(raw, index, itemRefs, scenario.category, asked, own(scenario), speaksAlone(scenario)),
  );
  for (const position of positions) {
    const elsewhere = [
      ...positions.filter((p) => p !== position).map((p) => p.terms),
      ...goals.map((g) => g.terms),
    ];
    for (const term of position.terms)
      if (term.length >= 5 && !elsewhere.some((t) => t.has(term))) position.keyTerms.add(term);
  }
  const facts = parseFacts(ownBackground(scenario), textRefs);
  // An own scenario borrows its personality and speaking style from the closest catalogue scenario: the
  // lines quoted there are another character's ("Is salary the only thing on your mind?"), never said.
  const voice = own(scenario)
    ? parseVoice('')
    : parseVoice(`${scenario.persona.speakingStyle} ${scenario.persona.personality}`);

  const vocabulary = new Set<string>();
  for (const text of [
    scenario.title,
    scenario.description,
    scenario.openingLine,
    scenario.persona.background,
    scenario.aiRole,
    scenario.userRole,
    ...scenario.personaGoals,
    ...scenario.holdsFirmOn,
    ...scenario.learnerObjectives,
    ...scenario.strongResponses,
    ...scenario.tags,
  ]) {
    for (const term of contentTerms(text)) vocabulary.add(term);
  }

  return {
    id: scenario.id,
    name,
    firstName,
    category: scenario.category,
    own: own(scenario),
    offerMade: /\b(?:offer(?:ed|s)?|quote[sd]?|proposal)\b/i.test(
      [scenario.title, scenario.description, scenario.openingLine, ...scenario.personaGoals].join(' '),
    ),
    answersToLearner: ANSWERS_TO_YOU.test(scenario.aiRole),
    close: CLOSE_TO_YOU.test(scenario.aiRole),
    alone: speaksAlone(scenario),
    stakes: stakesOf(scenario),
    positions,
    goals,
    facts,
    voice,
    openingFigures: extractFigures(scenario.openingLine),
    situationFigures: extractFigures(scenario.description),
    topic: CATEGORY_TOPIC[scenario.category],
    vocabulary,
    internals: [
      ...scenario.holdsFirmOn,
      ...scenario.learnerObjectives,
      ...scenario.strongResponses,
      ...scenario.personaGoals,
    ],
  };
}

/** A scenario the learner wrote: its situation is theirs, in their words. */
function own(scenario: ScenarioDefinition): boolean {
  return scenario.id.startsWith(CUSTOM_SCENARIO_PREFIX);
}

/**
 * What the persona knows about itself: its background, without the situation the learner described
 * (an own scenario's background ends "The situation: <the learner's description>") and without any
 * sentence of the scenario's description, which is the learner's brief, never the persona's story.
 */
function ownBackground(scenario: ScenarioDefinition): string {
  const background = scenario.persona.background.split(/\bThe situation:/)[0] ?? '';
  const described = sentenceKeyOf(scenario.description);
  return readText(background)
    .sentences.map((s) => s.text.trim())
    .filter((s) => {
      const key = sentenceKeyOf(s);
      return key.length < 12 || !described.includes(key);
    })
    .join(' ');
}
const sentenceKeyOf = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

function stakesOf(scenario: ScenarioDefinition): Stakes {
  if (scenario.category === 'crisis-management' || scenario.difficulty === 'Advanced') return 'high';
  if (scenario.difficulty === 'Beginner') return 'low';
  return 'medium';
}

/** "Customer support agent at an online shop" → "agent"; "Graduate receiving an offer" → "graduate". */
function learnerHeadNoun(userRole: string): string[] {
  const head =
    userRole.split(
      /\s+(?:at|for|of|in|with|who|on|from|receiving|weighing|joining|asking|exploring|living|sharing|caring|running|leading)\s+|,/i,
    )[0] ?? '';
  const last = head.trim().split(/\s+/).pop()?.toLowerCase();
  return last && /^[a-z-]{4,}$/.test(last) && !['member', 'part', 'head', 'side'].includes(last)
    ? [last]
    : [];
}

const fp = (text: string, refs: PersonaRefs): string => toFirstPerson(text, refs, { midSentence: true });

/* ---------- goals ---------- */

const HIDDEN_GOAL =
  /\b(avoid (?:talking|feeling|telling|discussing|having to explain)|admit\w*|hide|hiding|conceal\w*|reveal\w*|leverage|frame|seen as|look like|appear\w*|be liked|lose face|embarrass\w*|struggl\w*|short on money|secret\w*|without (?:revealing|admitting|letting)|pride|save face|feel judged|blame|convincingly|persuasively|(?:sell|pitch|spin|talk up|play up|play down|downplay) (?:the|its|his|her|their|our)\b|without (?:raising|increasing|adding to|going over) (?:the |its |his |her |their |our )?(?:\w+ )?budget)\b/i;
/** Goals about the conversation itself ("Have a pleasant chat during the break"): steer, never said. */
const META_GOAL =
  /\b(?:pleasant|chat|small talk|this conversation|the conversation|the call|the meeting|efficiently|on time|in under|under (?:a|one|two|\d+) minutes?|keep it (?:short|brief)|\d+-minute|minutes? slot)\b/i;
const EVALUATIVE = /^(decide|assess|gauge|judge|test|probe|evaluate|verify|identify|catch|only|spot)\b/i;
const INFORMATION =
  /^(understand|find out|know|hear|learn|see|establish|check|confirm|get a sense|find|make sure|figure out|determine)\b/i;

const GOAL_LEADS: Array<[RegExp, string]> = [
  [/^get\s+/i, "I'm hoping to get "],
  [/^keep\s+/i, 'I need to keep '],
  [/^understand\s+/i, 'I need to understand '],
  [/^find out\s+/i, 'I want to find out '],
  [/^have\s+/i, "I'd like to have "],
  [/^know\s+/i, 'I need to know '],
  [/^hear\s+/i, 'I want to hear '],
  [/^protect\s+/i, 'I have to protect '],
  [/^make sure\s+/i, 'I need to make sure '],
  [/^be\s+/i, 'I want to be '],
  [/^check\s+/i, 'I want to check '],
  [/^confirm\s+/i, 'I need to confirm '],
  [/^stay\s+/i, 'I want to stay '],
  [/^secure\s+/i, 'I need to secure '],
  [/^see\s+/i, 'I want to see '],
  [/^learn\s+/i, "I'd like to learn "],
  [/^establish\s+/i, 'I need to establish '],
  [/^avoid\s+/i, 'I want to avoid '],
  [/^present\s+/i, 'I want to show you '],
  [/^show\s+/i, 'I need to show '],
  [/^not\s+/i, "I don't want to "],
  [/^feel\s+/i, 'I want to feel '],
  [/^decide\s+/i, 'I still have to decide '],
  // "Prefer a lump sum over open-ended reimbursement": a preference, said as one.
  [/^prefer\s+/i, "I'd prefer "],
  [/^like\s+/i, "I'd like "],
  [/^(\w+)\s+/i, 'I want to $1 '],
];

/** Aims that keep, avoid or stay: what the persona guards, not something it asks of the learner. */
const MOTIVE = /^(?:keep|maintain|avoid|stay|protect|preserve|not|feel|be|limit|minimi[sz]e)\b/i;

const WHETHER =
  /^(?:understand|find out|know|learn|see|check|confirm|establish)\s+(?:whether|if)\s+(.+?)\s+(will|would|can|could|is|are|was|were|has|have|does|do)\s+(.+)$/i;

/** A yes-or-no aim turned into the question itself, subject and verb inverted. */
/** The verb of a question put to "you": "has" → "have", "is" → "are". */
const YOU_FORM: Record<string, string> = { has: 'have', is: 'are', was: 'were', does: 'do' };

function askWhether(text: string, refs: PersonaRefs): string | null {
  const m = WHETHER.exec(text);
  if (!m?.[1] || !m[2] || !m[3] || m[1].split(/\s+/).length > 4) return null;
  const subject = fp(m[1], refs);
  const rest = fp(m[3], refs);
  // "whether the person has done…" asked of them: "Have you done…?", never "Has you…".
  const verb = m[2].toLowerCase();
  const asked = /^you$/i.test(subject) ? (YOU_FORM[verb] ?? verb) : verb;
  return `${capitalise(asked)} ${subject} ${rest}?`;
}

function parseGoal(
  raw: string,
  index: number,
  refs: PersonaRefs,
  category: ScenarioCategory,
  asked: Set<string>,
  ownScenario = false,
  alone = false,
): PersonaGoal {
  const text = raw.trim().replace(/\.$/, '');
  let kind: GoalKind = 'outcome';
  if (HIDDEN_GOAL.test(text) || /^(?:frame|hide|use)\b/i.test(text)) kind = 'hidden';
  else if (EVALUATIVE.test(text) || META_GOAL.test(text)) kind = 'evaluative';
  else if (INFORMATION.test(text)) kind = 'information';

  let statement: string | null = null;
  // What the persona is finding out or assessing, it asks about in its own words; it never reads its
  // private aim aloud ("I want to find at least one concrete example…").
  if (kind === 'information' || kind === 'evaluative') {
    const terms = contentTerms(raw);
    // "Understand whether this will happen again before she orders for Christmas" is a question the
    // persona can ask in its own words: "Will this happen again before I order for Christmas?"
    const whether = askWhether(text, refs);
    if (whether) return { index, kind, statement: whether, reason: null, anchor: anchorIn(raw), terms };
    const question = questionFor(category, terms, asked, ownScenario);
    return {
      index,
      kind,
      statement: question ? (alone ? forOne(question.ask) : question.ask) : null,
      reason: null,
      anchor: anchorIn(raw),
      terms,
      ...(question?.done ? { doneWhen: question.done } : {}),
    };
  }
  if (kind !== 'hidden') {
    // "Present the benefits package as part of the value" → "Remember, the benefits package is part of the value."
    const presentAs = /^present\s+(.+?)\s+as\s+(.+)$/i.exec(text);
    if (presentAs?.[1] && presentAs[2])
      statement = finish(`Remember, ${fp(presentAs[1], refs)} is ${fp(presentAs[2], refs)}`);
    for (const [lead, replacement] of statement ? [] : GOAL_LEADS) {
      const match = lead.exec(text);
      if (!match) continue;
      const prefix = replacement.replace('$1', (match[1] ?? '').toLowerCase());
      const rest = fp(text.slice(match[0].length), refs);
      statement = finish(contract(`${prefix}${rest}`));
      break;
    }
  }
  const because =
    kind === 'hidden' ? undefined : /\b(?:because|since|so that)\s+(?!of\b)(.+)$/i.exec(text)?.[1];
  const reason = because ? finish(`Because ${fp(because.trim(), refs)}`) : null;
  const motive = MOTIVE.test(text);
  return { index, kind, statement, reason, anchor: anchorIn(raw), terms: contentTerms(raw), motive };
}

/* ---------- background facts ---------- */

const CONFIDENTIAL =
  /\b(approved band|the band|salary band|pay band|band for|budget|ceiling|walk-?away|bottom line|sign-?off|authori[sz]\w*|can go (?:up )?to|could go (?:up )?to|up to|can approve|has room|room to|flexib\w*|without (?:extra )?approval|approval|maximum|limit|quota|target|desperate|under pressure|has been told|was told|privately|secretly|quietly|doesn't (?:realise|realize|know)|does not (?:realise|realize|know)|hasn't told|has not told|won't admit|another offer|competing offer|interviewing|has an offer|considering leaving|thinking (?:about|of) leaving|leverage|bluff\w*|real reason|actually|cover\w* (?:it|this|that|up)\b|hid(?:e|es|ing) (?:it|this|that|how)|mask\w*|pretend\w*|deflect\w*|puts? on a (?:brave )?face)\b/i;
const PERSONAL =
  /\b(afraid|fear\w*|worr\w*|anxious|insecure|embarrass\w*|ashamed|struggl\w*|short on money|behind on|broke|debt|divorc\w*|sick|illness|surgery|grief|died|death|passed away|burn(?:ed|t)? out|exhausted|stress\w*|caring for|carer|pregnan\w*|health|lonely|overwhelmed|insecurity|resent\w*|hurt)\b/i;
const TITLES = new Set([
  'director',
  'head',
  'vp',
  'chief',
  'ceo',
  'cfo',
  'coo',
  'cio',
  'cto',
  'cmo',
  'cco',
  'president',
  'chair',
  'dr',
  'dr.',
  'professor',
  'mayor',
  'owner',
]);

function parseFacts(background: string, refs: PersonaRefs): PersonaFact[] {
  const doc = readText(background);
  return (
    doc.sentences
      .flatMap((s) => clausesOfNotes(s.text.trim(), refs))
      .filter((s) => s.length > 8)
      .map((sentence) => {
        const sensitivity: Sensitivity = CONFIDENTIAL.test(sentence)
          ? 'confidential'
          : PERSONAL.test(sentence)
            ? 'personal'
            : 'public';
        return {
          statement: finish(factToFirstPerson(sentence, refs)),
          sensitivity,
          terms: contentTerms(sentence),
        };
      })
      // Only what reads as a sentence someone says: "Team lead of a six-person team…" has no speaker.
      .filter((fact) => SPOKEN_FACT.test(fact.statement))
  );
}
/**
 * A persona written as notes, the name and then what they are ("Liam, sales rep, sociable, thinks the
 * music helps the team"): only the notes that say what the person does or thinks are facts, each said
 * with the name as its subject ("Liam thinks the music helps the team"); a title or a trait on its own is
 * no sentence anyone says ("I, sales rep, sociable").
 */
function clausesOfNotes(sentence: string, refs: PersonaRefs): string[] {
  const lead = /^([A-Z][\w'-]+(?: [A-Z][\w'-]+)?),\s+(.+)$/.exec(sentence);
  if (!lead?.[1] || !lead[2] || !refs.names.includes(lead[1])) return [sentence];
  const notes = lead[2].replace(/[.!]+$/, '').split(/\s*,\s*(?:and\s+)?|\s+and\s+(?=[a-z]+s\b)/);
  return notes.flatMap((note) => {
    const first = readText(note).tokens[0];
    const verb = first && first.pos === 'VERB' && /s$/.test(first.lower) && !/ss$/.test(first.lower);
    return verb ? [`${lead[1]} ${note}.`] : [];
  });
}

const SPOKEN_FACT =
  /^(?:i|i'm|i've|i'd|i'll|my|we|we're|we've|our|the|this|that|it|it's|there|they|they're|he|she|his|her|their|a|an|most|every|all|some|no|none|nobody|everyone|[A-Z][a-z]+ (?:is|was|has|had|will|runs|works|wants))\b/i;

/** Words that open a job title rather than a verb phrase: "Lead UX researcher", "Managing director". */
const TITLE_OPENERS = new Set([
  'lead',
  'managing',
  'acting',
  'interim',
  'executive',
  'deputy',
  'assistant',
  'associate',
  'founding',
  'head',
  'chief',
  'principal',
  'senior',
  'junior',
  'staff',
  'general',
  'regional',
  'national',
  'area',
  'district',
  'former',
  'retired',
  'night',
  'charge',
  'owner',
  'partner',
  'founder',
  'co-founder',
]);

function factToFirstPerson(sentence: string, refs: PersonaRefs): string {
  const tokens = readText(sentence).tokens;
  const head = tokens[0];
  const second = tokens[1];
  if (!head) return sentence;
  const mentionsPersona = refs.names.some((n) => sentence.startsWith(n)) || /^(?:she|he)\b/i.test(sentence);
  if (mentionsPersona) return fp(sentence, refs);
  const headLower = head.lower;
  const titleLike =
    TITLE_OPENERS.has(headLower) ||
    ['NOUN', 'PROPN', 'ADJ', 'NUM'].includes(head.pos) ||
    /^[A-Z]{2,}$/.test(head.value) ||
    /^(?:a|an)$/.test(headLower);
  // "Hosts a weekly podcast", "Founded two companies": a verb with the persona as understood subject.
  const verbLike =
    !TITLE_OPENERS.has(headLower) &&
    (head.pos === 'VERB' ||
      head.pos === 'AUX' ||
      (/[^s]s$/.test(headLower) && !!second && ['DET', 'NUM', 'ADJ', 'PRON'].includes(second.pos)));
  if (verbLike && !/ing$/.test(headLower)) return toFirstPerson(sentence, refs, { impliedSubject: true });

  const firstVerb = tokens.findIndex(
    (t, i) =>
      i > 0 &&
      (t.pos === 'VERB' || t.pos === 'AUX') &&
      !/^[A-Z]/.test(t.value) &&
      !/ing$/.test(t.lower) &&
      (!/ed$/.test(t.lower) ||
        (['NOUN', 'PROPN'].includes(tokens[i - 1]?.pos ?? '') &&
          ['PRON', 'DET'].includes(tokens[i + 1]?.pos ?? ''))),
  );
  const firstBreak = tokens.findIndex(
    (t) => t.value === ',' || t.value === ';' || ['who', 'whose', 'with', 'which', 'that'].includes(t.lower),
  );
  const fragment = firstVerb === -1 || (firstBreak !== -1 && firstBreak < firstVerb);
  if (titleLike && fragment && !/^(?:the|her|his|their|my|your|its)$/i.test(head.value)) {
    const converted = fp(sentence, refs);
    const lead = /^(?:a|an)\s/i.test(converted)
      ? converted.replace(/^A\b/, 'a').replace(/^An\b/, 'an')
      : /^[A-Z][a-z]/.test(converted) &&
          (!(second && /^[A-Z]/.test(second.value)) || TITLE_OPENERS.has(headLower))
        ? converted.charAt(0).toLowerCase() + converted.slice(1)
        : converted;
    // "A nurse for twelve years" has been one; "a teacher who has taken the paper for eleven years" is one.
    const head = lead.split(/[,;]|\b(?:who|whose|which|that|with)\b/i)[0] ?? lead;
    const duration = /\bfor (?:\w+|\d+) (?:years|months)\b/.test(head);
    const opener = duration ? "I've been" : "I'm";
    const bare = (lead.split(/\s+/)[0] ?? '').toLowerCase().replace(/[^a-z.-]/g, '');
    if (/^(?:a|an)\s/.test(lead) || TITLES.has(bare) || (/s$/.test(bare) && !/ss$/.test(bare)))
      return `${opener} ${lead}`;
    return `${opener} ${article(lead)} ${lead}`;
  }
  return fp(sentence, refs);
}

function article(phrase: string): string {
  const word = phrase.split(/\s+/)[0] ?? '';
  if (/^[A-Z]{2,}/.test(word)) return /^[AEFHILMNORSX]/.test(word) ? 'an' : 'a';
  return /^[aeiou]/i.test(word) && !/^(?:uni|eu|one|use)/i.test(word) ? 'an' : 'a';
}

/* ---------- voice ---------- */

function parseVoice(style: string): PersonaVoice {
  const voice: PersonaVoice = { openers: [], questions: [], noteTaking: [], precision: [], remarks: [] };
  const quotes = [...style.matchAll(/(?<![\p{L}])['"“‘](.{2,90}?)['"”’](?![\p{L}])/gu)].map((m) =>
    (m[1] ?? '').trim(),
  );
  for (const quote of quotes) {
    const words = quote.split(/\s+/).length;
    if (/\.\.\.|…|\b(?:him|her|he|she)\b/i.test(quote) && !quote.endsWith('?')) continue;
    if (quote.endsWith('?')) voice.questions.push(capitalise(quote));
    else if (/\b(?:writing|noted|note that|hold you|in writing)\b/i.test(quote))
      voice.noteTaking.push(finish(capitalise(quote)));
    else if (/\b(?:specific|exactly|example|precise|concrete|real number)\b/i.test(quote))
      voice.precision.push(finish(capitalise(quote)));
    else if (
      words <= 3 &&
      !/\d/.test(quote) &&
      /^(?:oh|no|honestly|totally|absolutely|right|okay|look|well|sure|listen|mm|yeah|of course|fair|got it|i see|let me|no worries|totally understand)\b/i.test(
        quote,
      )
    ) {
      voice.openers.push(quote.replace(/[.,!]+$/, ''));
    } else if (words >= 3 && words <= 12) voice.remarks.push(finish(capitalise(quote)));
  }
  return voice;
}

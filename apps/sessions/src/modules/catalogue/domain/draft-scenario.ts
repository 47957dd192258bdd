import type { DraftScenarioBody, ScenarioDefinition, ScenarioDraft } from '@parley/contracts';

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
    /\b(raise|salary|pay ?rise|pay|compensation|counter-?offer|offers?|offer letter|equity|bonus|sign-?on)\b/i,
  ],
  ['job-interviews', /\b(interview\w*|recruiter|hiring manager|candidate)\b/i],
  ['customer-service', /\b(customer|refund|complaint|order|delivery|support ticket)\b/i],
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
  const hinted = new Set(CATEGORY_HINTS.filter(([, re]) => re.test(text)).map(([c]) => c));
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
  if (/[\d$€£%]/.test(line)) return false;
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
 * Words of a hiring process: in a scenario about a job offer they are its story ("Process the hire
 * quickly", "Pushes the candidate to delay the decision"), and wrong in a raise talk that does not use them.
 */
const HIRING =
  /\b(candidates?|hires?|hiring|hired|applicants?|offers?|counter-?offers?|sign-?on|recruit\w*|placement|resign\w*|onboard\w*)\b/i;

/** A word in this few catalogue scenarios' goals and objectives belongs to them, not to the learner's. */
const RARE_AT_MOST = 3;

/** A line every one of whose words this many catalogue scenarios also use reads as general advice. */
const GENERIC_AT_LEAST = 10;

interface Fit {
  rare: (word: string) => boolean;
  /** Whether the line tells its own scenario's story: a word of that scenario's title or description, uncommon in the catalogue, that the situation does not use ("hire", "candidate", "sign-on"). */
  ownStory: (line: string, source: ScenarioDefinition) => boolean;
  /** How many of the line's words the situation uses. */
  relevance: (line: string) => number;
  /** Whether every word of the line is common across the catalogue. */
  generic: (line: string) => boolean;
}

/**
 * Lines for one field from the closest scenarios: those sharing words with the learner's situation
 * first, then general ones, closest scenario first; a line that only tells its own scenario's story
 * (no word of the situation, some word few scenarios use) comes last, if at all.
 */
function borrow(
  sources: readonly ScenarioDefinition[],
  field: 'personaGoals' | 'holdsFirmOn' | 'learnerObjectives',
  max: number,
  fit: Fit,
): string[] {
  const candidates: Array<{ line: string; rank: number }> = [];
  sources.forEach((s, source) =>
    s[field].forEach((line, position) => {
      if (!isPortable(line, s, fit.rare) || candidates.some((c) => c.line === line)) return;
      const tier = fit.ownStory(line, s) ? 3 : fit.relevance(line) > 0 ? 0 : fit.generic(line) ? 1 : 2;
      candidates.push({ line, rank: tier * 1000 + source * 20 + position });
    }),
  );
  // Never another scenario's story: fewer lines (the learner adds their own) rather than wrong ones.
  return candidates
    .filter((c) => c.rank < 3000)
    .sort((a, b) => a.rank - b.rank)
    .slice(0, max)
    .map((c) => c.line);
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
  'direct report|manager|boss|team lead|supervisor|colleague|coworker|co-worker|teammate|flatmate|roommate|housemate|neighbou?r|landlord|tenant|client|customer|recruiter|hiring manager|interviewer|ceo|cfo|cto|board|investor|partner|friend|mentor|vendor|supplier|contractor|employee|intern|teacher|doctor';

/** The other person as the learner's situation names them: "my direct report Sam" → "direct report". */
export function otherPersonIn(situation: string): string | undefined {
  const found = new RegExp(
    `\\b(?:my|our|the|a)\\s+((?:new\\s+|senior\\s+|line\\s+)?(?:${RELATIONS}))\\b`,
    'i',
  ).exec(situation);
  if (!found) return undefined;
  const role = found[1]!.toLowerCase();
  return /^(ceo|cfo|cto)$/.test(role) ? role.toUpperCase() : role;
}

export function draftScenario(
  body: DraftScenarioBody,
  catalogue: readonly ScenarioDefinition[],
): ScenarioDraft {
  const situation = [body.title ?? '', body.description].join(' ');
  // Lines are borrowed from the ten closest, nearest first; the first three lend difficulty and tags.
  const sources = closestScenarios(situation, catalogue, 10);
  const closest = sources.slice(0, 3);
  const own = new Set(wordsOf(situation));
  const used = new Map<string, number>();
  for (const s of catalogue)
    for (const w of new Set(wordsOf([...s.personaGoals, ...s.holdsFirmOn, ...s.learnerObjectives].join(' '))))
      used.set(w, (used.get(w) ?? 0) + 1);
  const rare = (w: string) => !own.has(w) && (used.get(w) ?? 0) <= RARE_AT_MOST;
  const told = new Map<string, number>();
  for (const s of catalogue)
    for (const w of new Set(wordsOf([s.title, s.description].join(' ')))) told.set(w, (told.get(w) ?? 0) + 1);
  const stories = new Map(catalogue.map((s) => [s, new Set(wordsOf([s.title, s.description].join(' ')))]));
  const fit: Fit = {
    rare,
    ownStory: (line, source) =>
      (HIRING.test(line) && !HIRING.test(situation)) ||
      wordsOf(line).some(
        (w) =>
          !own.has(w) && stories.get(source)?.has(w) === true && (told.get(w) ?? 0) < GENERIC_AT_LEAST * 2,
      ),
    relevance: (line) => wordsOf(line).filter((w) => own.has(w)).length,
    generic: (line) => wordsOf(line).every((w) => own.has(w) || (used.get(w) ?? 0) >= GENERIC_AT_LEAST),
  };
  const best = sources[0];
  if (!best) throw new Error('the catalogue is empty');
  // Roles left empty: the other person as the situation names them ("my direct report Sam"), not the
  // closest scenario's own ("Senior financial analyst in another department").
  const named = otherPersonIn(situation);
  const aiRole = body.aiRole?.trim() || (named ? `Your ${named}` : best.aiRole);
  const userRole = body.userRole?.trim() || (named ? 'You' : best.userRole);
  const figures = figuresIn(body.description);
  const holdsFirmOn = borrow(sources, 'holdsFirmOn', figures.length ? 2 : 3, fit);
  if (holdsFirmOn.length === 0)
    holdsFirmOn.push('Will not agree to anything vague; needs concrete details and a clear reason.');
  if (figures.length)
    holdsFirmOn.unshift(
      `Holds firm on the figures in play (${figures.join(', ')}) and moves only for a concrete, specific reason.`,
    );
  const tags = [...new Set(closest.flatMap((s) => s.tags.map((t) => t.toLowerCase())))].slice(0, 4);
  return {
    title: body.title?.trim() || cut(best.title, 80),
    userRole,
    aiRole,
    persona: cut(`${capitalise(aiRole)} in this situation. ${best.persona.personality}`, 400),
    personaGoals: borrow(sources, 'personaGoals', 3, fit),
    holdsFirmOn: holdsFirmOn.slice(0, 4),
    learnerObjectives: borrow(sources, 'learnerObjectives', 3, fit),
    difficulty: mostCommon(closest.map((s) => s.difficulty)) ?? 'Intermediate',
    tags,
    source: 'builtin',
    basedOn: closest.map((s) => ({ id: s.id, title: s.title })),
  };
}

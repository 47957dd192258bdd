/**
 * Reading what small models write, leniently: keys in other cases or languages, numbers written as
 * words or fractions, lists written as one string. Each reader says whether it had to bend the answer
 * (`normalised`), so the stored feedback can tell the model's own words from a lenient reading of them.
 * Nothing here invents a value: what cannot be read comes back undefined.
 */

export const asRecord = (v: unknown): Record<string, unknown> | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;

/** A key as compared: lower case, accents and everything but letters and digits dropped. */
export function keyOf(key: string): string {
  return key
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}

/** What a field may be called, in the asked name first, then other spellings and languages (en, es, fr, de, it, pt). */
export const KEY_ALIASES = {
  clarity: ['clarity', 'claridad', 'clarte', 'klarheit', 'chiarezza', 'clareza', 'clear'],
  empathy: ['empathy', 'empatia', 'empathie', 'einfuhlungsvermogen', 'empathic'],
  persuasion: [
    'persuasion',
    'persuasiveness',
    'persuasividad',
    'persuasivite',
    'uberzeugungskraft',
    'uberzeugung',
    'persuasione',
    'persuasao',
  ],
  scores: ['scores', 'puntuaciones', 'notes', 'bewertungen', 'punteggi', 'ratings'],
  score: [
    'score',
    'puntuacion',
    'puntaje',
    'nota',
    'note',
    'punktzahl',
    'bewertung',
    'punteggio',
    'pontuacao',
    'rating',
    'value',
  ],
  evidence: ['evidence', 'evidencia', 'evidencias', 'preuves', 'preuve', 'belege', 'evidenze', 'examples'],
  objectives: [
    'objectives',
    'objetivos',
    'objectifs',
    'ziele',
    'obiettivi',
    'goals',
    'learnerobjectives',
    'objectiveschecked',
    'objectivesmet',
    'objectivechecks',
  ],
  strengths: [
    'strengths',
    'fortalezas',
    'puntosfuertes',
    'forces',
    'pointsforts',
    'starken',
    'staerken',
    'puntidiforza',
    'pontosfortes',
    'positives',
  ],
  weaknesses: [
    'weaknesses',
    'areasforimprovement',
    'areasofimprovement',
    'improvements',
    'debilidades',
    'areasdemejora',
    'faiblesses',
    'pointsfaibles',
    'schwachen',
    'schwaechen',
    'puntideboli',
    'pontosfracos',
  ],
  suggestions: [
    'suggestions',
    'sugerencias',
    'recommendations',
    'recomendaciones',
    'tips',
    'conseils',
    'vorschlage',
    'vorschlaege',
    'suggerimenti',
    'sugestoes',
    'nextsteps',
  ],
  index: [
    'index',
    'lineindex',
    'linenumber',
    'line',
    'linea',
    'ligne',
    'zeile',
    'riga',
    'linha',
    'n',
    'number',
    'turn',
  ],
  quote: ['quote', 'text', 'cita', 'citation', 'zitat', 'learnerline'],
  effect: ['effect', 'efecto', 'effet', 'wirkung', 'effetto', 'efeito', 'impact', 'type', 'polarity'],
  reason: ['reason', 'razon', 'raison', 'grund', 'motivo', 'why', 'explanation', 'comment', 'note'],
  objective: ['objective', 'objetivo', 'objectif', 'ziel', 'obiettivo', 'goal', 'name', 'text', 'id'],
  met: [
    'met',
    'achieved',
    'cumplido',
    'logrado',
    'atteint',
    'erreicht',
    'raggiunto',
    'atingido',
    'done',
    'status',
  ],
  communicationAnalysis: [
    'communicationanalysis',
    'analysis',
    'analisisdecomunicacion',
    'analisisdelacomunicacion',
    'analysedelacommunication',
    'kommunikationsanalyse',
  ],
  strategicImpact: [
    'strategicimpact',
    'impact',
    'impactoestrategico',
    'impactstrategique',
    'strategischewirkung',
  ],
  improvementOpportunity: [
    'improvementopportunity',
    'improvement',
    'opportunity',
    'oportunidaddemejora',
    'pistedamelioration',
    'verbesserungsmoglichkeit',
  ],
  enhancedVersion: [
    'enhancedversion',
    'improvedversion',
    'rewrite',
    'rewritten',
    'betterversion',
    'versionmejorada',
    'versionamelioree',
    'verbesserteversion',
  ],
} as const;
export type AliasedKey = keyof typeof KEY_ALIASES;

export interface Picked {
  value: unknown;
  /** The key was found under another name than the asked one. */
  renamed: boolean;
}

/** The value of `name` in `record`, under its own key or any alias; the asked key wins. */
export function pick(record: Record<string, unknown> | undefined, name: AliasedKey): Picked | undefined {
  if (!record) return undefined;
  if (name in record && record[name] !== undefined) return { value: record[name], renamed: false };
  const aliases = KEY_ALIASES[name] as readonly string[];
  const keys = Object.keys(record);
  for (const alias of aliases) {
    const key = keys.find((k) => keyOf(k) === alias);
    if (key !== undefined && record[key] !== undefined) return { value: record[key], renamed: true };
  }
  // "clarity_score", "Clarity (0-10)": a dimension's name followed by a score word or a scale.
  if (name === 'clarity' || name === 'empathy' || name === 'persuasion') {
    const key = keys.find((k) =>
      aliases.some((a) => keyOf(k).startsWith(a) && /score|010|10$/.test(keyOf(k))),
    );
    if (key !== undefined) return { value: record[key], renamed: true };
  }
  return undefined;
}

const WORD_NUMBERS: Record<string, number> = {
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
  cero: 0,
  uno: 1,
  dos: 2,
  tres: 3,
  cuatro: 4,
  cinco: 5,
  seis: 6,
  siete: 7,
  ocho: 8,
  nueve: 9,
  diez: 10,
  un: 1,
  une: 1,
  deux: 2,
  trois: 3,
  quatre: 4,
  cinq: 5,
  sept: 7,
  huit: 8,
  neuf: 9,
  dix: 10,
  null: 0,
  eins: 1,
  zwei: 2,
  drei: 3,
  vier: 4,
  funf: 5,
  sechs: 6,
  sieben: 7,
  acht: 8,
  neun: 9,
  zehn: 10,
};

export interface ReadNumber {
  value: number;
  /** Written other than as a plain number. */
  normalised: boolean;
}

/**
 * A number as models write scores: 7, "7", "7.5", "7,5", "7/10", "7 out of 10", "75%", "seven",
 * "seven and a half", "**8**". A fraction or a percentage is brought to a scale of 10.
 */
export function numberFrom(v: unknown): ReadNumber | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? { value: v, normalised: false } : undefined;
  if (typeof v !== 'string') return undefined;
  const text = v
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[*_`"]/g, '')
    .trim();
  if (!text) return undefined;
  const num = (s: string) => Number(s.replace(',', '.'));
  const fraction = /^(-?\d+(?:[.,]\d+)?)\s*(?:\/|out of|of|de|sur|von|su)\s*(\d+(?:[.,]\d+)?)\b/.exec(text);
  if (fraction) {
    const over = num(fraction[2]!);
    return over > 0 ? { value: (num(fraction[1]!) / over) * 10, normalised: true } : undefined;
  }
  const percent = /^(-?\d+(?:[.,]\d+)?)\s*%/.exec(text);
  if (percent) return { value: num(percent[1]!) / 10, normalised: true };
  const plain = /^(-?\d+(?:[.,]\d+)?)\b/.exec(text);
  if (plain) return { value: num(plain[1]!), normalised: true };
  const word = /^([a-z]+)(\s+(?:and a half|y medio|et demi|einhalb|e mezzo))?\b/.exec(text);
  const base = word ? WORD_NUMBERS[word[1]!] : undefined;
  if (base !== undefined) return { value: base + (word?.[2] ? 0.5 : 0), normalised: true };
  return undefined;
}

export interface ReadList {
  items: string[];
  /** Not a plain list of strings: one string split into items, objects read for their text, Markdown taken off. */
  normalised: boolean;
}

/** Markdown a list item may carry: bullets, numbers, bold, headings. */
function plainItem(s: string): string {
  return s
    .replace(/^\s*(?:[-*•]|\d+[.)])\s+/, '')
    .replace(/^#+\s*/, '')
    .replace(/\*\*([^*]+)\*\*/g, '$1')
    .replace(/__([^_]+)__/g, '$1')
    .trim();
}

/** One string holding several items: one a line (bullets, numbers), else one a sentence. */
export function splitItems(text: string): string[] {
  const lines = text.split(/\n+/).map(plainItem).filter(Boolean);
  if (lines.length > 1) return lines;
  return (lines[0] ?? '')
    .split(/(?<=[.!?])\s+(?=[A-Z"“])|;\s+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A list of sentences however it was written; undefined when there is none to read. */
export function listFrom(v: unknown): ReadList | undefined {
  if (typeof v === 'string') return v.trim() ? { items: splitItems(v), normalised: true } : undefined;
  if (!Array.isArray(v)) {
    const record = asRecord(v);
    // {"1": "…", "2": "…"} or {"point": "…"}
    if (record) {
      const values = Object.values(record).filter((x): x is string => typeof x === 'string' && !!x.trim());
      return values.length > 0 ? { items: values.map(plainItem), normalised: true } : undefined;
    }
    return undefined;
  }
  let normalised = false;
  const items = v.flatMap((item): string[] => {
    if (typeof item === 'string') {
      const plain = plainItem(item);
      if (plain !== item.trim()) normalised = true;
      return plain ? [plain] : [];
    }
    const record = asRecord(item);
    const text =
      record && Object.values(record).find((x): x is string => typeof x === 'string' && !!x.trim());
    normalised = true;
    return text ? [plainItem(text)] : [];
  });
  return { items, normalised };
}

/** A yes/no as models write it: true, "true", "yes", "sí", "oui", "ja", "met", "achieved". */
export function booleanFrom(v: unknown): boolean | undefined {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v !== 0;
  if (typeof v !== 'string') return undefined;
  const t = keyOf(v);
  if (/^(true|yes|si|oui|ja|met|achieved|done|cumplido|logrado|atteint|erreicht|partially|partial)$/.test(t))
    return !/partial/.test(t);
  if (/^(false|no|non|nein|notmet|missed|pending|nocumplido|nonatteint|nichterreicht)$/.test(t)) return false;
  return undefined;
}

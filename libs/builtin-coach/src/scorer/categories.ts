/*
 * The rubric's categories: every observation the scorer makes about a learner line falls in one, which
 * names the dimension it moves, whether it earns or costs points, and the most it can move that
 * dimension over a whole conversation. A scenario kind (kinds.ts) may weigh an earned category up or down.
 */

export type Dimension = 'clarity' | 'empathy' | 'persuasion';
export const DIMENSIONS: Dimension[] = ['clarity', 'empathy', 'persuasion'];

export interface CategorySpec {
  dimension: Dimension;
  effect: 'earned' | 'cost';
  cap: number;
}

export const CATEGORIES = {
  // clarity: structure, specifics, directness, answering what was asked
  structure: { dimension: 'clarity', effect: 'earned', cap: 2.5 },
  specifics: { dimension: 'clarity', effect: 'earned', cap: 3 },
  direct: { dimension: 'clarity', effect: 'earned', cap: 2.5 },
  answers: { dimension: 'clarity', effect: 'earned', cap: 2 },
  hedges: { dimension: 'clarity', effect: 'cost', cap: 3 },
  fillers: { dimension: 'clarity', effect: 'cost', cap: 2 },
  rambling: { dimension: 'clarity', effect: 'cost', cap: 2 },
  evasion: { dimension: 'clarity', effect: 'cost', cap: 2 },
  fragments: { dimension: 'clarity', effect: 'cost', cap: 1.5 },
  pace: { dimension: 'clarity', effect: 'cost', cap: 1.5 },
  // empathy: acknowledging, naming feelings, asking about needs, respectful tone
  acknowledgement: { dimension: 'empathy', effect: 'earned', cap: 3 },
  emotion: { dimension: 'empathy', effect: 'earned', cap: 1.5 },
  questions: { dimension: 'empathy', effect: 'earned', cap: 2.5 },
  tone: { dimension: 'empathy', effect: 'earned', cap: 1.5 },
  apology: { dimension: 'empathy', effect: 'earned', cap: 1 },
  collaboration: { dimension: 'empathy', effect: 'earned', cap: 0.5 },
  dismissive: { dimension: 'empathy', effect: 'cost', cap: 5 },
  blame: { dimension: 'empathy', effect: 'cost', cap: 4 },
  orders: { dimension: 'empathy', effect: 'cost', cap: 1.5 },
  harsh: { dimension: 'empathy', effect: 'cost', cap: 1.5 },
  hostileQuestions: { dimension: 'empathy', effect: 'cost', cap: 1.5 },
  ignoredFeelings: { dimension: 'empathy', effect: 'cost', cap: 1.5 },
  // persuasion: reasons, evidence, their benefit, concrete asks, objections, closing, objectives
  reasons: { dimension: 'persuasion', effect: 'earned', cap: 2.5 },
  evidence: { dimension: 'persuasion', effect: 'earned', cap: 2 },
  benefits: { dimension: 'persuasion', effect: 'earned', cap: 1.5 },
  asks: { dimension: 'persuasion', effect: 'earned', cap: 2 },
  objections: { dimension: 'persuasion', effect: 'earned', cap: 1.5 },
  closing: { dimension: 'persuasion', effect: 'earned', cap: 1.5 },
  relevance: { dimension: 'persuasion', effect: 'earned', cap: 1.5 },
  unsupported: { dimension: 'persuasion', effect: 'cost', cap: 2 },
  caving: { dimension: 'persuasion', effect: 'cost', cap: 2.4 },
  threats: { dimension: 'persuasion', effect: 'cost', cap: 2 },
  hedgedAsks: { dimension: 'persuasion', effect: 'cost', cap: 1.2 },
  ignoredObjections: { dimension: 'persuasion', effect: 'cost', cap: 1.5 },
  offTopic: { dimension: 'persuasion', effect: 'cost', cap: 3 },
} as const satisfies Record<string, CategorySpec>;

export type Category = keyof typeof CATEGORIES;

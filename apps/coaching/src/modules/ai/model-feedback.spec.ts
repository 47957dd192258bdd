import { scoreTranscript } from '@parley/builtin-coach';
import { completeFeedback, readFeedbackLeniently, readModelFeedback } from './model-feedback';
import { salaryScenario as scenario, sampleTranscript as messages } from './testing/fixtures';

const ctx = { messages, scenario, promptVersion: 'openai-feedback@test' };
const dim = (score: unknown, evidence: unknown[]) => ({ score, evidence });
const good = {
  clarity: dim(7.25, [{ index: 1, effect: 'earned', reason: 'a figure' }]),
  empathy: dim('6', [{ index: 3, effect: 'earned', reason: 'acknowledges' }]),
  persuasion: dim(8, [{ index: 1, effect: 'earned', reason: 'market data' }]),
  objectives: [
    { objective: 1, met: true, index: 1 },
    { objective: 2, met: true, index: 0 },
    { objective: 3, met: false, index: null },
  ],
  strengths: ['You said "based on market data" early.'],
  weaknesses: ['You said "I will walk away" at once.'],
  suggestions: ['Ask about a review after six months.'],
};

describe('readModelFeedback: evidence by reference', () => {
  it('takes every quote from the transcript by its index, and checks each objective', () => {
    const feedback = readModelFeedback(good, ctx);
    expect(feedback.clarity).toBe(7.3);
    expect(feedback.empathy).toBe(6);
    expect(feedback.evidence.clarity).toEqual([
      { line: messages[1]!.content, effect: 'earned', reason: 'a figure', index: 1 },
    ]);
    expect(feedback.objectives).toEqual([
      { objective: scenario.learnerObjectives[0], met: true, line: messages[1]!.content, index: 1 },
      // index 0 is the partner's line: not the learner's, so not met
      { objective: scenario.learnerObjectives[1], met: false },
      { objective: scenario.learnerObjectives[2], met: false },
    ]);
    expect(feedback.promptVersion).toBe('openai-feedback@test');
  });

  it('drops evidence that cites the partner or no line, and sentences quoting words never said', () => {
    const feedback = readModelFeedback(
      {
        ...good,
        clarity: dim(5, [
          { index: 0, effect: 'earned', reason: 'x' },
          { index: 99, effect: 'cost', reason: 'y' },
          { index: 3, effect: 'cost', reason: 'z' },
        ]),
      },
      ctx,
    );
    expect(feedback.evidence.clarity.map((e) => e.index)).toEqual([3]);
    expect(feedback.strengths).toHaveLength(1);
    expect(feedback.weaknesses).toEqual([]);
  });

  it('accepts a cited line given as its exact text, and the old flat shape', () => {
    const feedback = readModelFeedback(
      {
        clarity: 6,
        empathy: 5,
        persuasion: 4,
        evidence: {
          clarity: [{ line: messages[3]!.content, effect: 'negative', reason: 'r' }],
          empathy: [{ index: 3, effect: 'earned', reason: 'r' }],
          persuasion: [{ index: 1, effect: 'cost', reason: 'r' }],
        },
        strengths: [],
        weaknesses: [],
        suggestions: ['One.'],
      },
      { ...ctx, scenario: undefined },
    );
    expect(feedback.evidence.clarity).toEqual([
      { line: messages[3]!.content, effect: 'cost', reason: 'r', index: 3 },
    ]);
    expect(feedback.objectives).toBeUndefined();
  });

  it('refuses a score without evidence, a score out of range, or no suggestion, saying what to fix', () => {
    expect(() =>
      readModelFeedback({ ...good, clarity: dim(7, [{ index: 0, effect: 'earned', reason: '' }]) }, ctx),
    ).toThrow(/clarity.evidence must cite at least one learner line by its number \(learner lines: 1, 3\)/);
    expect(() => readModelFeedback({ ...good, empathy: dim(75, good.empathy.evidence) }, ctx)).toThrow(
      /empathy.score 75 is outside 0 to 10/,
    );
    expect(() =>
      readModelFeedback({ ...good, persuasion: dim('high', good.persuasion.evidence) }, ctx),
    ).toThrow(/persuasion.score must be a number/);
    expect(() => readModelFeedback({ ...good, suggestions: [] }, ctx)).toThrow(/suggestions/);
    expect(() => readModelFeedback([good], ctx)).toThrow(/not a JSON object/);
  });
});

describe('reading a small model leniently, checking strictly', () => {
  it('reads scores written as fractions, words, decimals with a comma, and all out of 100', () => {
    const read = (clarity: unknown, empathy: unknown, persuasion: unknown) =>
      readModelFeedback(
        {
          ...good,
          clarity: dim(clarity, good.clarity.evidence),
          empathy: dim(empathy, good.empathy.evidence),
          persuasion: dim(persuasion, good.persuasion.evidence),
        },
        ctx,
      );
    const f = read('7/10', 'seven and a half', '6,5');
    expect([f.clarity, f.empathy, f.persuasion]).toEqual([7, 7.5, 6.5]);
    expect(f.sources).toMatchObject({
      clarity: 'normalised',
      empathy: 'normalised',
      persuasion: 'normalised',
    });
    const hundred = read(72, 65, '80');
    expect([hundred.clarity, hundred.empathy, hundred.persuasion]).toEqual([7.2, 6.5, 8]);
    expect(read(7, 6, 8).sources).toMatchObject({ clarity: 'model', empathy: 'model', persuasion: 'model' });
  });

  it('reads keys in other cases and languages, a nested scores block, and lists written as one string', () => {
    const f = readModelFeedback(
      {
        Scores: { Claridad: 6, EMPATHY: 5, persuasión: 4 },
        Evidencia: {
          clarity: [{ línea: 1, efecto: 'positivo', razón: 'una cifra' }],
          empathy: ['[3] acknowledges'],
          persuasion: [3],
        },
        objetivos: { '1': { met: 'yes', index: '1' }, '2': false, '3': 'no' },
        Fortalezas: '- You named a number.\n- You gave a reason.',
        weaknesses: 'You did not ask about their budget. You accepted the first pushback.',
        Recommendations: ['**Ask** about a review after six months.'],
      },
      ctx,
    );
    expect([f.clarity, f.empathy, f.persuasion]).toEqual([6, 5, 4]);
    expect(f.evidence.clarity).toEqual([
      { line: messages[1]!.content, effect: 'earned', reason: 'una cifra', index: 1 },
    ]);
    expect(f.evidence.empathy.map((e) => e.index)).toEqual([3]);
    expect(f.evidence.persuasion.map((e) => e.index)).toEqual([3]);
    expect(f.objectives?.map((o) => o.met)).toEqual([true, false, false]);
    expect(f.strengths).toEqual(['You named a number.', 'You gave a reason.']);
    expect(f.weaknesses).toEqual(['You did not ask about their budget.', 'You accepted the first pushback.']);
    expect(f.suggestions).toEqual(['Ask about a review after six months.']);
    expect(Object.values({ ...f.sources, evidence: undefined }).filter(Boolean)).not.toContain('model');
  });

  it('finds evidence quoted instead of numbered, in the learner’s lines only', () => {
    const f = readModelFeedback(
      {
        ...good,
        clarity: dim(7, [
          { quote: 'would $57,000 be possible', effect: 'earned', reason: 'a number' },
          { quote: 'Let me see what I can do', effect: 'earned', reason: 'the partner' },
        ]),
      },
      ctx,
    );
    expect(f.evidence.clarity).toEqual([
      { line: messages[1]!.content, effect: 'earned', reason: 'a number', index: 1 },
    ]);
    expect(f.sources?.evidence.clarity).toBe('normalised');
  });

  it('fills what the model left out, field by field, and says so; evidence first from its own sentences', () => {
    const builtin = scoreTranscript(messages, scenario);
    const first = readFeedbackLeniently(
      {
        clarity: dim(7, []),
        empathy: dim('6', [{ index: 3, effect: 'earned', reason: 'acknowledges' }]),
        persuasion: { evidence: [{ index: 1, effect: 'earned', reason: 'data' }] },
        strengths: ['Your ask was clear and specific: "would $57,000 be possible?"'],
        weaknesses: [],
        suggestions: ['Ask about a review after six months.'],
      },
      ctx,
    );
    expect(first.problems.join('; ')).toMatch(/clarity.evidence .*persuasion.score .*objectives/);
    const f = completeFeedback([first], ctx, () => builtin);
    expect(f.clarity).toBe(7);
    expect(f.persuasion).toBe(builtin.persuasion);
    expect(f.evidence.clarity).toEqual([
      { line: messages[1]!.content, effect: 'earned', reason: first.lists.strengths!.value[0], index: 1 },
    ]);
    expect(f.objectives).toEqual(builtin.objectives);
    expect(f.sources).toEqual({
      clarity: 'model',
      empathy: 'normalised',
      persuasion: 'builtin',
      evidence: { clarity: 'builtin', empathy: 'model', persuasion: 'model' },
      objectives: 'builtin',
      strengths: 'model',
      weaknesses: 'model',
      suggestions: 'model',
    });
    expect(f.promptVersion).toBe(`openai-feedback@test+${builtin.promptVersion}`);
  });

  it('keeps the repair’s reading of a field over the first answer’s, and the first’s where the repair lost it', () => {
    const first = readFeedbackLeniently({ ...good, clarity: dim(5, good.clarity.evidence) }, ctx);
    const repair = readFeedbackLeniently(
      { ...good, clarity: dim(8, good.clarity.evidence), suggestions: [] },
      ctx,
    );
    const f = completeFeedback([first, repair], ctx, () => {
      throw new Error('the builtin engine is not needed');
    });
    expect(f.clarity).toBe(8);
    expect(f.suggestions).toEqual(good.suggestions);
  });
});

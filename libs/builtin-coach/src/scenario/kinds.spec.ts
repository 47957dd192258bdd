import { KINDS, askFor } from './kinds';

/** Every text of the rubric a learner may read, with the figure left out and put in. */
function texts(): string[] {
  return Object.values(KINDS).flatMap((rubric) => [
    ...Object.values(rubric.expects).flatMap((e) =>
      e ? [e.weakness, e.suggestion, e.suggestionWithoutFigure ?? e.suggestion] : [],
    ),
    ...Object.values(rubric.phrases).filter((v): v is string => typeof v === 'string'),
  ]);
}

describe('the rubric never shows a learner a placeholder', () => {
  it('has no [bracketed] slot in any text', () => {
    expect(texts().filter((t) => /\[[^\]]*\]/.test(t))).toEqual([]);
  });

  it('says what to do without a figure wherever a suggestion quotes one', () => {
    const missing = Object.entries(KINDS).flatMap(([kind, rubric]) =>
      Object.entries(rubric.expects).flatMap(([move, e]) =>
        e && e.suggestion.includes('{figure}') && !e.suggestionWithoutFigure ? [`${kind}.${move}`] : [],
      ),
    );
    expect(missing).toEqual([]);
  });

  it('asks without a slot when the learner named no figure', () => {
    for (const kind of Object.keys(KINDS) as Array<keyof typeof KINDS>) {
      expect(askFor(kind, undefined)).not.toMatch(/[[{]/);
      expect(askFor(kind, '$5,000')).not.toMatch(/[[{]/);
    }
  });
});

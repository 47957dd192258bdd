import type { StoredFeedback } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { changeText, partingIndex, scoreChanges } from '../compareAttempts';

const feedback = (clarity: number, evidence: StoredFeedback['evidence']['clarity']): StoredFeedback => ({
  session_id: 's',
  scenario_id: 'x',
  clarity,
  empathy: 5,
  persuasion: 5,
  strengths: [],
  weaknesses: [],
  suggestions: [],
  evidence: { clarity: evidence, empathy: [], persuasion: [] },
  created_at: '2026-01-01T00:00:00Z',
});

describe('comparing two attempts', () => {
  it('finds the turn where they part', () => {
    const a = [
      { sender: 'ai' as const, content: 'Hi' },
      { sender: 'user' as const, content: 'One' },
    ];
    expect(partingIndex(a, [a[0]!, { sender: 'user', content: 'Two' }])).toBe(1);
    expect(partingIndex(a, a.slice(0, 1))).toBe(1);
  });

  it('gives each score’s change with the evidence from the parting turn on', () => {
    const before = feedback(6, [
      { line: 'Hi there', effect: 'earned', reason: 'clear', index: 0 },
      { line: 'Um maybe', effect: 'cost', reason: 'hedges', index: 3 },
    ]);
    const after = feedback(7.5, [{ line: 'I ask for 95k', effect: 'earned', reason: 'specific', index: 3 }]);
    const [clarity] = scoreChanges(before, after, 3);
    expect(clarity).toMatchObject({ before: 6, after: 7.5, change: 1.5 });
    expect(clarity!.before_evidence.map((e) => e.line)).toEqual(['Um maybe']);
    expect(clarity!.after_evidence.map((e) => e.line)).toEqual(['I ask for 95k']);
    expect(scoreChanges(before, undefined, 3)[0]!.change).toBeNull();
    expect([changeText(1.5), changeText(-0.2), changeText(0), changeText(null)]).toEqual([
      '+1.5',
      '-0.2',
      '0',
      '–',
    ]);
  });
});

import type { FeedbackSources } from '@parley/contracts';
import { toFeedback, type FeedbackRow } from './feedback.repository';

const sources: FeedbackSources = {
  clarity: 'model',
  empathy: 'normalised',
  persuasion: 'builtin',
  evidence: { clarity: 'builtin', empathy: 'model', persuasion: 'model' },
  objectives: 'builtin',
  strengths: 'model',
  weaknesses: 'model',
  suggestions: 'normalised',
};

const row = (evidence: FeedbackRow['evidence']): FeedbackRow => ({
  session_id: '00000000-0000-4000-8000-000000000001',
  scenario_id: 'salary-negotiation-basics',
  clarity: '7.5',
  empathy: '6.0',
  persuasion: '5.0',
  strengths: ['a'],
  weaknesses: ['b'],
  suggestions: ['c'],
  evidence,
  created_at: new Date('2026-01-01T00:00:00Z'),
});

const lists = { clarity: [], empathy: [], persuasion: [] };

describe('a stored feedback row', () => {
  it('gives back the sources stored beside the evidence (jsonb), and keeps them out of the evidence', () => {
    const feedback = toFeedback(row({ ...lists, objectives: [{ objective: 'o', met: false }], sources }));
    expect(feedback.sources).toEqual(sources);
    expect(feedback.evidence).toEqual(lists);
    expect(feedback.objectives).toEqual([{ objective: 'o', met: false }]);
  });

  it('reads a row stored before sources existed, and drops sources it cannot read', () => {
    expect(toFeedback(row(lists))).not.toHaveProperty('sources');
    expect(toFeedback(row({ ...lists, sources: { clarity: 'guess' } }))).not.toHaveProperty('sources');
  });
});

import type { FeedbackSources } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { offlineSourcesText } from './OfflineSourcesNote';

const fromModel: FeedbackSources = {
  clarity: 'model',
  empathy: 'normalised',
  persuasion: 'model',
  evidence: { clarity: 'model', empathy: 'model', persuasion: 'normalised' },
  objectives: 'model',
  strengths: 'normalised',
  weaknesses: 'model',
  suggestions: 'model',
};

describe('the line about the offline coach', () => {
  it('is absent when the model wrote every field (read leniently or not), or no sources were recorded', () => {
    expect(offlineSourcesText(fromModel)).toBeNull();
    expect(offlineSourcesText(undefined)).toBeNull();
  });

  it('names what the offline coach filled', () => {
    expect(
      offlineSourcesText({
        ...fromModel,
        persuasion: 'builtin',
        objectives: 'builtin',
        evidence: { ...fromModel.evidence, empathy: 'builtin' },
        suggestions: 'builtin',
      }),
    ).toBe(
      "Part of this report comes from Parley's offline coach (the persuasion score, the evidence for empathy, the objectives and the suggestions): the AI model left it out.",
    );
  });

  it('says so plainly when the whole report is the offline coach’s', () => {
    const all: FeedbackSources = {
      clarity: 'builtin',
      empathy: 'builtin',
      persuasion: 'builtin',
      evidence: { clarity: 'builtin', empathy: 'builtin', persuasion: 'builtin' },
      objectives: 'builtin',
      strengths: 'builtin',
      weaknesses: 'builtin',
      suggestions: 'builtin',
    };
    expect(offlineSourcesText(all)).toBe(
      "This report comes from Parley's offline coach: the AI model could not give one.",
    );
  });
});

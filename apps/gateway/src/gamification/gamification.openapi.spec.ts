import { buildOpenApiDocument } from '../docs/openapi';

describe('the gamification paths of the OpenAPI document', () => {
  const doc = buildOpenApiDocument() as unknown as {
    paths: Record<string, Record<string, { parameters?: Array<{ name: string; in: string }> }>>;
  };

  it('documents the panel’s three calls and the leaderboard', () => {
    expect(Object.keys(doc.paths['/api/gamification/summary'] ?? {})).toEqual(['get']);
    expect(Object.keys(doc.paths['/api/gamification/daily-challenges'] ?? {})).toEqual(['get']);
    expect(Object.keys(doc.paths['/api/gamification/claim-daily-challenge'] ?? {})).toEqual(['post']);
    expect(Object.keys(doc.paths['/api/gamification/leaderboard'] ?? {})).toEqual(['get']);
  });

  it('documents the streak, its freezes, the weekly league and the recommendations', () => {
    expect(Object.keys(doc.paths['/api/gamification/streak'] ?? {})).toEqual(['get']);
    expect(Object.keys(doc.paths['/api/gamification/streak-freezes'] ?? {})).toEqual(['post']);
    expect(Object.keys(doc.paths['/api/gamification/league'] ?? {})).toEqual(['get']);
    expect(Object.keys(doc.paths['/api/user/recommendations'] ?? {})).toEqual(['get']);
  });

  it('names the leaderboard’s query parameters', () => {
    const parameters = doc.paths['/api/gamification/leaderboard']?.get?.parameters ?? [];
    expect(parameters.map((p) => `${p.in}:${p.name}`).sort()).toEqual([
      'query:category',
      'query:limit',
      'query:period',
    ]);
  });
});

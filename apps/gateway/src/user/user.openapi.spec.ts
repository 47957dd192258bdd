import { buildOpenApiDocument } from '../docs/openapi';

describe('OpenAPI document: profile and settings', () => {
  const doc = buildOpenApiDocument() as unknown as {
    paths: Record<string, Record<string, { parameters?: Array<{ name: string; in: string }> }>>;
  };

  it('registers every profile and settings route', () => {
    expect(Object.keys(doc.paths['/api/user/profile/{userId}'] ?? {})).toEqual(['get']);
    expect(Object.keys(doc.paths['/api/user/profile'] ?? {})).toEqual(['post']);
    expect(Object.keys(doc.paths['/api/user/settings'] ?? {}).sort()).toEqual(['get', 'patch']);
  });

  it('documents the path and query parameters', () => {
    expect(doc.paths['/api/user/profile/{userId}']?.get?.parameters).toEqual([
      expect.objectContaining({ name: 'userId', in: 'path' }),
    ]);
    expect(doc.paths['/api/user/settings']?.get?.parameters).toEqual([
      expect.objectContaining({ name: 'timezone', in: 'query' }),
    ]);
  });

  it('generates the body schemas from the contracts, closed to unknown fields', () => {
    const json = JSON.stringify(doc.paths['/api/user/settings']);
    expect(json).toContain('"additionalProperties":false');
    expect(json).toContain('"theme"');
    expect(JSON.stringify(doc.paths['/api/user/profile'])).toContain('Salary Negotiation');
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { appEnvSchemas } from './env.schemas';

describe('README', () => {
  it('documents every environment variable an app reads', () => {
    const readme = readFileSync(join(__dirname, '..', '..', '..', '..', 'README.md'), 'utf8');
    const variables = new Set(Object.values(appEnvSchemas).flatMap((schema) => Object.keys(schema.shape)));
    const missing = [...variables].filter((name) => !readme.includes(`\`${name}\``));
    expect(missing).toEqual([]);
  });
});

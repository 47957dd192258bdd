/**
 * The web build the gateway serves is a production build: no development build of React or Redux
 * Toolkit in any of its JavaScript files (ADR 0030). Reads dist/apps/web as the `web:build` this target
 * depends on left it, the same way every other path builds it (npm start, the image, CI), or the folder
 * PARLEY_WEB_DIST names.
 */
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
// The web app's own list, the one its build checks itself against (a build-time file, not app code).
// eslint-disable-next-line @nx/enforce-module-boundaries
import { developmentMarkersIn, productionMarkersMissingFrom } from '../../web/production-build.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const WEB_DIST = resolve(ROOT, process.env['PARLEY_WEB_DIST'] ?? 'dist/apps/web');

describe('the served web build', () => {
  test('carries the production builds of React and Redux Toolkit, and no development code', async () => {
    const html = await readFile(join(WEB_DIST, 'index.html'), 'utf8');
    const entry = html.match(/<script type="module"[^>]* src="\/(assets\/[^"]+\.js)"/)?.[1];
    assert.ok(entry, `${WEB_DIST}/index.html loads no module script from /assets/`);
    const scripts = (await readdir(join(WEB_DIST, 'assets'))).filter((f) => f.endsWith('.js'));
    assert.ok(scripts.includes(entry.slice('assets/'.length)), `${entry} is not in the build`);

    const code = new Map<string, string>();
    for (const file of scripts) code.set(file, await readFile(join(WEB_DIST, 'assets', file), 'utf8'));
    const development = [...code].flatMap(([file, text]) =>
      developmentMarkersIn(text).map((marker) => `${file}: ${marker}`),
    );
    assert.deepEqual(development, [], `development code in the served build (${WEB_DIST})`);
    assert.deepEqual(
      productionMarkersMissingFrom([...code.values()].join('\n')),
      [],
      `the production builds' error messages are missing from ${WEB_DIST}: is React in the build at all?`,
    );
  });
});

// Shared Jest setup. Unit tests are `*.spec.ts` next to the code; tests that need the real servers
// (PostgreSQL, Redis, Kafka, SMTP) are `*.integration-spec.ts` and run through the `integration` target.
const fs = require('node:fs');
const path = require('node:path');

const swcrc = JSON.parse(fs.readFileSync(path.join(__dirname, '.swcrc'), 'utf8'));
const { paths } = swcrc.jsc;
const swcForJest = {
  ...swcrc,
  jsc: { ...swcrc.jsc, baseUrl: undefined, paths: undefined },
  sourceMaps: 'inline',
  exclude: undefined,
  swcrc: false,
};
delete swcForJest.$schema;
delete swcForJest.jsc.baseUrl;
delete swcForJest.jsc.paths;

const moduleNameMapper = Object.fromEntries(
  Object.entries(paths).map(([alias, [target]]) => [`^${alias}$`, path.join(__dirname, target)]),
);

function base(projectDir) {
  return {
    rootDir: projectDir,
    testEnvironment: 'node',
    transform: { '^.+\\.(t|j)s$': ['@swc/jest', swcForJest] },
    // ESM-only packages are compiled to CommonJS like our own code.
    transformIgnorePatterns: ['/node_modules/(?!(jose)/)'],
    moduleFileExtensions: ['ts', 'js', 'json'],
    moduleNameMapper,
    setupFiles: [path.join(__dirname, 'tools/jest/setup.cjs')],
    passWithNoTests: true,
  };
}

module.exports = {
  unit: (projectDir) => ({ ...base(projectDir), testMatch: ['<rootDir>/src/**/*.spec.ts'] }),
  integration: (projectDir) => ({
    ...base(projectDir),
    testMatch: ['<rootDir>/src/**/*.integration-spec.ts'],
    testTimeout: 60_000,
    maxWorkers: 1,
  }),
};

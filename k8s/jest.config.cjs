// The manifest tests (test/*.spec.ts): render the overlays with `kubectl kustomize`, validate every object
// against the Kubernetes and Strimzi schemas (test/validate-objects.mjs, run by Node as an ES module
// because @kubernetes-models/* ship ES modules only), check the rules. No servers needed.
const preset = require('../jest.preset.cjs').unit(__dirname);

module.exports = { ...preset, testMatch: ['<rootDir>/test/**/*.spec.ts'], testTimeout: 60_000 };

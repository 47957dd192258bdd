// The container-image suite (test/*.images-spec.ts): runs the images infra/images/test.sh built
// (`npm run test:images`) against the local servers. Not part of the `integration` target: it needs podman
// and the images, which test.sh provides.
const preset = require('../jest.preset.cjs').integration(__dirname);

module.exports = { ...preset, testMatch: ['<rootDir>/test/**/*.images-spec.ts'], testTimeout: 180_000 };

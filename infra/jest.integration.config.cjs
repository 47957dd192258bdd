// Operations against the real servers (test/*.integration-spec.ts): backup and restore of every service's
// schema with scripts/backup.sh and scripts/restore.sh. The container-image suite is test/images.sh
// (`npm run test:images`), not a Jest test.
const preset = require('../jest.preset.cjs').integration(__dirname);

module.exports = { ...preset, testMatch: ['<rootDir>/test/**/*.integration-spec.ts'], testTimeout: 180_000 };

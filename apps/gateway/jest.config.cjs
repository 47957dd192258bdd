const unit = require('../../jest.preset.cjs').unit(__dirname);

// @fastify/static (web-static.spec.ts) requires the ESM-only content-disposition: compiled like jose.
module.exports = { ...unit, transformIgnorePatterns: ['/node_modules/(?!(jose|content-disposition)/)'] };

module.exports = require('../../../jest.preset.cjs').integration(__dirname);

// Loads the addon built by `node-gyp rebuild` (npm runs it on install).
module.exports = require('./build/Release/original_dst.node')

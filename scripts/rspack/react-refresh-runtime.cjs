// `npm run dev` only (app-config.mjs, reactRefreshPlugins): every bundle in the page (the shell and each remote) asks
// for react-refresh's runtime through this file and gets the first copy loaded, the one hooked into React, so a
// remote's components are registered where React Fast Refresh looks for them.
/* global require, module */
const KEY = '__kassaReactRefreshRuntime';
// eslint-disable-next-line @typescript-eslint/no-require-imports
if (!globalThis[KEY]) globalThis[KEY] = require('react-refresh/runtime');
module.exports = globalThis[KEY];

const { safeRe: re } = require('./consts.js');

re(1);

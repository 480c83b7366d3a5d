var isFunction = require('./isFunction.js');

function bind(f) {
  if (!isFunction(f)) throw new TypeError('not a function');
  return f;
}

exports.isFunction = isFunction;
exports.bind = bind;

var _tagTester = require('./tagTester.js');

var isFunction = _tagTester('Function');

var isFunction$1 = isFunction;

module.exports = isFunction$1;

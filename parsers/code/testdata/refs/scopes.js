'use strict';
var Base = require('./base');
const { inherits } = require('util');
const utils = require('../utils').helpers;

/**
 * A runner.
 * @param {Suite} suite the root
 * @extends Base
 */
function Runner(suite, opts = {}) {
  Base.call(this, suite);
  var self = this;
  this.total = utils.count(suite);
  suite.on('run', function (test) {
    self.emit('test', test, Runner.constants.EVENT);
  });
}

inherits(Runner, Base);

/**
 * @returns {Runner|null}
 */
Runner.prototype.run = function (fn) {
  let done = fn || noop;
  done();
  return this;
};

module.exports = Runner;

// F.prop = ... declares on F at the top level, uses F inside a function
// (a UMD wrapper).
class Top {}
Top.create = function () { return new Top(); };
(function (global) {
  class Wrapped {}
  Wrapped.create = function () { return new Wrapped(); };
  global.Wrapped = Wrapped;
})(this);

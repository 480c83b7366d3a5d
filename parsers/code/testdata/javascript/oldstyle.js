;(function (root, factory) {
  if (typeof define === 'function') define([], factory);
  else root.Chance = factory();
})(this, function () {
  var VERSION = "1.0";
  function Chance(seed) {
    this.seed = seed;
    this.helper = function () {};
    var bindEvents = function (socket) {};
  }
  Chance.prototype.pad = function (number, width, pad) {};
  Chance.prototype = { bar: function () {}, baz() {} };
  var Todo = Backbone.Model.extend({
    _setWithPriority: function (ref, item) {},
    defaults: { done: () => false },
  });
  app.get('/users/:id', function (req, res) {});
  angular.module('x').controller('Ctrl', function ($scope) {});
  [1,2].map(function (x) { return x; });
  foo(function named() {});
  return Chance;
});
module.exports = function (grunt) {};
exports.parse = function () {};
module.exports = { parse: function () {} };
!function () {
  var local = 1;
  function helper() {}
  exports.render = function render(tpl) {};
}();
(function () {
  this.setup = function () {};
}).call(this);
define(['jquery'], function ($) {
  $.fn.tooltip = function (options) {};
  router.post('/items', auth, function (req, res) {});
  cache.get('key', function (err, v) {});
  grunt.registerTask('build', function () {});
});
var Model = Backbone.Model = function (attributes) {};
_.extend(Model.prototype, Events, { save: function (key, val) {} });
jQuery.extend({ ready: function (wait) {} });
jQuery.fn.extend({ show: function () {} });
__export(exported, { forEach: () => forEach, render: () => renderAll() });
angular.module('app').directive('myPane', ['$http', function ($http) {}]);
grunt.registerMultiTask('clean', 'Clean files and folders.', function () {});

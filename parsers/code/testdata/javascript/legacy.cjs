"use strict";

var util = require("util");

/**
 * Router dispatches requests.
 */
function Router(options) {
  this.stack = [];
}

/** Adds a middleware. */
Router.prototype.use = function use(fn) {
  this.stack.push(fn);
  return this;
};

Router.prototype.handle = function (req, res) {};

exports.createRouter = function (options) {
  return new Router(options);
};

module.exports.version = () => "1.0";

var res = Object.create(null);

res.send = function send(body) {
  return body;
};

module.exports = Router;

function tagTester(name) {
  return function(obj) { return name + obj; };
}

module.exports = tagTester;

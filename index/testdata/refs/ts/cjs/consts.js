function safeRe(x) {
  return x;
}

module.exports = { safeRe: safeRe };

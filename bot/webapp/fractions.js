// Exact arithmetic on the cards: fractions {n, d} in lowest terms, d > 0.
"use strict";

function gcd(a, b) {
  a = Math.abs(a);
  b = Math.abs(b);
  while (b) [a, b] = [b, a % b];
  return a || 1;
}

function fraction(n, d) {
  if (d < 0) [n, d] = [-n, -d];
  const g = gcd(n, d);
  return { n: n / g, d: d / g };
}

function combine(a, op, b) {
  if (op === "+") return fraction(a.n * b.d + b.n * a.d, a.d * b.d);
  if (op === "-") return fraction(a.n * b.d - b.n * a.d, a.d * b.d);
  if (op === "*") return fraction(a.n * b.n, a.d * b.d);
  if (b.n === 0) return null;
  return fraction(a.n * b.d, a.d * b.n);
}

function valueText(v) {
  return v.d === 1 ? String(v.n) : `${v.n}/${v.d}`;
}

import { describe, expect, it } from 'vitest';
import {
  containerCheckDigit,
  containerNumberProblem,
  isValidContainerNumber,
  normaliseContainerNumber,
} from './iso6346.js';

describe('ISO 6346 check digit', () => {
  it('matches published examples', () => {
    // The standard's own worked example (also on Wikipedia's ISO 6346 page).
    expect(containerCheckDigit('CSQU305438')).toBe(3);
    expect(isValidContainerNumber('CSQU3054383')).toBe(true);
  });

  it('agrees with the letter table of the standard on many numbers', () => {
    // Written out by hand from ISO 6346 (multiples of 11 are skipped: no 11, 22, 33).
    const table: Record<string, number> = {
      A: 10,
      B: 12,
      C: 13,
      D: 14,
      E: 15,
      F: 16,
      G: 17,
      H: 18,
      I: 19,
      J: 20,
      K: 21,
      L: 23,
      M: 24,
      N: 25,
      O: 26,
      P: 27,
      Q: 28,
      R: 29,
      S: 30,
      T: 31,
      U: 32,
      V: 34,
      W: 35,
      X: 36,
      Y: 37,
      Z: 38,
    };
    const remainder = (prefix: string) =>
      [...prefix].reduce((sum, c, i) => sum + (table[c] ?? Number(c)) * 2 ** i, 0) % 11;
    const letters = Object.keys(table);
    let sawRemainder10 = false;
    for (let n = 0; n < 2000; n += 1) {
      const owner = [n, n * 7, n * 13].map((k) => letters[k % 26]).join('');
      const prefix = `${owner}${'UJZ'[n % 3]}${String((n * 7919) % 1_000_000).padStart(6, '0')}`;
      expect(containerCheckDigit(prefix), prefix).toBe(remainder(prefix) % 10);
      if (remainder(prefix) === 10) sawRemainder10 = true;
    }
    // A remainder of 10 gives the check digit 0; make sure that case was exercised.
    expect(sawRemainder10).toBe(true);
  });

  it('rejects a wrong check digit and says which is right', () => {
    expect(containerNumberProblem('CSQU3054384')).toBe('check digit should be 3, not 4 (ISO 6346)');
  });

  it('rejects malformed numbers', () => {
    for (const bad of ['CSQU305438', 'CSQX3054383', 'CS1U3054383', 'CSQU30543833', '']) {
      expect(containerNumberProblem(bad)).toMatch(/must be an ISO 6346 container number/);
    }
  });

  it('normalises the ways people write them', () => {
    expect(normaliseContainerNumber(' csqu 305438-3 ')).toBe('CSQU3054383');
    expect(isValidContainerNumber('CSQU 305438/3')).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { nextEmbeddedSize } from './import-writer.js';

describe('embedded statement size', () => {
  it('moves halfway towards the rows that fit in ~10 ms, within 10 and 500 rows', () => {
    // 100 rows in 40 ms: 25 fit in 10 ms; halfway from 100.
    expect(nextEmbeddedSize(100, 100, 40)).toBe(63);
    // 100 rows in 5 ms: 200 fit; halfway.
    expect(nextEmbeddedSize(100, 100, 5)).toBe(150);
    expect(nextEmbeddedSize(10, 10, 2_000)).toBe(10);
    expect(nextEmbeddedSize(500, 500, 0)).toBe(500);
  });

  it('settles on the size that takes ~10 ms when each row costs the same', () => {
    let size = 100;
    for (let i = 0; i < 20; i += 1) size = nextEmbeddedSize(size, size, size * 0.25);
    expect(Math.abs(size - 40)).toBeLessThanOrEqual(1);
  });
});

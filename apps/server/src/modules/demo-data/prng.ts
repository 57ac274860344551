/**
 * A small seeded pseudo-random generator for demo data: sfc32 (Chris Doty-Humphrey's Small Fast Counter,
 * 128-bit state, passes PractRand), seeded through splitmix32 so nearby seeds give unrelated streams.
 * Not for anything secret; the same seed always yields the same sequence on every platform.
 */
export type Random = {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** true with probability p. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Picks by relative weight: `[['a', 3], ['b', 1]]` gives 'a' three times as often. */
  weighted<T>(items: readonly (readonly [T, number])[]): T;
};

/** A 32-bit seed from a number or any text (FNV-1a), so `--seed 42` and `--seed demo` both work. */
export function seedFrom(seed: string | number): number {
  const text = String(seed);
  if (/^\d+$/.test(text) && Number(text) <= 0xffffffff) return Number(text) >>> 0;
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

function splitmix32(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
}

export function createRandom(seed: string | number): Random {
  const init = splitmix32(seedFrom(seed));
  let a = init();
  let b = init();
  let c = init();
  let d = init();
  const nextUint32 = () => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) >>> 0;
    return t;
  };
  // Discard the first outputs, as the algorithm's author recommends.
  for (let i = 0; i < 12; i += 1) nextUint32();

  const random: Random = {
    next: () => nextUint32() / 4294967296,
    int: (min, max) => min + Math.floor(random.next() * (max - min + 1)),
    chance: (p) => random.next() < p,
    pick: (items) => items[Math.floor(random.next() * items.length)]!,
    weighted: (items) => {
      const total = items.reduce((sum, [, weight]) => sum + weight, 0);
      let roll = random.next() * total;
      for (const [item, weight] of items) {
        roll -= weight;
        if (roll < 0) return item;
      }
      return items[items.length - 1]![0];
    },
  };
  return random;
}

/** A source of numbers in [0, 1), such as `Math.random`. */
export type RandomSource = () => number;

/**
 * Chooses `count` distinct items at random, keeping their original order, so
 * the home page's topic pair reads in the same order as the education page.
 * Used at build time with a seeded source and in the browser with Math.random.
 *
 * @param items the pool to choose from
 * @param count how many to choose; all of them when the pool is smaller
 * @param random the random source, injectable so that tests are deterministic
 */
export function pickRandom<T>(items: readonly T[], count: number, random: RandomSource): T[] {
  const indices = items.map((_, index) => index);
  // A partial Fisher–Yates shuffle: the first `count` slots become a uniform sample.
  const taken = Math.min(count, indices.length);
  for (let slot = 0; slot < taken; slot++) {
    const swapWith = slot + Math.floor(random() * (indices.length - slot));
    const chosen = indices[swapWith] as number;
    indices[swapWith] = indices[slot] as number;
    indices[slot] = chosen;
  }
  return indices
    .slice(0, taken)
    .sort((a, b) => a - b)
    .map((index) => items[index] as T);
}

/**
 * A small deterministic random source (mulberry32) seeded from a text, so a
 * build-time choice depends on the content and not on the clock.
 *
 * @param seedText any text, e.g. the joined topic titles
 */
export function seededRandom(seedText: string): RandomSource {
  let state = fnv1a(seedText);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

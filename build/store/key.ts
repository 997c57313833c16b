import { createHash } from 'node:crypto';

/**
 * A key from the parts that decide an entry. The parts are kept apart
 * (`("ab", "c")` and `("a", "bc")` differ). The generator before packs named
 * its entries the same way, which is how `old-layout.ts` finds its record of
 * an output folder.
 */
export function entryKey(...parts: readonly string[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(`${part.length}:${part}`);
  return hash.digest('hex');
}

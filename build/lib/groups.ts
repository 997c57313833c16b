/** A list taken `size` items at a time, in order; the last group may be shorter. */
export function inGroups<T>(list: readonly T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(list.length / size) }, (_, index) => list.slice(index * size, index * size + size));
}

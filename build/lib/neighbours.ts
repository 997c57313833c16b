/** The items beside one item of a list. */
export interface Neighbours<T> {
  previous: T | undefined;
  next: T | undefined;
}

/**
 * The neighbours of the item at `index` in a list sorted newest first. Previous
 * is the newer neighbour and next the older one (spec §2 Article), so the newest
 * item has no previous and the oldest no next.
 *
 * @param newestFirst the list, sorted newest first
 * @param index the position of the item whose neighbours are wanted
 */
export function neighbours<T>(newestFirst: readonly T[], index: number): Neighbours<T> {
  return { previous: newestFirst[index - 1], next: newestFirst[index + 1] };
}

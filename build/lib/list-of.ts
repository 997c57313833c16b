/** Items as a sentence lists them: "A", "A and B", "A, B and C". */
export function listOf(items: readonly string[]): string {
  return items.length <= 2 ? items.join(' and ') : `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}`;
}

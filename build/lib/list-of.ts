/** Items as a sentence lists them: "A", "A and B", "A, B and C". */
export function listOf(items: readonly string[]): string {
  return items.length <= 2 ? items.join(' and ') : `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}`;
}

/** The first three of a list of files, and how many more: "a, b, c and 4 more". */
export function fewNamed(files: readonly string[]): string {
  return `${files.slice(0, 3).join(', ')}${files.length > 3 ? ` and ${files.length - 3} more` : ''}`;
}

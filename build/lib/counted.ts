/** A count and its noun, the noun plural unless the count is one: "1 article", "3 articles". */
export function counted(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

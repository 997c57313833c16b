/**
 * The known name a misspelt one most likely meant: the same in other
 * capitals, a plural, or a slip of a letter or two (`tittle`, `darft`), as a
 * spelling checker would suggest it.
 */

/** Edits that turn one word into the other: a letter added, removed, changed, or two side by side swapped. */
function editDistance(from: string, to: string): number {
  // rows[i][j]: the edits from the first i letters of `from` to the first j of `to`.
  const rows: number[][] = Array.from({ length: from.length + 1 }, (_, i) => Array.from({ length: to.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= from.length; i++) {
    for (let j = 1; j <= to.length; j++) {
      const row = rows[i] as number[];
      const above = rows[i - 1] as number[];
      const cost = from[i - 1] === to[j - 1] ? 0 : 1;
      row[j] = Math.min((above[j] as number) + 1, (row[j - 1] as number) + 1, (above[j - 1] as number) + cost);
      const swapped = i > 1 && j > 1 && from[i - 1] === to[j - 2] && from[i - 2] === to[j - 1];
      if (swapped) row[j] = Math.min(row[j] as number, ((rows[i - 2] as number[])[j - 2] as number) + 1);
    }
  }
  return (rows[from.length] as number[])[to.length] as number;
}

/** How many slips a name of this length may hold and still be taken for it: one in a short name, two in a longer one. */
function slipsAllowed(name: string): number {
  return name.length <= 4 ? 1 : 2;
}

/**
 * @param written a name as the author wrote it
 * @param known the names that are accepted
 * @returns the accepted name it most likely meant, or undefined when none is close
 */
export function closestName(written: string, known: readonly string[]): string | undefined {
  const plain = written.trim().toLowerCase();
  let best: { name: string; distance: number } | undefined;
  for (const name of known) {
    const lower = name.toLowerCase();
    const distance = plain === `${lower}s` ? 0 : editDistance(plain, lower);
    if (distance <= slipsAllowed(lower) && (best === undefined || distance < best.distance)) best = { name, distance };
  }
  return best?.name;
}

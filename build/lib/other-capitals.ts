/**
 * The one of the candidates that differs from the wanted name only in
 * capitals, if any: what a Mac's disk, which does not tell capitals apart,
 * lets an author write for a file that S3 will not find under it.
 */
export function sameButCapitals(candidates: Iterable<string>, wanted: string): string | undefined {
  const lower = wanted.toLowerCase();
  for (const candidate of candidates) if (candidate.toLowerCase() === lower) return candidate;
  return undefined;
}

/**
 * The fragment id of an education section (spec §2 Education, DECISIONS.md
 * "Section anchors"): lower case, each run of characters other than a–z and
 * 0–9 turned into one hyphen, none at either end. `Hand/Wrist` → `hand-wrist`.
 * Accents and ñ are folded first, as in an article's address (`Mano y muñeca`
 * → `mano-y-muneca`), so that a Spanish name keeps every letter.
 *
 * @param name a system or subgroup name
 */
export function sectionAnchor(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

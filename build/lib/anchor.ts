/**
 * The fragment id of an education section (spec §2 Education, DECISIONS.md
 * "Section anchors"): lower case, each run of characters other than a–z and
 * 0–9 turned into one hyphen, none at either end. `Hand/Wrist` → `hand-wrist`.
 *
 * @param name a system or subgroup name
 */
export function sectionAnchor(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

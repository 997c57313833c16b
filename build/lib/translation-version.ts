/**
 * Which version of an original a translation was made from: a short hash of
 * each part of the original a translation follows, recorded in the
 * translation (`translatedFrom`) by the tools that make it current, and
 * compared with the original's parts at each build. Hashes of parts rather
 * than of the file, so that the build can say what changed, and a change
 * elsewhere in the file (its review day, a draft flag) is not one the
 * translation must follow.
 */
import { createHash } from 'node:crypto';

/** The parts of an article a translation follows, in the order they are told. */
export const TRANSLATED_PARTS = ['title', 'summary', 'body', 'sources'] as const;

export type TranslatedPart = (typeof TRANSLATED_PARTS)[number];

/** A version of each part of an article. */
export type PartVersions = Record<TranslatedPart, string>;

/** What a version is written as: eight hexadecimal digits. */
const VERSION = /^[0-9a-f]{8}$/;

/**
 * The version of some bytes or text: the first eight hexadecimal digits of
 * their SHA-256, which `sha256sum` prints too, so that a record can be
 * checked by hand. Eight are plenty to tell two versions of one file apart.
 */
export function versionOf(contents: Uint8Array | string): string {
  return createHash('sha256').update(contents).digest('hex').slice(0, 8);
}

/** The version of a text with every run of white space made one space and its ends trimmed: an edit of white space alone is no change. */
export function textVersion(text: string): string {
  return versionOf(text.replace(/\s+/g, ' ').trim());
}

/** The version of each part of an article; its sources are their titles and addresses, in order. */
export function articleVersions(article: { title: string; summary: string; body: string; sources: readonly { title: string; url: string }[] }): PartVersions {
  return {
    title: textVersion(article.title),
    summary: textVersion(article.summary),
    body: textVersion(article.body),
    sources: textVersion(article.sources.map((source) => `${source.title} ${source.url}`).join(' ')),
  };
}

/** A version as a record holds it, if it is one: YAML reads some (`12345678`) as numbers, which the tools therefore write quoted. */
export function readVersion(value: unknown): string | undefined {
  return typeof value === 'string' && VERSION.test(value.trim()) ? value.trim() : undefined;
}

/** A record of the versions of an article's parts, as the tools write it; undefined when it is not one. */
export function readPartVersions(value: unknown): PartVersions | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const group = value as Record<string, unknown>;
  if (Object.keys(group).some((key) => !(TRANSLATED_PARTS as readonly string[]).includes(key))) return undefined;
  const read = TRANSLATED_PARTS.map((part) => [part, readVersion(group[part])] as const);
  return read.every(([, version]) => version !== undefined) ? (Object.fromEntries(read) as PartVersions) : undefined;
}

/** The parts whose version is not the one recorded, in the order they are told. */
export function changedParts(recorded: PartVersions, current: PartVersions): TranslatedPart[] {
  return TRANSLATED_PARTS.filter((part) => recorded[part] !== current[part]);
}

/** A version as YAML must write it to read it back as text: quoted when YAML could take it for a number (all digits and `e`s, or `0b` and binary digits). */
export function versionYaml(version: string): string {
  return /^(?:[0-9e]+|0b[01]+)$/.test(version) ? `"${version}"` : version;
}

/** The lines of a record under its `translatedFrom:`, a part on each. */
export function partVersionLines(versions: PartVersions, indent = '  '): string[] {
  return TRANSLATED_PARTS.map((part) => `${indent}${part}: ${versionYaml(versions[part])}`);
}

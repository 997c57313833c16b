/**
 * Words several entries of the catalogue share (`catalogue.ts`): a hint
 * given for one field in several ways, a phrase said of many files.
 */
import { closestName } from '../lib/closest-name.ts';
import { fewNamed } from '../lib/list-of.ts';

/** An image format as a reader knows it. */
const FORMAT_NAMES: Readonly<Record<string, string>> = { png: 'PNG', jpg: 'JPEG', jpeg: 'JPEG', gif: 'GIF', webp: 'WebP', avif: 'AVIF', svg: 'SVG' };
export const formatName = (format: string) => FORMAT_NAMES[format] ?? format.toUpperCase();

/** A field or a file's property that still says what the sample's did. */
export const stillSample = (v: { field: string; text: string }) => `'${v.field}' still says "${v.text}", from the sample site, though the identity is now the practice's own.`;
export const BYLINE_HINT = "Write the name of whoever wrote, reviewed or translated it (for most, the physician's own), or delete the line: an article's author and reviewer are the physician when left out, and a translator or a translation's reviewer left out is not named.";

export const DRAFT_HINT = "Write 'draft: true' (small letters, the colon straight after 'draft', then a space) to keep it hidden, or 'draft: false' to publish it.";

export function unknownFieldHint(field: string, known: readonly string[]): string {
  const meant = closestName(field, known);
  return `${meant === undefined ? 'Check the spelling' : `Did you mean '${meant}'? Check the spelling`}; the fields are: ${known.join(', ')}.`;
}

export const DATE_HINT = 'Write the date as YYYY-MM-DD, for example 2025-10-17, and check the month and day exist.';
export const SOURCES_HINT = 'Write each source as "- title: …" with "url: https://…" under it, indented below "sources:".';
export const HOURS_HINT = 'Write each entry as "- days: Monday–Friday" with "opens: 8:00 a.m." and "closes: 5:00 p.m." indented under it.';
export const ADDRESS_HINT = "Write 'address:' alone on its line, then street:, city:, state: and zip: below it, each indented by two spaces.";
export const IMAGE_HINT = 'Open it in an image editor and save it again as PNG or JPEG, or replace it.';
export const missingHandout = (v: { title: string; pdf: string }) => `The handout for "${v.title}" is missing: assets/pdfs/${v.pdf}.pdf does not exist.`;
export const handoutsNotInFolder = (v: { files: readonly string[]; pdfsIsFile: boolean }) =>
  `None of the ${v.files.length} handouts the topics name is in assets/pdfs/ (${fewNamed(v.files)})${v.pdfsIsFile ? ': assets/pdfs is a file, not a folder' : ''}.`;
export function handoutsFolderHint(v: { pdfsIsFile: boolean; foundIn: string | undefined }): string {
  const clear = v.pdfsIsFile ? 'Rename the file assets/pdfs, then ' : '';
  const put = v.foundIn === undefined ? `put the handouts in a folder assets/pdfs/, each named as its topic's 'pdf' field says (content/README.md, "Handouts").` : `move the handouts from ${v.foundIn} to a folder named assets/pdfs/, exactly so, since web addresses tell capitals apart.`;
  return clear === '' ? `${put.charAt(0).toUpperCase()}${put.slice(1)}` : `${clear}${put}`;
}

/** What a page's `hreflang` link says, which the pair's problems go on from. */
export const pairNamed = (v: { page: string; language: string; url: string }) => `The page ${v.page} names ${v.url} as its version in '${v.language}' (hreflang)`;
/** Where a pair is made, for the physician and for whoever changes the templates. */
export const PAIR_HINT = "A translation is paired with its original by file name (name.es.md beside name.md, DECISIONS.md \"Languages\"): check that both files are there and neither is a draft; if they are, the pair is made in build/pages/alternates.ts and written by templates/Document.tsx.";

/** Said of images, links and figures in several entries. */
export const imageNotInAssets = (v: { field: string; url: string }) => `'${v.field}' points to ${v.url}, which is not in the assets folder.`;
export const linkLeadsNowhere = (v: { url: string }) => `The link to ${v.url} leads to no page or file of this site.`;
export const imageNotOfSite = (v: { url: string }) => `The image ${v.url} is not a file of this site.`;
export const otherCapitalsHint = (v: { address: string }) => `The site has ${v.address}, which differs only in capitals: write it so, since web addresses tell capitals apart.`;
export const WITHOUT_LOCATION = 'on an iPhone, share it with Options › Location turned off; on Windows, use Properties › Details › Remove Properties and Personal Information; or export it from an image editor.';
export const FIGURE_HINT = 'Each figure is a name followed by indented value:, year:, about: and source: (with title: and url:), as in the figures already there.';

/** Of `translatedBy` or `translationReviewedBy` on an article that translates none: an original (no `original`), or one whose original file is not there. */
export function creditWithoutOriginal(v: { field: string; original: string | undefined }): string {
  const who = v.field === 'translatedBy' ? 'who translated this article' : 'who reviewed this article as a translation';
  const why = v.original === undefined ? 'it is an original, not a translation' : `it translates no article: there is no ${v.original} beside it`;
  return `'${v.field}' names ${who}, but ${why}, so its page does not show the name.`;
}
export const creditWithoutOriginalHint = (v: { original: string | undefined }) =>
  v.original === undefined
    ? "Move the line into the file of its translation, named as this one with the language's code before .md (part-d-2026.es.md translates part-d-2026.md), or delete it."
    : "If it translates an article, name it as that article's file with the language's code before .md (part-d-2026.es.md translates part-d-2026.md); if it was written in this language first, delete the line: who wrote it is its 'author'.";

/** Of a translation's `translatedFrom` whose original is not beside it. */
export const originalGone = (v: { original: string }) =>
  `This translation records which version of ${v.original} it was made from, but there is no ${v.original} beside it: the English article was renamed or deleted, and this one is now published on its own, with no link to an English version.`;
export const originalGoneHint = (v: { original: string }) =>
  `If ${v.original} was renamed, give this file the new name with the language's code before .md; if it now stands on its own, delete its translatedFrom lines.`;

/** What a translation is held to carry over from its original, named as a message names one: "the amount $2,100". */
const PARITY_NOUNS: Readonly<Record<string, string>> = { amount: 'the amount', percent: 'the percentage', number: 'the number', time: 'the time', phone: 'the phone number', link: 'a link to', figure: 'the figure' };
/** A translation and its original, and what of them a message is about. */
interface ParityNames {
  original: string;
  translation: string;
  originalLanguage: string;
  language: string;
  part: string;
  kind: string;
  written: string;
  /** Where the side that has it says it: "line 3", "lines 40 and 52", or '' when not known. */
  lines: string;
}
const paritySaid = (v: { kind: string; written: string }) => `${PARITY_NOUNS[v.kind] ?? 'the'} ${v.written}`;
const atLines = (lines: string) => (lines === '' ? '' : ` at ${lines}`);
const PARITY_HINT = 'A translation carries over every number, amount, percentage, phone number, link and {{figure}} of its original (content/README.md, "The site in Spanish").';
export const translationLacks = (v: ParityNames) => `The ${v.originalLanguage} original, ${v.original}, has ${paritySaid(v)} in its ${v.part}${atLines(v.lines)}; this ${v.language} translation does not have it in its ${v.part}.`;
export const translationLacksHint = (v: ParityNames) => `Write ${paritySaid(v)} in the ${v.language} ${v.part} as well, as the original does; or, if the original is what is wrong, correct it there. ${PARITY_HINT}`;
export const originalLacks = (v: ParityNames) => `The ${v.language} translation, ${v.translation}, has ${paritySaid(v)} in its ${v.part}${atLines(v.lines)}; this ${v.originalLanguage} original does not have it in its ${v.part}.`;
export const originalLacksHint = (v: ParityNames) => `Remove ${paritySaid(v)} from the ${v.language} ${v.part} if it does not belong there; or, if this original is what lacks it, add it here. ${PARITY_HINT}`;
export const translationDiffers = (v: ParityNames & { originalWritten: string }) => `This ${v.language} translation has ${paritySaid(v)} in its ${v.part} where its ${v.originalLanguage} original, ${v.original}, has ${v.originalWritten}${atLines(v.lines)}.`;
export const translationDiffersHint = (v: ParityNames & { originalWritten: string }) => `Write ${v.originalWritten} in the ${v.language} ${v.part} if the original is right; if not, correct the original. ${PARITY_HINT}`;

/** What a translation behind its original is told, and how the physician records it as current once it follows the original again. */
export const translationBehind = (v: { original: string; parts: string }) => `This translation was made from an earlier version of its original, ${v.original}, whose ${v.parts} ${/ and /.test(v.parts) ? 'have' : 'has'} changed since.`;
export const translationUnrecorded = (v: { original: string; unreadable: boolean }) =>
  v.unreadable
    ? `This translation's 'translatedFrom' is not the record npm run translations writes (eight hexadecimal digits for each of title, summary, body and sources), so the build cannot tell whether its original, ${v.original}, changed since.`
    : `This translation does not record which version of its original, ${v.original}, it was made from, so the build cannot tell when the original changes.`;
export const handoutBehind = (v: { language: string; title: string; original: string; translation: string }) => `The ${v.language} handout of "${v.title}", ${v.translation}, was made from an earlier version of ${v.original}, which has changed since.`;
export const handoutUnrecorded = (v: { language: string; title: string; original: string; translation: string; unreadable: boolean }) =>
  v.unreadable
    ? `The 'translatedFrom' of "${v.title}" is not the record npm run translations writes (eight hexadecimal digits), so the build cannot tell whether ${v.original} changed since its ${v.language} handout, ${v.translation}, was made from it.`
    : `The topic "${v.title}" does not record which version of ${v.original} its ${v.language} handout, ${v.translation}, was made from, so the build cannot tell when the original changes.`;
/** What to do first, then the command that records the translation as current. */
export const recordCurrentHint = (v: { doing: string; name: string }) => `${v.doing}, then run npm run translations -- --current ${v.name}, which records it as current.`;
const EACH_HANDOUT = 'then run npm run translations -- --current with its PDF\'s name for each (npm run translations lists them).';
export const HANDOUTS_BEHIND = {
  message: (g: { count: number; places: string }) => `${g.count} translated handouts were made from earlier versions of their originals, which have changed since: ${g.places}.`,
  hint: `Bring each up to date with its original, ${EACH_HANDOUT}`,
};
export const HANDOUTS_UNRECORDED = {
  message: (g: { count: number; places: string }) => `${g.count} topics do not record which version of their handout their translation was made from, so the build cannot tell when the original changes: ${g.places}.`,
  hint: `Check that each translated handout says what its original says now, ${EACH_HANDOUT}`,
};

/**
 * Every problem the build can report about the content, in one place: the
 * rule it breaks (a stable id an author can search content/README.md for),
 * whether it stops the build, what happened and what to do. Call sites pass
 * named values; the words live here, in the manner of Astro's errors-data.ts.
 * content/README.md lists the rules; a test keeps the two equal.
 */
import { counted } from '../lib/counted.ts';

import { ADDRESS_HINT, BYLINE_HINT, creditWithoutOriginal, creditWithoutOriginalHint, DATE_HINT, DRAFT_HINT, FIGURE_HINT, formatName, handoutBehind, HANDOUTS_BEHIND, HANDOUTS_UNRECORDED, handoutsFolderHint, handoutsNotInFolder, handoutUnrecorded, HOURS_HINT, IMAGE_HINT, imageNotInAssets, imageNotOfSite, linkLeadsNowhere, missingHandout, originalGone, originalGoneHint, originalLacks, originalLacksHint, otherCapitalsHint, PAIR_HINT, pairNamed, recordCurrentHint, SOURCES_HINT, stillSample, translationBehind, translationDiffers, translationDiffersHint, translationLacks, translationLacksHint, translationUnrecorded, unknownFieldHint, WITHOUT_LOCATION } from './phrases.ts';

/** The rules, by id: whether breaking one stops the build, and what it is about. */
export const RULES = {
  'unreadable-file': { severity: 'error', summary: 'a content file could not be read' },
  'invalid-encoding': { severity: 'error', summary: "a content file, or a file's or folder's name, is not UTF-8 text" },
  'invalid-front-matter': { severity: 'error', summary: "front matter is not valid YAML 'key: value' lines" },
  'invalid-field': { severity: 'error', summary: 'a field has the wrong kind of value' },
  'yaml-mistake': { severity: 'error', summary: 'a line of front matter or of a YAML file is typed so that YAML cannot read it as meant: a tab, a quote left open, no space after a colon' },
  'unknown-field': { severity: 'warning', summary: 'a field the site does not use, most often a misspelt one' },
  'curly-quotes': { severity: 'warning', summary: "a field's value is written between curly quotes, which are kept as part of it" },
  'invalid-date': { severity: 'error', summary: 'a date is not a real calendar day, or not written year-month-day' },
  'unclear-draft': { severity: 'error', summary: "'draft' is misspelt, or neither true nor false: the build stops rather than publish what may be a draft" },
  'no-front-matter': { severity: 'warning', summary: 'an article file has no front matter, so it is published as "Untitled" of 1970-01-01' },
  'empty-article': { severity: 'warning', summary: 'an article file has no title and no text' },
  'article-too-large': { severity: 'error', summary: 'an article file is larger than the build accepts' },
  'too-deeply-nested': { severity: 'error', summary: 'lists or quotes nested deeper than the build can read' },
  'empty-slug': { severity: 'error', summary: 'neither the title nor the file name gives a usable address' },
  'slug-too-long': { severity: 'error', summary: "an article's address would be too long for a file name" },
  'duplicate-slug': { severity: 'error', summary: 'two articles would answer at the same address' },
  'missing-content': { severity: 'error', summary: 'a required content file or folder is missing' },
  'folder-loop': { severity: 'error', summary: 'a folder link leads back into a folder that holds it' },
  'invalid-topic': { severity: 'error', summary: 'an education topic is incomplete or malformed' },
  'no-topics': { severity: 'warning', summary: 'the topics file lists no topics, so the education page offers no handouts' },
  'duplicate-anchor': { severity: 'error', summary: 'two education sections would share one anchor' },
  'untranslated-handout': { severity: 'warning', summary: "a topic's handout has no translation in a language the site is written in, so that language's page offers the original, marked as in its language" },
  'missing-pdf': { severity: 'error', summary: "a topic's handout PDF is not in assets/pdfs/" },
  'invalid-site': { severity: 'error', summary: 'the site identity file is incomplete or malformed' },
  'missing-asset': { severity: 'error', summary: 'a referenced image or file is not in assets/' },
  'asset-collision': { severity: 'error', summary: "an asset, or an image's smaller copies, would overwrite a generated file or each other" },
  'broken-link': { severity: 'error', summary: 'a link points to a page or file the site does not have' },
  'broken-hreflang': { severity: 'error', summary: "a page's hreflang link names a page the site does not have, one that is not canonical at that address, or one that does not name it back; or its x-default is none of its versions" },
  'unsafe-link': { severity: 'warning', summary: "a link's address is of a kind no page carries (javascript:, a tel: with letters), so the link leads nowhere" },
  'external-resource': { severity: 'error', summary: 'an image would be loaded from another website' },
  'draft-leak': { severity: 'error', summary: 'a draft article shows up in the published output' },
  'ignored-file': { severity: 'warning', summary: 'a file in the insights folder is not markdown and is skipped' },
  'unused-asset': { severity: 'warning', summary: 'a PDF or image that no page links to' },
  'sample-left': { severity: 'warning', summary: "the identity is the practice's own, but an article or the site file still names the sample, or a handout or picture is still the sample's" },
  'stale-review': { severity: 'warning', summary: 'an article or the handouts were last reviewed longer ago than the site allows' },
  'future-date': { severity: 'warning', summary: "an article's date or a review day is after the day of the build" },
  'invalid-pdf': { severity: 'error', summary: 'a handout is not a PDF that can be opened' },
  'pdf-without-title': { severity: 'warning', summary: 'a PDF has no title in its document properties' },
  'image-location': { severity: 'warning', summary: 'a published photo records the place it was taken, which anyone who saves it can read' },
  'invalid-image': { severity: 'error', summary: 'an image a page shows is empty, damaged or not of the kind its name says, so readers would see it broken' },
  'invalid-figure': { severity: 'error', summary: 'a year-bound figure is incomplete or malformed' },
  'unknown-figure': { severity: 'error', summary: 'an article quotes a figure that does not exist' },
  'figure-year-over': { severity: 'warning', summary: 'an article quotes a figure whose year is over' },
  'figure-outside-text': { severity: 'error', summary: 'a front-matter field quotes a figure, which is filled in only in the text' },
  'translation-unfinished': { severity: 'error', summary: 'a published article still has the line "TRADUCIR DESDE AQUÍ" above English text left to translate' },
  'translation-mismatch': { severity: 'warning', summary: 'a translation and its original do not carry the same numbers, amounts, percentages, phone numbers, link targets or figures' },
  'translation-outdated': { severity: 'warning', summary: "a translated article or handout was made from an earlier version of its original, which has changed since (an article's title, summary, body or sources; a handout's PDF), or does not record which version, so the build cannot tell, or records one of an original no longer beside it (renamed or deleted)" },
} as const;

export type RuleId = keyof typeof RULES;

/**
 * How several problems of one entry are told as one, so that a rule broken in
 * many files does not bury the rest: what all of them say, from how many
 * there are and the places they are at (the first few and how many more),
 * and what to do about all of them. Only an entry whose hint names none of
 * its values has one: the group tells its hint once.
 */
export interface Together {
  message: (group: { count: number; places: string }) => string;
  hint: string;
}

interface Entry<Values> {
  rule: RuleId;
  message: (values: Values) => string;
  hint: (values: Values) => string;
  together?: Together;
}

/** Declares one entry, keeping its values' type for the call sites. */
const entry = <Values = Record<never, never>>(rule: RuleId, message: (values: Values) => string, hint: (values: Values) => string, together?: Together): Entry<Values> =>
  together === undefined ? { rule, message, hint } : { rule, message, hint, together };


/** Each problem: the rule it breaks, its message and its hint, from the values its call site names. */
export const PROBLEMS = {
  unreadable: entry<{ reason: string }>('unreadable-file', (v) => `This file could not be read (${v.reason}).`, () => 'Check that the file exists, is not a broken link, and can be read.'),
  notAFile: entry('unreadable-file', () => 'This is a named pipe, a socket or a device, not a file: reading it would wait for ever.', () => 'Move it out of the content and assets folders.'),
  brokenSymlink: entry<{ target: string; reason: string }>('unreadable-file', (v) => `This file is a link to ${v.target}, which cannot be read (${v.reason}).`, () => 'Point the link at the file where it is now, or replace the link with the file itself.'),
  notUtf8: entry('invalid-encoding', () => 'This file is not UTF-8 text.', () => 'Open it in your editor and save it again with the UTF-8 encoding.'),
  fileNameNotUtf8: entry('invalid-encoding', () => "This file's name is not UTF-8 text, so the build cannot open the file by it.", () => 'Rename it with plain letters, digits and hyphens, for example cafe.md for café.md.'),
  folderNameNotUtf8: entry('invalid-encoding', () => "This folder's name is not UTF-8 text, so the files in it cannot be read.", () => 'Rename it with plain letters, digits and hyphens.'),
  missingFile: entry('missing-content', () => 'This file is missing.', () => 'Create it; content/README.md describes what it holds.'),
  missingInsightsFolder: entry('missing-content', () => 'This folder is missing.', () => 'Create it: it holds one markdown file for each article, as content/README.md describes.'),
  folderLoop: entry<{ target: string }>('folder-loop', (v) => `This folder link leads back to ${v.target}, which holds it, so its articles would be read again and again.`, () => 'Remove the link, or point it at a folder outside the insights folder.'),
  assetFolderLoop: entry<{ target: string }>('folder-loop', (v) => `This folder link leads back to ${v.target}, which holds it, so its files would be published again and again.`, () => 'Remove the link, or point it at a folder outside the assets folder.'),
  frontMatterUnclosed: entry('invalid-front-matter', () => 'The front matter opened here is never closed.', () => "Add a line with just '---' after the last front-matter field."),
  frontMatterYaml: entry<{ reason: string }>('invalid-front-matter', (v) => `The front matter is not valid YAML: ${v.reason}.`, () => "Write each field as 'key: value' on its own line; put quotes around values that contain a colon."),
  yamlTabIndent: entry('yaml-mistake', () => 'This line is indented with a tab, which YAML does not read as indentation, so its field would be read as part of another, or not at all.', () => 'Indent with spaces instead: two for each level, as the sample does.'),
  yamlUnclosedQuote: entry<{ quote: string }>('yaml-mistake', (v) => `The quote (${v.quote}) that opens this value is never closed, so every line after it would be read as part of the value.`, (v) => `Add the closing ${v.quote} at the end of the value, or remove the opening one: a value needs quotes only when it holds a colon followed by a space, or starts with a character such as # or [.`),
  yamlNoSpaceAfterColon: entry<{ key: string; value: string }>('yaml-mistake', (v) => `'${v.key}:${v.value}' has no space after its colon, so it is not read as the field '${v.key}'.`, (v) => `Write '${v.key}: ${v.value}', with a space after the colon.`),
  siteTranslationMissing: entry<{ field: string }>('invalid-site', (v) => (v.field === 'biography' ? 'This translation of site.md has no biography after its front matter, so the About page in its language would have no text.' : `This translation of site.md has no '${v.field}', which every page in its language shows.`), (v) => (v.field === 'biography' ? "Write the biography in this language after the closing '---' line, as site.md has it in English." : `Add '${v.field}: …' with the text of site.md's '${v.field}' in this language.`)),
  siteTranslationList: entry<{ field: string; count: number; original: string }>('invalid-site', (v) => `'${v.field}' must list ${v.count} entries, one for each of site.md's, in the same order: ${v.original}.`, (v) => `Write each entry of site.md's '${v.field}' in this language, as a list ('- …' on its own line).`),
  siteNoFrontMatter: entry('invalid-front-matter', () => "The site identity file does not start with a '---' line, so none of its fields can be read.", () => "Make '---' the first line, and put another '---' line after the last field, before the biography."),
  frontMatterNotFields: entry('invalid-front-matter', () => 'The front matter is not a list of fields.', () => "Write each field as 'key: value' on its own line between the '---' lines."),
  fieldNotText: entry<{ field: string }>('invalid-field', (v) => `'${v.field}' must be plain text, not a list or a group of fields.`, (v) => `Write it on one line, as '${v.field}: your text'.`),
  curlyQuotes: entry<{ field: string; written: string; image: boolean }>(
    'curly-quotes',
    (v) => `'${v.field}' is written between curly quotes, ${v.written}, which are kept as part of its value, as if they were letters of it${v.image ? ', so the image is looked for under a name with them' : ''}.`,
    () => 'Use straight quotes ("…"), as the sample does, or none. An editor may curl them as you type: in TextEdit, turn off Edit › Substitutions › Smart Quotes.',
  ),
  unknownField: entry<{ field: string; known: readonly string[] }>('unknown-field', (v) => `'${v.field}' is not a field this file uses, so it is ignored.`, (v) => unknownFieldHint(v.field, v.known)),
  invalidDate: entry<{ field: string; written: string }>('invalid-date', (v) => `'${v.field}' is not a real calendar day: "${v.written}".`, () => DATE_HINT),
  dateOtherFormat: entry<{ field: string; written: string; day: string }>('invalid-date', (v) => `'${v.field}' is written "${v.written}", a form the build does not read: a date is written year-month-day, with dashes.`, (v) => `Write ${v.day} (YYYY-MM-DD), if that is the day you meant.`),
  unclearDraft: entry<{ written: string }>('unclear-draft', (v) => (v.written === '' ? "'draft' has no value, so the build cannot tell whether this article is ready to publish." : `'draft' is "${v.written}", which is neither true nor false, so the build cannot tell whether this article is ready to publish.`), () => DRAFT_HINT),
  misspeltDraft: entry<{ written: string }>('unclear-draft', (v) => `'${v.written}' is not written as the field 'draft', so the build cannot tell whether this article is ready to publish.`, () => DRAFT_HINT),
  sourcesNotList: entry('invalid-field', () => "'sources' must be a list.", () => SOURCES_HINT),
  sourceIncomplete: entry<{ position: number; title: string; url: string }>('invalid-field', (v) => `Source ${v.position} needs a title and a web address starting with https:// (got "${v.title}", "${v.url}").`, () => SOURCES_HINT),
  noFrontMatter: entry('no-front-matter', () => 'This article has no front matter starting on its first line, so it is published as "Untitled", dated 1970-01-01, in the Insights list and the feeds.', () => "Start the file with a '---' line, then 'title: …' and 'date: YYYY-MM-DD', then '---' (npm run new -- \"Title\" starts one); to keep it off the site, add 'draft: true' that way, or move it out of the insights folder."),
  emptyArticle: entry('empty-article', () => 'This article file is empty, so it is left out of the site rather than shown as "Untitled", dated 1970-01-01, with no text.', () => 'Write its front matter and text (npm run new -- "Title" starts one), or delete the file.'),
  articleTooLarge: entry<{ size: string; limit: string }>('article-too-large', (v) => `This article is ${v.size}, more than the ${v.limit} an article may be.`, () => 'Split it into several articles, or move long tables and lists into a PDF handout.'),
  tooDeeplyNested: entry<{ depth: number | undefined }>('too-deeply-nested', (v) => (v.depth === undefined ? 'Markup here (lists, quotes, emphasis or links) is nested more deeply than the build can read.' : `Lists or quotes here are nested ${v.depth} levels deep, more than the build can read.`), () => 'Use fewer levels of indentation; a reader follows two or three.'),
  articleLanguageWithoutSite: entry<{ language: string; siteFile: string }>('invalid-site', (v) => `This article is in ${v.language} (its name ends in the language's code before .md), but the site is not written in ${v.language}: content/${v.siteFile} is missing.`, (v) => `Add content/${v.siteFile}, the ${v.language} words of site.md (content/README.md, "The site in Spanish"), or rename the file if it is not a translation.`),
  emptySlug: entry('empty-slug', () => 'Neither the title nor the file name contains a letter or digit to build the address from.', () => 'Give the file a name made of letters and digits, for example knee-pain.md.'),
  slugTooLong: entry<{ length: number; limit: number }>('slug-too-long', (v) => `The title makes an address of ${v.length} characters, more than the ${v.limit} a file name can hold.`, () => 'Shorten the title; a short title also reads better in search results.'),
  duplicateSlug: entry<{ how: 'title' | 'file name'; url: string; other: string }>('duplicate-slug', (v) => `This article's ${v.how} gives the address ${v.url}, which ${v.other} also has.`, () => 'Change the title of one of the two articles, or rename one of the files.'),
  ignoredFile: entry('ignored-file', () => 'This file is skipped: only .md files are articles.', () => 'Rename it to end in .md if it is an article, or move it out of the insights folder.', {
    message: (g) => `${g.count} files of the insights folder are skipped, since only .md files are articles: ${g.places}.`,
    hint: 'Rename each that is an article to end in .md, and move the others out of the insights folder.',
  }),
  topicNotFields: entry('invalid-topic', () => 'Each topic must be a group of fields starting with "- title:".', () => 'Copy an existing topic and change its values.'),
  topicFieldNotText: entry<{ field: string }>('invalid-topic', (v) => `'${v.field}' must be plain text.`, (v) => `Write it on one line, as '${v.field}: your text'.`),
  topicUntranslated: entry<{ title: string; language: string; code: string }>('invalid-topic', (v) => `The topic "${v.title}" has no ${v.language} title, so the ${v.language} education page would show it in English.`, (v) => `Add its words under the topic, indented: '${v.code}:' then 'title:' and 'system:' (and 'subgroup:' where it has one) in ${v.language}.`),
  handoutUntranslated: entry<{ title: string; language: string }>('untranslated-handout', (v) => `The ${v.language} handout of "${v.title}" is not in assets/pdfs/, so the ${v.language} education page offers the English one, marked as in English.`, () => "Save the translated PDF under this name, beside the English one; `npm run sample-handouts` makes a sample until the practice's own is ready."),
  topicIncomplete: entry<{ missing: 'title' | 'system' }>('invalid-topic', (v) => `This topic has no ${v.missing}.`, () => "Every topic needs at least 'title:' and 'system:'."),
  topicExternalNotUrl: entry<{ title: string; external: string }>('invalid-topic', (v) => `'external' of "${v.title}" is not a web address: "${v.external}".`, () => 'Write the full address starting with https://, or leave it as "".'),
  topicPdfName: entry<{ title: string; pdf: string }>('invalid-topic', (v) => `'pdf' of "${v.title}" is not a plain file name: "${v.pdf}".`, () => 'Use letters, digits, dots, hyphens and underscores only, for example low-back-pain.'),
  topicsYaml: entry<{ reason: string }>('invalid-topic', (v) => `The topics file is not valid YAML: ${v.reason}.`, () => 'Compare the line with the topics around it: each starts with "- title:" and the other fields are indented under it.'),
  topicsNotList: entry('invalid-topic', () => 'The topics file must be a list of topics.', () => 'Start each topic with "- title:".'),
  topicsNone: entry('no-topics', () => 'The topics file lists no topics, so the education page offers no handouts and the home page no topics.', () => 'List each handout as a topic starting with "- title:" (content/README.md shows the fields); if the file was emptied by mistake, restore it with git.'),
  missingPdf: entry<{ title: string; pdf: string }>('missing-pdf', missingHandout, (v) => `Add the PDF as assets/pdfs/${v.pdf}.pdf, or correct the 'pdf' field.`),
  missingPdfElsewhere: entry<{ title: string; pdf: string; found: string }>(
    'missing-pdf',
    missingHandout,
    (v) => `The file is at ${v.found}: move or rename it to assets/pdfs/${v.pdf}.pdf, exactly so, since web addresses tell capitals apart.`,
  ),
  handoutsFolderEmpty: entry<{ files: readonly string[]; pdfsIsFile: boolean; foundIn: string | undefined }>('missing-pdf', handoutsNotInFolder, handoutsFolderHint),
  anchorEmpty: entry<{ name: string }>('duplicate-anchor', (v) => `The section name "${v.name}" has no letter or digit to make its anchor from.`, () => 'Give the system or subgroup a name with letters.'),
  anchorOfLayout: entry<{ name: string; anchor: string }>('duplicate-anchor', (v) => `The section "${v.name}" would be reached at /education#${v.anchor}, an anchor the page's layout already uses, so links to it would lead elsewhere.`, () => 'Rename the section, for example "Main Joints" rather than "Main".'),
  anchorShared: entry<{ earlier: string; name: string; anchor: string }>('duplicate-anchor', (v) => `The sections "${v.earlier}" and "${v.name}" would both be reached at /education#${v.anchor}.`, () => 'Rename one of them, for example "Hand/Wrist (Arthritis)".'),
  siteFieldMissing: entry<{ field: string }>('invalid-site', (v) => `The site identity has no '${v.field}'.`, (v) => `Add a line '${v.field}: …' between the '---' lines.`),
  siteUrlInvalid: entry<{ written: string }>('invalid-site', (v) => `'siteUrl' is not a web address: "${v.written}".`, () => 'Write the full address, for example https://www.example.com.'),
  reviewAgeInvalid: entry<{ written: string }>('invalid-site', (v) => `'reviewMaxAgeMonths' must be a whole number of months, not "${v.written}".`, () => 'Write for example reviewMaxAgeMonths: 12.'),
  siteFieldInvalid: entry<{ field: string; written: string; example: string }>('invalid-site', (v) => `'${v.field}' is not valid: "${v.written}".`, (v) => `Write it as in this example: ${v.example}.`),
  phoneInvalid: entry<{ field: string; written: string }>('invalid-site', (v) => `'${v.field}' is not a US phone number: "${v.written}".`, (v) => `Write the 10-digit number with its area code, for example ${v.field}: (305) 555-0142.`),
  addressNotFields: entry('invalid-site', () => "'address' must be a group of fields on the lines below it, not text on its own line.", () => ADDRESS_HINT),
  addressMissing: entry<{ part: string }>('invalid-site', (v) => `The address has no '${v.part}'.`, () => ADDRESS_HINT),
  zipInvalid: entry<{ written: string }>('invalid-site', (v) => `'zip' is not a US ZIP code: "${v.written}".`, () => 'Write its 5 digits, or the ZIP+4, for example 33101 or 33101-1234.'),
  hoursNotList: entry('invalid-site', () => "'hours' must be a list of days, each with the times the office opens and closes.", () => HOURS_HINT),
  hoursEntryMissing: entry<{ position: number; missing: string }>('invalid-site', (v) => `Entry ${v.position} of 'hours' has no '${v.missing}'.`, () => HOURS_HINT),
  hoursDaysInvalid: entry<{ position: number; written: string }>('invalid-site', (v) => `Entry ${v.position} of 'hours': "${v.written}" is not a day or a range of days.`, () => 'Write the days as Monday, as a range such as Monday–Friday, or as a list such as Monday, Wednesday and Friday.'),
  hoursTimeInvalid: entry<{ position: number; field: string; written: string }>('invalid-site', (v) => `Entry ${v.position} of 'hours': '${v.field}' is not a time of day: "${v.written}".`, () => 'Write a time as 8:00 a.m. or 5:30 p.m. (or on the 24-hour clock, 17:30).'),
  hoursOverlap: entry<{ day: string; first: number; second: number }>('invalid-site', (v) => `Entries ${v.first} and ${v.second} of 'hours' both give ${v.day}, at times that overlap, so readers would see two sets of hours for that day.`, () => 'Give each day once, or, for a day with two sessions (closed for lunch), times that do not overlap.'),
  hoursReversed: entry<{ position: number; opens: string; closes: string }>('invalid-site', (v) => `Entry ${v.position} of 'hours' closes (${v.closes}) before it opens (${v.opens}).`, () => 'Check a.m. and p.m.: a time without them is read on the 24-hour clock, so 5:00 is 5 in the morning; write 5:00 p.m.'),
  siteListInvalid: entry<{ field: string }>('invalid-site', (v) => `'${v.field}' must be a list, each item on its own line starting with "- ".`, (v) => `Write '${v.field}:' alone on its line, then each item below it as "  - …".`),
  imageMissing: entry<{ field: string; url: string }>('missing-asset', imageNotInAssets, (v) => `Put the image in assets/ and write its path from the site root, for example /images/${v.field}.png.`),
  imageMissingOtherCapitals: entry<{ field: string; url: string; address: string }>('missing-asset', imageNotInAssets, otherCapitalsHint),
  imageUnmeasurable: entry<{ field: string; url: string }>('missing-asset', (v) => `'${v.field}' points to ${v.url}, which is not an image whose size can be read.`, () => 'Use a PNG, JPEG, WebP, AVIF, GIF or SVG file (an SVG needs width and height or a viewBox).'),
  assetCollision: entry<{ path: string }>('asset-collision', (v) => `This asset would replace the generated file ${v.path}.`, () => 'Rename or move the asset; the generator writes that path itself.'),
  imageCopyCollision: entry<{ copy: string; other: string }>('asset-collision', (v) => `This image's smaller copies would be published at the same paths as those of ${v.other} (${v.copy}), so one image would show in the other's place.`, () => 'Rename one of the two images: the copies are named after the image without its extension.'),
  linkBroken: entry<{ url: string; sections: string | undefined; target: string }>(
    'broken-link',
    (v) => (v.sections === undefined ? linkLeadsNowhere(v) : `The link to ${v.url} names a section that ${v.target} does not have.`),
    (v) => (v.sections === undefined ? 'Check the address: articles are at /insights/{slug} (in Spanish, /es/insights/{slug}), handouts at /pdfs/{file}.pdf, sections at /education#{anchor}; a draft has no page in the published site.' : `The sections of ${v.target} are: ${v.sections || 'none'}.`),
  ),
  articleSectionMissing: entry<{ url: string; sections: string; target: string }>(
    'broken-link',
    (v) => `The link to ${v.url} names a section that ${v.target} does not have.`,
    (v) => `The headings of an article's text have no anchor to link to: link to the article without the #section, or to a section its page has: ${v.sections || 'none'}.`,
  ),
  imageBroken: entry<{ url: string }>('broken-link', imageNotOfSite, () => 'Save the image in assets/images/ and write its path from the site root, as /images/{file}; check the spelling and the capital letters, which must match the file name exactly.'),
  linkOtherCapitals: entry<{ url: string; address: string }>('broken-link', linkLeadsNowhere, otherCapitalsHint),
  linkToArticleFile: entry<{ url: string; address: string }>(
    'broken-link',
    (v) => `The link to ${v.url} names an article's markdown file, which the site does not publish.`,
    (v) => `Link to ${v.address}: the address of that file's name, which leads to the article and stays the same when its title changes.`,
  ),
  imageOtherCapitals: entry<{ url: string; address: string }>('broken-link', imageNotOfSite, otherCapitalsHint),
  templateLinkBroken: entry<{ page: string; url: string }>('broken-link', (v) => `The page ${v.page} refers to ${v.url}, which leads to no page or file of this site.`, () => 'This reference comes from a template or the site identity file, not from an article: correct it there.'),
  externalImage: entry<{ url: string }>('external-resource', (v) => `The image ${v.url} would be loaded from another website.`, () => 'Save the image in assets/images/ and link it as /images/{file}.'),
  draftLeak: entry<{ what: string; file: string }>('draft-leak', (v) => `This draft's ${v.what} appears in ${v.file}, which a production build must never publish.`, () => 'Remove the reference to the draft from the published content; if there is none, this is a generator bug to report.'),
  unusedAsset: entry<{ path: string }>('unused-asset', (v) => `No page links to /${v.path}.`, () => 'Link to it from an article or a topic, or delete it if it is no longer needed.', {
    message: (g) => `No page links to ${g.count} of the files in assets/: ${g.places}.`,
    hint: 'Link to each from an article or a topic, or delete those no longer needed.',
  }),
  sampleLeft: entry<{ field: string; text: string }>('sample-left', stillSample, () => "Replace it with the practice's own."),
  sampleByline: entry<{ field: string; text: string }>('sample-left', stillSample, () => BYLINE_HINT, {
    message: (g) => `The articles still give a name from the sample site as their author, reviewer or translator in ${g.count} places: ${g.places}.`,
    hint: BYLINE_HINT,
  }),
  sampleHandout: entry<{ text: string }>('sample-left', (v) => stillSample({ field: 'Subject', text: v.text }), () => 'This PDF is a sample handout: put your own in its place under the same file name (content/README.md, "Handouts").', {
    message: (g) => `${g.count} handouts are still the sample's, their 'Subject' saying "Sample patient-education handout", though the identity is now the practice's own: ${g.places}.`,
    hint: 'They are sample handouts: put your own in their place, each under the same file name (content/README.md, "Handouts").',
  }),
  samplePicture: entry<{ field: 'photo' | 'socialImage'; text: string }>('sample-left', stillSample, (v) => `This picture is the sample's: put the practice's own in its place, or point '${v.field}' in site.md at another and delete this one: every file of assets/ is published.`),
  staleReview: entry<{ reviewed: string; months: number }>('stale-review', (v) => `This article was last reviewed on ${v.reviewed}, more than ${counted(v.months, 'month')} ago.`, () => "Check that it is still accurate, then set 'lastReviewed:' to today's date.", {
    message: (g) => `${g.count} articles were last reviewed longer ago than 'reviewMaxAgeMonths' in site.md allows: ${g.places}.`,
    hint: "Check that each is still accurate, then set its 'lastReviewed:' to today's date.",
  }),
  futureDate: entry<{ field: string; day: string; today: string }>(
    'future-date',
    (v) => `'${v.field}:' is ${v.day}, a day still to come: the build ran on ${v.today}.`,
    (v) => (v.field === 'date' ? "An article is published when it is built, whatever its date, and listed first until that day: check the year, or keep 'draft: true' until then." : 'A review day still to come keeps the page from ever saying it may be out of date: write the day the facts were checked.'),
  ),
  staleHandouts: entry<{ reviewed: string; months: number }>('stale-review', (v) => `The handouts were last reviewed on ${v.reviewed}, more than ${counted(v.months, 'month')} ago.`, () => "Check that each handout is still accurate, then set 'handoutsLastReviewed:' to today's date."),
  invalidPdf: entry('invalid-pdf', () => 'This file is not a PDF that can be opened.', () => 'Export the handout again as a PDF, or replace the file.'),
  pdfWithoutTitle: entry('pdf-without-title', () => 'This PDF has no title in its document properties, so readers and search engines see only its file name.', () => 'Set the title in the program that made the PDF (File › Properties), then export it again.', {
    message: (g) => `${g.count} PDFs have no title in their document properties, so readers and search engines see only their file names: ${g.places}.`,
    hint: 'Set the title of each in the program that made it (File › Properties), then export it again.',
  }),
  logoUndecodable: entry('invalid-image', () => 'This logo could not be decoded to make the icon a phone shows for the site on its home screen.', () => IMAGE_HINT),
  photoLocation: entry<{ latitude: number; longitude: number }>(
    'image-location',
    (v) => `This photo records the place it was taken (latitude ${v.latitude}, longitude ${v.longitude}) in its EXIF data, and the site publishes it as it is: anyone who saves it can read the place.`,
    () => `Save it again without its location: ${WITHOUT_LOCATION}`,
    {
      message: (g) => `${g.count} photos record the place they were taken in their EXIF data, and the site publishes them as they are, so anyone who saves one can read the place: ${g.places}.`,
      hint: `Save each again without its location: ${WITHOUT_LOCATION}`,
    },
  ),
  faviconUndecodable: entry('invalid-image', () => "This favicon could not be decoded to make favicon.ico, the icon a browser's tab shows.", () => IMAGE_HINT),
  imageEmpty: entry<{ url: string }>('invalid-image', (v) => `The image ${v.url} is an empty file, so readers would see it broken.`, () => IMAGE_HINT),
  imageNotImage: entry<{ url: string }>('invalid-image', (v) => `The image ${v.url} is not an image file (none of PNG, JPEG, GIF, WebP, AVIF or SVG), so readers would see it broken.`, () => IMAGE_HINT),
  imageDamaged: entry<{ url: string }>('invalid-image', (v) => `The image ${v.url} is cut short or damaged: its pixels cannot be read, so readers would see it broken.`, () => IMAGE_HINT),
  imageMislabelled: entry<{ url: string; found: string; extension: string }>(
    'invalid-image',
    (v) => `The image ${v.url} is in ${formatName(v.found)} format under a name ending in .${v.extension}, which browsers take for ${formatName(v.extension)}, so readers would see it broken.`,
    (v) => `Save it again as ${formatName(v.extension)} from an image editor, or rename it to end in the extension of what it is and write the new name where it is used.`,
  ),
  figuresYaml: entry<{ reason: string }>('invalid-figure', (v) => `The figures file is not valid YAML: ${v.reason}.`, () => FIGURE_HINT),
  figuresNotMap: entry('invalid-figure', () => 'The figures file must be a list of named figures.', () => FIGURE_HINT),
  figureName: entry<{ name: string }>('invalid-figure', (v) => `"${v.name}" is not a usable figure name: use letters and digits only, starting with a letter.`, () => FIGURE_HINT),
  figureValue: entry<{ name: string }>('invalid-figure', (v) => `The figure ${v.name} needs a value and the year it applies to.`, () => FIGURE_HINT),
  figureNotText: entry<{ name: string; field: string }>('invalid-figure', (v) => `The figure ${v.name} has a list or a group of fields as its ${v.field}: it must be one line of text, which articles print as written.`, () => FIGURE_HINT),
  figureSource: entry<{ name: string }>('invalid-figure', (v) => `The figure ${v.name} needs a source with a title and a web address.`, () => FIGURE_HINT),
  unsafeLink: entry<{ url: string }>('unsafe-link', (v) => `The address "${v.url}" is left out of the page, so this link leads nowhere: a page keeps only web, e-mail and chat addresses, and tel: links written in digits.`, () => 'Link a web page by its https:// address, and a phone number as tel: with digits, for example [1-800-MEDICARE](tel:+18006334227).'),
  unknownFigure: entry<{ name: string; known: readonly string[] }>('unknown-figure', (v) => `There is no figure called {{${v.name}}}.`, (v) => (v.known.length === 0 ? 'Check the spelling, or add it to content/medicare-figures.yaml, which holds no figures: if that file was deleted, restore it.' : `Check the spelling, or add it to content/medicare-figures.yaml. The figures are: ${v.known.join(', ')}.`)),
  figureOutsideText: entry<{ field: string; name: string }>('figure-outside-text', (v) => `'${v.field}' quotes {{${v.name}}}, but figures are filled in only in an article's text, so readers would see the braces.`, () => 'Write the amount itself in this field, or quote the figure in the text below the front matter.'),
  figureYearOver: entry<{ figures: string }>('figure-year-over', (v) => `This article quotes figures for a year that is over: ${v.figures}.`, () => 'Check the current amounts, add them to content/medicare-figures.yaml with this year, and update the article.'),
  translationUnfinished: entry('translation-unfinished', () => 'This article is not a draft, but it still has the line "TRADUCIR DESDE AQUÍ" that starts a translation, so the English text below it would be published untranslated.', () => "Translate the English text below that line into Spanish and delete the line; until then, keep 'draft: true'."),
  pairTargetMissing: entry<{ page: string; language: string; url: string }>('broken-hreflang', (v) => `${pairNamed(v)}, but the site has no page there, so search engines ignore the pair.`, () => PAIR_HINT),
  pairTargetNoindex: entry<{ page: string; language: string; url: string }>('broken-hreflang', (v) => `${pairNamed(v)}, but that page asks search engines not to index it (noindex), so they ignore the pair.`, () => PAIR_HINT),
  pairTargetNotCanonical: entry<{ page: string; language: string; url: string; canonical: string }>('broken-hreflang', (v) => `${pairNamed(v)}, but that page's canonical address is ${v.canonical}, so search engines ignore the pair.`, () => `Name each version by its canonical address. ${PAIR_HINT}`),
  pairNotReciprocal: entry<{ page: string; language: string; url: string; own: string }>('broken-hreflang', (v) => `${pairNamed(v)}, but that page does not name ${v.page} back as its version in '${v.own}', so search engines ignore the pair.`, () => `Every version must name every other, itself included, each under its own language. ${PAIR_HINT}`),
  pairDefaultOutside: entry<{ page: string; language: string; url: string }>('broken-hreflang', (v) => `${pairNamed(v)}, but that is none of the versions its other hreflang links name.`, () => `Point x-default at one of the page's versions, the English one. ${PAIR_HINT}`),
  creditWithoutOriginal: entry<{ field: string; original: string | undefined }>('unknown-field', creditWithoutOriginal, creditWithoutOriginalHint),
  translationLacks: entry<Parameters<typeof translationLacks>[0]>('translation-mismatch', translationLacks, translationLacksHint),
  originalLacks: entry<Parameters<typeof originalLacks>[0]>('translation-mismatch', originalLacks, originalLacksHint),
  translationDiffers: entry<Parameters<typeof translationDiffers>[0]>('translation-mismatch', translationDiffers, translationDiffersHint),
  translationOutdated: entry<{ original: string; parts: string; name: string }>('translation-outdated', translationBehind, (v) => recordCurrentHint({ name: v.name, doing: `Bring it up to date with the ${v.parts} of ${v.original}` })),
  originalGone: entry<{ original: string }>('translation-outdated', originalGone, originalGoneHint),
  translationUnrecorded: entry<{ original: string; name: string; unreadable: boolean }>('translation-outdated', translationUnrecorded, (v) => recordCurrentHint({ name: v.name, doing: `Check that it says what ${v.original} says now` })),
  handoutOutdated: entry<{ language: string; title: string; original: string; translation: string; name: string }>('translation-outdated', handoutBehind, (v) => recordCurrentHint({ name: v.name, doing: `Bring ${v.translation} up to date with ${v.original}` }), HANDOUTS_BEHIND),
  handoutUnrecorded: entry<{ language: string; title: string; original: string; translation: string; name: string; unreadable: boolean }>('translation-outdated', handoutUnrecorded, (v) => recordCurrentHint({ name: v.name, doing: `Check that ${v.translation} says what ${v.original} says now` }), HANDOUTS_UNRECORDED),
} as const;

export type ProblemId = keyof typeof PROBLEMS;

/** The values a problem's message and hint are made from. */
export type ProblemValues<Id extends ProblemId> = (typeof PROBLEMS)[Id] extends Entry<infer Values> ? Values : never;

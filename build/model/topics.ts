/**
 * The education topics (`content/education-topics.yaml`): a YAML list of
 * handouts, each checked for its required fields, a safe PDF name, an
 * existing PDF and a web address for its external source, then grouped by
 * system and subgroup (spec §2 Education, §3 Education topic).
 */
import path from 'node:path';
import { isMap, isScalar, isSeq, type Node as YamlNode } from 'yaml';
import { EDUCATION_LAYOUT_IDS } from '../config.ts';
import { problem, type ContentDiagnostic } from '../diagnostics/index.ts';
import { sectionAnchor } from '../lib/anchor.ts';
import { pdfFileStem, pdfUrl } from '../lib/pdf-url.ts';
import type { AssetFile } from '../load/index.ts';
import type { YamlFile } from '../parse/index.ts';
import { scalarText } from './fields.ts';
import { DEFAULT_LANGUAGE, LANGUAGE_NAMES, TRANSLATED_LANGUAGES, translatedFileName, type Language } from '../lib/languages.ts';
import { readVersion } from '../lib/translation-version.ts';
import type { Topic, TopicSystem, TopicWords, TranslationStanding } from './types.ts';

/** The fields of a topic (spec §3 Education topic). */
export const TOPIC_FIELDS = ['title', 'system', 'subgroup', 'pdf', 'external', 'sourceTitle'] as const;
type TopicField = (typeof TOPIC_FIELDS)[number] | (typeof TRANSLATED_TOPIC_FIELDS)[number];
type Report = (diagnostic: ContentDiagnostic) => void;

/** A PDF file name we can put in a URL and find on disk: no folders, no spaces. */
const SAFE_FILE_STEM = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** The PDFs of assets/, as topics look their handouts up. */
interface Handouts {
  /** Under assets/pdfs/, by file name. */
  byName: ReadonlyMap<string, AssetFile>;
  /** Every PDF of assets/ by its file name in small letters: where a handout saved in another folder, or named with capitals, is found. */
  byLowerName: ReadonlyMap<string, AssetFile>;
  /** Whether assets/pdfs is a file rather than the handouts' folder. */
  pdfsIsFile: boolean;
}

function handoutsOf(assets: readonly AssetFile[]): Handouts {
  const pdfs = assets.filter((asset) => asset.relativePath.toLowerCase().endsWith('.pdf'));
  return {
    byName: new Map(pdfs.filter((asset) => asset.relativePath.startsWith('pdfs/')).map((asset) => [asset.relativePath.slice('pdfs/'.length), asset])),
    byLowerName: new Map(pdfs.map((asset) => [asset.relativePath.split('/').pop()?.toLowerCase() ?? '', asset])),
    pdfsIsFile: assets.some((asset) => asset.relativePath === 'pdfs'),
  };
}

/** A topic whose handout is not in assets/pdfs/, and the PDF of that name elsewhere in assets/ (or in other capitals), if any. */
interface MissingHandout {
  at: { file: string; line: number | undefined };
  title: string;
  pdf: string;
  elsewhere: AssetFile | undefined;
}

/**
 * Tells of the topics whose handouts are missing: each at its line, or, when
 * assets/pdfs/ holds no PDF at all and several are missing, once, since the
 * folder is what is wrong (missing, misnamed, or a file).
 */
function reportMissingHandouts(missing: readonly MissingHandout[], handouts: Handouts, report: Report): void {
  const first = missing[0];
  if (first !== undefined && missing.length > 1 && handouts.byName.size === 0) {
    const found = missing.find((topic) => topic.elsewhere !== undefined)?.elsewhere;
    const folder = found === undefined ? undefined : path.posix.dirname(found.relativePath);
    const foundIn = folder === undefined ? undefined : folder === '.' ? 'assets/' : `assets/${folder}/`;
    report(problem('handoutsFolderEmpty', first.at, { files: missing.map((topic) => `${topic.pdf}.pdf`), pdfsIsFile: handouts.pdfsIsFile, foundIn }));
    return;
  }
  for (const { at, title, pdf, elsewhere } of missing) {
    report(elsewhere === undefined ? problem('missingPdf', at, { title, pdf }) : problem('missingPdfElsewhere', at, { title, pdf, found: `assets/${elsewhere.relativePath}` }));
  }
}

/** The fields of a topic's group in another language (`es:`): its words, and the version of the handout its own translates (written by `npm run translations`). */
export const TRANSLATED_TOPIC_FIELDS = ['title', 'system', 'subgroup', 'translatedFrom'] as const;

/** A topic's fields as written, its words in each other language, and what each of those records of the handout its own translates. */
type TopicValues = Partial<Record<TopicField, string>> & { translations: Partial<Record<Language, TopicWords>>; records: Partial<Record<Language, string>> };

/** A scalar's text as written: YAML reads a version such as `00123456` as a number, whose zeros are lost. */
const writtenText = (node: YamlNode | null, value: unknown) => (typeof value !== 'string' && isScalar(node) && typeof node.source === 'string' ? node.source : scalarText(value));

/** A mapping's fields as text, each reported where it is not; a group named by a language's code is read as the topic's words in it. */
function fieldValues(item: YamlNode, yaml: YamlFile, known: readonly string[], report: Report): TopicValues | undefined {
  if (!isMap(item)) {
    report(problem('topicNotFields', { file: yaml.file, line: yaml.lineOf(item) }));
    return undefined;
  }
  const values: TopicValues = { translations: {}, records: {} };
  for (const pair of item.items) {
    const key = scalarText((pair.key as { value?: unknown } | null)?.value ?? '');
    const at = { file: yaml.file, line: yaml.lineOf(pair.key as YamlNode) };
    const node = pair.value as YamlNode | null;
    const value = (node as { value?: unknown } | null)?.value;
    if (known === TOPIC_FIELDS && (TRANSLATED_LANGUAGES as readonly string[]).includes(key) && isMap(node)) {
      const translated = fieldValues(node, yaml, TRANSLATED_TOPIC_FIELDS, report);
      values.translations[key as Language] = translatedWords(translated, { file: yaml.file, line: yaml.lineOf(node) }, report);
      values.records[key as Language] = translated?.translatedFrom;
    } else if (!known.includes(key)) report(problem('unknownField', at, { field: key, known: [...known, ...TRANSLATED_LANGUAGES] }));
    else if (value !== null && value !== undefined && typeof value === 'object') report(problem('topicFieldNotText', at, { field: key }));
    else values[key as TopicField] = value === null || value === undefined ? '' : writtenText(node, value).trim();
  }
  return values;
}

/** A topic's words in another language, from its group's fields; a title or system left out is the topic's own, reported. */
function translatedWords(words: TopicValues | undefined, at: { file: string; line: number | undefined }, report: Report): TopicWords | undefined {
  if (words === undefined) return undefined;
  const { title = '', system = '', subgroup = '' } = words;
  if (title !== '' && system !== '') return { title, system, subgroup };
  report(problem('topicIncomplete', at, { missing: title === '' ? 'title' : 'system' }));
  return undefined;
}

/** How a translated handout stands against the original's bytes, by the version its group records. */
function handoutStanding(recorded: string | undefined, original: string | undefined): TranslationStanding['state'] {
  if (recorded === undefined || recorded === '') return 'unrecorded';
  const version = readVersion(recorded);
  if (version === undefined) return 'unreadable';
  return version === original ? 'current' : 'outdated';
}

/** Its handout in each other language, where assets/pdfs/ has one (`{pdf}.es.pdf`). */
function translatedHandouts(pdf: string, handouts: Handouts, records: TopicValues['records']): Topic['translatedPdfs'] {
  const found: Topic['translatedPdfs'] = {};
  const original = handouts.byName.get(`${pdf}.pdf`)?.version;
  for (const language of TRANSLATED_LANGUAGES) {
    const stem = translatedFileName(`${pdf}.pdf`, language).slice(0, -'.pdf'.length);
    const handout = handouts.byName.get(`${stem}.pdf`);
    if (handout !== undefined) found[language] = { url: pdfUrl(stem), bytes: handout.size, pages: handout.pdf?.pages ?? 0, standing: handoutStanding(records[language], original) };
  }
  return found;
}

function readTopic(item: YamlNode, yaml: YamlFile, handouts: Handouts, report: Report): Topic | undefined {
  const at = { file: yaml.file, line: yaml.lineOf(item) };
  const values = fieldValues(item, yaml, TOPIC_FIELDS, report);
  if (values === undefined) return undefined;
  const { title = '', system = '', subgroup = '', external = '', sourceTitle = '' } = values;
  const pdf = pdfFileStem(values.pdf ?? '', title);
  if (title === '' || system === '') report(problem('topicIncomplete', at, { missing: title === '' ? 'title' : 'system' }));
  else if (external !== '' && !/^https?:\/\/[^\s]+$/i.test(external)) report(problem('topicExternalNotUrl', at, { title, external }));
  else if (!SAFE_FILE_STEM.test(pdf)) report(problem('topicPdfName', at, { title, pdf }));
  else {
    const handout = handouts.byName.get(`${pdf}.pdf`);
    const topic = { title, system, subgroup, pdf, external, sourceTitle, pdfUrl: pdfUrl(pdf), sectionAnchor: sectionAnchor(subgroup || system), pdfLanguage: DEFAULT_LANGUAGE };
    const translations = Object.fromEntries(Object.entries(values.translations).filter(([, words]) => words !== undefined));
    return { ...topic, pdfBytes: handout?.size ?? 0, pdfPages: handout?.pdf?.pages ?? 0, translations, translatedPdfs: translatedHandouts(pdf, handouts, values.records), line: at.line };
  }
  return undefined;
}

/**
 * Groups topics by system, then subgroup, each in the order first written in
 * the file (spec §2 Education). Topics with no subgroup stay flat under their
 * system (spec §4).
 */
export function groupTopics(topics: readonly Topic[]): TopicSystem[] {
  const systems = new Map<string, TopicSystem>();
  for (const topic of topics) {
    let system = systems.get(topic.system);
    if (!system) {
      system = { name: topic.system, anchor: sectionAnchor(topic.system), ungrouped: [], subgroups: [] };
      systems.set(topic.system, system);
    }
    if (topic.subgroup === '') {
      system.ungrouped.push(topic);
      continue;
    }
    let subgroup = system.subgroups.find((group) => group.name === topic.subgroup);
    if (!subgroup) {
      subgroup = { name: topic.subgroup, anchor: sectionAnchor(topic.subgroup), topics: [] };
      system.subgroups.push(subgroup);
    }
    subgroup.topics.push(topic);
  }
  return [...systems.values()];
}

/**
 * Every section anchor must be unique and non-empty, since links use it alone (`/education#back`).
 *
 * @param lineOf the line of the topic that first names a section
 */
function checkAnchors(systems: readonly TopicSystem[], sections: { file: string; lineOf: (name: string) => number | undefined }, report: Report): void {
  const seen = new Map<string, string>();
  for (const name of systems.flatMap((system) => [system.name, ...system.subgroups.map((group) => group.name)])) {
    const anchor = sectionAnchor(name);
    const earlier = seen.get(anchor);
    const at = { file: sections.file, line: sections.lineOf(name) };
    if (anchor === '') report(problem('anchorEmpty', at, { name }));
    else if ((EDUCATION_LAYOUT_IDS as readonly string[]).includes(anchor)) report(problem('anchorOfLayout', at, { name, anchor }));
    else if (earlier !== undefined) report(problem('anchorShared', at, { earlier, name, anchor }));
    else seen.set(anchor, name);
  }
}

/**
 * @param yaml the parsed topics file
 * @param assets the files of assets/, among them the handouts in assets/pdfs/
 * @param report where problems go
 */
export function modelTopics(yaml: YamlFile, assets: readonly AssetFile[], report: Report): { topics: Topic[]; systems: TopicSystem[] } {
  if (yaml.syntaxError) {
    report(yaml.mistake ?? problem('topicsYaml', { file: yaml.file, line: yaml.syntaxError.line }, { reason: yaml.syntaxError.reason }));
    return { topics: [], systems: [] };
  }
  const contents = yaml.document.contents;
  if (contents !== null && !isSeq(contents)) {
    report(problem('topicsNotList', { file: yaml.file, line: yaml.lineOf(contents) }));
    return { topics: [], systems: [] };
  }
  if (contents === null || contents.items.length === 0) {
    report(problem('topicsNone', { file: yaml.file, line: contents === null ? undefined : yaml.lineOf(contents) }));
    return { topics: [], systems: [] };
  }
  const topics: Topic[] = [];
  /** The line of the topic that first names each section, where an anchor error is reported. */
  const firstLines = new Map<string, number | undefined>();
  const handouts = handoutsOf(assets);
  const missing: MissingHandout[] = [];
  for (const item of contents.items as YamlNode[]) {
    const topic = readTopic(item, yaml, handouts, report);
    if (topic === undefined) continue;
    topics.push(topic);
    for (const name of [topic.system, topic.subgroup]) if (!firstLines.has(name)) firstLines.set(name, yaml.lineOf(item));
    const file = `${topic.pdf}.pdf`;
    if (!handouts.byName.has(file)) missing.push({ at: { file: yaml.file, line: yaml.lineOf(item) }, title: topic.title, pdf: topic.pdf, elsewhere: handouts.byLowerName.get(file.toLowerCase()) });
  }
  reportMissingHandouts(missing, handouts, report);
  const systems = groupTopics(topics);
  checkAnchors(systems, { file: yaml.file, lineOf: (name) => firstLines.get(name) }, report);
  return { topics, systems };
}

/**
 * The topics as the education page of a language shows them: their words
 * in it, and its handout where there is one, else the default language's,
 * marked as such.
 */
export function topicsInLanguage(topics: readonly Topic[], language: Language): Topic[] {
  if (language === DEFAULT_LANGUAGE) return [...topics];
  return topics.map((topic) => {
    const words = topic.translations[language] ?? { title: topic.title, system: topic.system, subgroup: topic.subgroup };
    const pdf = topic.translatedPdfs[language];
    const handout = pdf === undefined ? {} : { pdfUrl: pdf.url, pdfBytes: pdf.bytes, pdfPages: pdf.pages, pdfLanguage: language };
    return { ...topic, ...words, sectionAnchor: sectionAnchor(words.subgroup || words.system), ...handout };
  });
}

/** The warning of a translated handout behind the handout it translates, or which cannot tell, at its topic. */
function handoutStandingProblem(topic: Topic, language: Language, file: string): ContentDiagnostic | undefined {
  const state = topic.translatedPdfs[language]?.standing;
  if (state === undefined || state === 'current') return undefined;
  const translation = translatedFileName(`${topic.pdf}.pdf`, language);
  const values = { language: LANGUAGE_NAMES[language], title: topic.title, original: `assets/pdfs/${topic.pdf}.pdf`, translation: `assets/pdfs/${translation}`, name: `${topic.pdf}.pdf` };
  const at = { file, line: topic.line };
  return state === 'outdated' ? problem('handoutOutdated', at, values) : problem('handoutUnrecorded', at, { ...values, unreadable: state === 'unreadable' });
}

/**
 * Each topic without its words in a language the site is written in (an
 * error: its page would show them in another language), each without its
 * handout in it (a warning: the page offers the original's, marked so), and
 * each whose handout in it was made from another version of the original's
 * (a warning too).
 */
export function checkTopicTranslations(topics: readonly Topic[], languages: readonly Language[], file: string, report: Report): void {
  for (const language of languages.filter((code) => code !== DEFAULT_LANGUAGE)) {
    const name = LANGUAGE_NAMES[language];
    for (const topic of topics) {
      if (topic.translations[language] === undefined) report(problem('topicUntranslated', { file }, { title: topic.title, language: name, code: language }));
      if (topic.translatedPdfs[language] === undefined) report(problem('handoutUntranslated', { file: `assets/pdfs/${translatedFileName(`${topic.pdf}.pdf`, language)}` }, { title: topic.title, language: name }));
      const behind = handoutStandingProblem(topic, language, file);
      if (behind !== undefined) report(behind);
    }
  }
}

/**
 * One sample handout as PDF bytes, and which handouts there are: one per
 * topic of `content/education-topics.yaml` in each language of
 * `languages.ts`, with its words from the language's files beside this one.
 * The bytes depend on nothing but these: the document's dates are fixed, so
 * making them again gives the same files.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { parse } from 'yaml';
import { pdfFileStem } from '../../lib/pdf-url.ts';
import { isSampleHandoutSubject } from '../../model/sample.ts';
import { HANDOUT_LANGUAGES, type HandoutLanguage, type HandoutWords } from './languages.ts';
import { drawHandout, type HandoutText } from './layout.ts';

/** When the sample handouts were first made, and when this version of them was. */
const CREATED = new Date('2025-10-01T00:00:00Z');
const REVISED = new Date('2026-11-25T00:00:00Z');

const CREATOR = 'physician-site sample handouts (npm run sample-handouts)';

/** What a topic is called in one language. */
interface TopicNames {
  title: string;
  system: string;
  subgroup: string;
}

export interface SampleHandout extends HandoutText, TopicNames {
  /** The file name in assets/pdfs/, without `.pdf`: `knee-osteoarthritis`, `knee-osteoarthritis.es`. */
  file: string;
  /** The topic's own file name, without language or `.pdf`: `knee-osteoarthritis`. */
  topic: string;
  /** Whether it translates the topic's English handout, which it sits beside. */
  translation: boolean;
  words: HandoutWords;
  /** The file that has no words for this handout, which it needs to be made; undefined when it has them all. */
  lacking: string | undefined;
}

interface TopicEntry {
  title?: unknown;
  system?: unknown;
  subgroup?: unknown;
  pdf?: unknown;
  [group: string]: unknown;
}

/** A topic of education-topics.yaml as the handouts need it: its names in each language by group, and its file. */
interface TopicSource extends TopicNames {
  file: string;
  entry: TopicEntry;
  /** The file it was read from, which lacks a language's names when its group has no title. */
  from: string;
}

const namesOf = (entry: TopicEntry): TopicNames => ({ title: text(entry.title), system: text(entry.system), subgroup: text(entry.subgroup) });

type Sections = SampleHandout['sections'];

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

const readYaml = async (file: string): Promise<unknown> => parse(await readFile(file, 'utf8')) as unknown;

/** A topic's handout in one language, from the language's words read. */
function handoutIn(language: HandoutLanguage, topic: TopicSource, texts: Record<string, Sections>): SampleHandout {
  const group = language.group === undefined ? undefined : topic.entry[language.group];
  const names = language.group === undefined ? topic : namesOf(typeof group === 'object' && group !== null ? (group as TopicEntry) : {});
  const sections = texts[topic.file] ?? [];
  const lacking = names.title === '' ? topic.from : sections.length === 0 ? language.texts : undefined;
  return {
    ...names,
    file: `${topic.file}${language.suffix}`,
    topic: topic.file,
    translation: language.suffix !== '',
    kicker: [language.words.patientEducation, names.system, names.subgroup].filter(Boolean).join(' | '),
    sections,
    words: language.words,
    lacking,
  };
}

/**
 * Every topic of the content folder with its sample words, in the topics'
 * order, in English and then in each other language. A handout that lacks
 * words can only be the physician's own.
 *
 * @param contentDir the folder of `education-topics.yaml`
 */
export async function readSampleHandouts(contentDir: string): Promise<SampleHandout[]> {
  const from = path.join(contentDir, 'education-topics.yaml');
  const entries = ((await readYaml(from)) ?? []) as TopicEntry[];
  const topics = entries.map((entry) => ({ ...namesOf(entry), file: pdfFileStem(text(entry.pdf), text(entry.title)), entry, from }));
  const handouts: SampleHandout[] = [];
  for (const language of HANDOUT_LANGUAGES) {
    const texts = ((await readYaml(language.texts)) ?? {}) as Record<string, Sections>;
    handouts.push(...topics.map((topic) => handoutIn(language, topic, texts)));
  }
  return handouts;
}

/** The PDF of one sample handout. */
export async function makeSampleHandout(handout: SampleHandout): Promise<Uint8Array> {
  const document = await PDFDocument.create({ updateMetadata: false });
  const fonts = { regular: await document.embedFont(StandardFonts.Helvetica), bold: await document.embedFont(StandardFonts.HelveticaBold) };
  const { words } = handout;
  document.setTitle(handout.title, { showInWindowTitleBar: true });
  document.setLanguage(words.language);
  document.setAuthor(words.author);
  document.setSubject(`${words.subject}: ${handout.title}`);
  document.setKeywords([words.patientEducation.toLowerCase(), handout.system, handout.subgroup, words.sample].filter(Boolean));
  document.setCreator(CREATOR);
  document.setProducer('pdf-lib');
  document.setCreationDate(CREATED);
  document.setModificationDate(REVISED);
  drawHandout(document, fonts, handout);
  return document.save({ useObjectStreams: true });
}

/** Whether a PDF is one of the sample handouts (so the command may replace it), rather than the physician's own. */
export async function isSampleHandout(bytes: Uint8Array): Promise<boolean> {
  try {
    const document = await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true });
    return isSampleHandoutSubject(document.getSubject());
  } catch {
    return false;
  }
}

/**
 * One sample handout as PDF bytes, and which handouts there are: one per
 * topic of `content/education-topics.yaml`, with its words from
 * `handouts.yaml` beside this file. The bytes depend on nothing but these:
 * the document's dates are fixed, so making them again gives the same files.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { parse } from 'yaml';
import { pdfFileStem } from '../../lib/pdf-url.ts';
import { isSampleHandoutSubject, SAMPLE_HANDOUT_SUBJECT } from '../../model/sample.ts';
import { drawHandout, type HandoutText } from './layout.ts';

/** The words of every sample handout. */
export const HANDOUT_TEXTS = fileURLToPath(new URL('handouts.yaml', import.meta.url));

/** When the sample handouts were first made, and when this version of them was. */
const CREATED = new Date('2025-10-01T00:00:00Z');
const REVISED = new Date('2026-11-25T00:00:00Z');

const AUTHOR = 'Dr. Alex Sample (sample handout)';
const CREATOR = 'physician-site sample handouts (npm run sample-handouts)';

export interface SampleHandout extends HandoutText {
  /** The file name in assets/pdfs/, without `.pdf`. */
  file: string;
  system: string;
  subgroup: string;
}

interface TopicEntry {
  title?: unknown;
  system?: unknown;
  subgroup?: unknown;
  pdf?: unknown;
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/**
 * Every topic of the content folder with its sample words, in the topics'
 * order. A topic with no words has no `sections`: it can only keep a
 * handout of the physician's own.
 *
 * @param contentDir the folder of `education-topics.yaml`
 */
export async function readSampleHandouts(contentDir: string): Promise<SampleHandout[]> {
  const topics = parse(await readFile(path.join(contentDir, 'education-topics.yaml'), 'utf8')) as TopicEntry[] | null;
  const words = parse(await readFile(HANDOUT_TEXTS, 'utf8')) as Record<string, { heading: string; text: string }[]>;
  return (topics ?? []).map((topic) => {
    const title = text(topic.title);
    const system = text(topic.system);
    const subgroup = text(topic.subgroup);
    const file = pdfFileStem(text(topic.pdf), title);
    const kicker = ['Patient education', system, subgroup].filter(Boolean).join(' | ');
    return { title, system, subgroup, file, kicker, sections: words[file] ?? [] };
  });
}

/** The PDF of one sample handout. */
export async function makeSampleHandout(handout: SampleHandout): Promise<Uint8Array> {
  const document = await PDFDocument.create({ updateMetadata: false });
  const fonts = { regular: await document.embedFont(StandardFonts.Helvetica), bold: await document.embedFont(StandardFonts.HelveticaBold) };
  document.setTitle(handout.title, { showInWindowTitleBar: true });
  document.setLanguage('en-US');
  document.setAuthor(AUTHOR);
  document.setSubject(`${SAMPLE_HANDOUT_SUBJECT}: ${handout.title}`);
  document.setKeywords(['patient education', handout.system, handout.subgroup, 'sample'].filter(Boolean));
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

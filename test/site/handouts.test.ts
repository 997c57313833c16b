/**
 * The handouts shipped in assets/pdfs/, read as a reader's PDF viewer and a
 * screen reader read them (pdf.js, through unpdf): a title and a language in
 * their metadata, body text of at least 12 pt (issue 24), and, for the sample
 * handouts, English and Spanish, the layout and words that `npm run
 * sample-handouts` makes.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { getDocumentProxy, getMeta } from 'unpdf';
import { isSampleHandout, makeSampleHandout, readSampleHandouts } from '../../build/cli/sample-handouts/handout.ts';
import { ENGLISH, SPANISH } from '../../build/cli/sample-handouts/languages.ts';
import { PROJECT_ROOT } from '../helpers/sites.ts';

const PDFS = path.join(PROJECT_ROOT, 'assets', 'pdfs');
const files = readdirSync(PDFS).filter((name) => name.endsWith('.pdf')).sort();

/** A run of text on a page: its size in points (the text matrix's vertical scale), where it starts and how wide it is. */
interface TextRun {
  text: string;
  size: number;
  x: number;
  y: number;
  width: number;
}

interface ReadPdf {
  info: Record<string, unknown>;
  pages: { width: number; height: number; runs: TextRun[] }[];
}

/** What pdf.js reads of a PDF: its document information and every run of text on every page. */
async function readPdf(bytes: Uint8Array): Promise<ReadPdf> {
  const document = await getDocumentProxy(new Uint8Array(bytes));
  const info = (await getMeta(document)).info as Record<string, unknown>;
  const pages: ReadPdf['pages'] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number);
    const [, , width = 0, height = 0] = page.view;
    const runs: TextRun[] = [];
    for (const item of (await page.getTextContent()).items) {
      if (!('str' in item) || item.str.trim() === '') continue;
      const [, , c = 0, d = 0, x = 0, y = 0] = item.transform as number[];
      runs.push({ text: item.str, size: Math.hypot(c, d), x, y, width: item.width });
    }
    pages.push({ width, height, runs });
  }
  return { info, pages };
}

/** A text field of the document information, or '' when it has none. */
const field = (info: Record<string, unknown> | undefined, name: string): string => (typeof info?.[name] === 'string' ? info[name] : '');

/** The size most of the text is set in, counted by characters: the body text. */
function bodySize(runs: readonly TextRun[]): number {
  const characters = new Map<number, number>();
  for (const run of runs) {
    const size = Math.round(run.size * 10) / 10;
    characters.set(size, (characters.get(size) ?? 0) + run.text.length);
  }
  return [...characters].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
}

const read = new Map(await Promise.all(files.map(async (file) => [file, await readPdf(readFileSync(path.join(PDFS, file)))] as const)));
const samples = new Set((await Promise.all(files.map(async (file) => ((await isSampleHandout(readFileSync(path.join(PDFS, file)))) ? file : '')))).filter(Boolean));

// Other PDFs may be there too, such as a form an article links to: each is checked below like a handout.
test('there are handouts to check: one for each topic', async () => {
  const topics = await readSampleHandouts(path.join(PROJECT_ROOT, 'content'));
  assert.ok(topics.length > 0);
  for (const topic of topics) assert.ok(files.includes(`${topic.file}.pdf`), `${topic.file}.pdf`);
});

for (const file of files) {
  test(`${file}: a title and a language in its metadata, and body text of at least 12 pt`, () => {
    const pdf = read.get(file);
    assert.ok(pdf);
    assert.notEqual(field(pdf.info, 'Title').trim(), '', 'a document title');
    assert.match(field(pdf.info, 'Language'), /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/i, 'a document language such as en-US');
    const runs = pdf.pages.flatMap((page) => page.runs);
    assert.ok(runs.length > 0, 'text a screen reader can read');
    assert.ok(bodySize(runs) >= 12, `body text at ${bodySize(runs)} pt`);
  });
}

test('the sample handouts: letter size, nothing smaller than 12 pt, margins of at least 0.75 in, headings larger than the body', () => {
  for (const file of samples) {
    const pdf = read.get(file);
    assert.ok(pdf);
    const body = bodySize(pdf.pages.flatMap((page) => page.runs));
    for (const page of pdf.pages) {
      assert.deepEqual([page.width, page.height], [612, 792], `${file}: US letter`);
      for (const run of page.runs) {
        assert.ok(run.size >= 12, `${file}: "${run.text}" at ${run.size} pt`);
        assert.ok(run.x >= 54 && run.x + run.width <= page.width - 54, `${file}: "${run.text}" inside the side margins`);
        assert.ok(run.y >= 54 && run.y + run.size <= page.height - 54, `${file}: "${run.text}" inside the top and bottom margins`);
      }
    }
    const runs = pdf.pages[0]?.runs ?? [];
    const largest = Math.max(...runs.map((run) => run.size));
    // A long title takes two lines.
    const title = runs.filter((run) => run.size === largest).map((run) => run.text);
    assert.equal(title.join(' '), field(pdf.info, 'Title'), `${file}: the largest text on the first page is the title`);
    assert.ok(largest > body, `${file}: the title is larger than the body`);
  }
});

test('each sample handout says plainly that it is a sample, in its text and its metadata, in its language', () => {
  for (const file of samples) {
    const pdf = read.get(file);
    const { words } = file.endsWith('.es.pdf') ? SPANISH : ENGLISH;
    const text = pdf?.pages.flatMap((page) => page.runs.map((run) => run.text)).join('\n') ?? '';
    assert.ok(text.includes(words.sampleNotice), `${file}: ${words.sampleNotice}`);
    assert.ok(text.includes(words.disclaimer.slice(0, 40)), `${file}: ${words.disclaimer}`);
    assert.equal(field(pdf?.info, 'Language'), words.language, file);
    assert.ok(field(pdf?.info, 'Subject').startsWith(`${words.subject}: `), file);
    assert.match(field(pdf?.info, 'Author'), /sample|muestra/i, file);
  }
  assert.equal([...samples].filter((file) => file.endsWith('.es.pdf')).length, 25, 'a Spanish sample beside each English one');
});

// A handout the physician put in place of a sample is theirs: only the samples are checked against what the command makes.
test('the sample handouts are exactly what npm run sample-handouts makes, with fixed dates, so rebuilding changes no byte', async () => {
  const handouts = (await readSampleHandouts(path.join(PROJECT_ROOT, 'content'))).filter((handout) => samples.has(`${handout.file}.pdf`));
  for (const handout of handouts) {
    const bytes = await makeSampleHandout(handout);
    assert.ok(Buffer.from(bytes).equals(readFileSync(path.join(PDFS, `${handout.file}.pdf`))), `${handout.file}.pdf is out of date: run npm run sample-handouts`);
    assert.ok(Buffer.from(await makeSampleHandout(handout)).equals(Buffer.from(bytes)), `${handout.file}: the same bytes every time`);
    const info = read.get(`${handout.file}.pdf`)?.info;
    assert.deepEqual([info?.CreationDate, info?.ModDate], ['D:20251001000000Z', 'D:20261125000000Z']);
  }
});

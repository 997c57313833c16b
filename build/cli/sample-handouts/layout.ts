/**
 * How a sample handout looks on paper: US letter, margins of at least three
 * quarters of an inch, body text at 13 pt and headings larger, for readers
 * who hold the page at arm's length. Text flows onto as many pages as it
 * needs; every page carries the disclaimer and the sample notice at its foot.
 * The words that are the same on every handout come in its language (`languages.ts`).
 */
import { type PDFDocument, type PDFFont, type PDFPage, rgb } from '@cantoo/pdf-lib';

/** US letter, in points (1/72 in). */
const PAGE_SIZE: [number, number] = [612, 792];
/** 0.875 in at the sides, 0.75 in at the top and foot. */
const MARGIN_X = 63;
const MARGIN_Y = 54;
const TEXT_WIDTH = PAGE_SIZE[0] - 2 * MARGIN_X;
/** Room kept beside the line above the title for the page number. */
const PAGE_LABEL_WIDTH = 96;

/** Type sizes and line heights, in points: nothing on the page is smaller than 12 pt. */
const TYPE = {
  kicker: { size: 12, leading: 16 },
  title: { size: 28, leading: 33 },
  notice: { size: 13, leading: 18 },
  heading: { size: 16, leading: 21 },
  body: { size: 13, leading: 19 },
  small: { size: 12, leading: 16 },
} as const;

const COLOURS = {
  band: rgb(0.043, 0.361, 0.42),
  navy: rgb(0.086, 0.212, 0.361),
  teal: rgb(0.039, 0.333, 0.388),
  notice: rgb(0.612, 0.278, 0),
  text: rgb(0.122, 0.161, 0.2),
  rule: rgb(0.49, 0.655, 0.682),
  tint: rgb(0.902, 0.945, 0.949),
};

export interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** What every page of a handout in one language says, whatever its topic (`languages.ts`). */
export interface PageWords {
  /** Under the title: "Sample handout — replace this file with your own". */
  sampleNotice: string;
  disclaimer: string;
  /** At the foot of each page, under the disclaimer. */
  placeholderLine: string;
  notesHeading: string;
  /** The line at the top of a page after the first. */
  continued: (title: string) => string;
  pageOf: (page: number, pages: number) => string;
}

/** What a handout says, in the order it is read. */
export interface HandoutText {
  title: string;
  /** The line above the title: "PATIENT EDUCATION | MUSCULOSKELETAL | BACK". */
  kicker: string;
  sections: readonly { heading: string; text: string }[];
  words: PageWords;
}

/** The words of `text` in lines no wider than `width` at this size. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const tried = line === '' ? word : `${line} ${word}`;
    if (line !== '' && font.widthOfTextAtSize(tried, size) > width) {
      lines.push(line);
      line = word;
    } else line = tried;
  }
  if (line !== '') lines.push(line);
  return lines;
}

const FOOT_PADDING = 9;

/** The disclaimer's lines and the height of the foot of each page (the disclaimer box and the sample line under it). */
function measureFoot(fonts: Fonts, disclaimer: string): { lines: string[]; boxHeight: number; height: number } {
  const lines = wrap(disclaimer, fonts.regular, TYPE.small.size, TEXT_WIDTH - 2 * FOOT_PADDING);
  const boxHeight = lines.length * TYPE.small.leading + 2 * FOOT_PADDING;
  return { lines, boxHeight, height: TYPE.small.leading + 6 + boxHeight };
}

/**
 * The disclaimer box and the sample line at the foot of a page, drawn once the
 * page is full, so that a reader that follows the order of the text meets them
 * last.
 */
function drawFoot(page: PDFPage, fonts: Fonts, words: PageWords): void {
  const padding = FOOT_PADDING;
  const { lines, boxHeight } = measureFoot(fonts, words.disclaimer);
  const boxBottom = MARGIN_Y + TYPE.small.leading + 6;
  page.drawRectangle({ x: MARGIN_X, y: boxBottom, width: TEXT_WIDTH, height: boxHeight, color: COLOURS.tint });
  lines.forEach((line, index) => {
    const y = boxBottom + boxHeight - padding - TYPE.small.size - index * TYPE.small.leading + 2;
    page.drawText(line, { x: MARGIN_X + padding, y, size: TYPE.small.size, font: fonts.regular, color: COLOURS.text });
  });
  page.drawText(words.placeholderLine, { x: MARGIN_X, y: MARGIN_Y + 4, size: TYPE.small.size, font: fonts.regular, color: COLOURS.teal });
}

/**
 * Where the next line goes: a page and the height on it. A block that does
 * not fit above the foot starts a new page.
 */
class Flow {
  page!: PDFPage;
  y = 0;
  bottom = 0;
  readonly pages: PDFPage[] = [];

  constructor(
    private readonly document: PDFDocument,
    private readonly fonts: Fonts,
    private readonly text: HandoutText,
  ) {
    this.newPage();
  }

  newPage(): void {
    this.page = this.document.addPage(PAGE_SIZE);
    this.pages.push(this.page);
    this.page.drawRectangle({ x: 0, y: PAGE_SIZE[1] - 12, width: PAGE_SIZE[0], height: 12, color: COLOURS.band });
    this.bottom = MARGIN_Y + measureFoot(this.fonts, this.text.words.disclaimer).height + 14;
    this.y = PAGE_SIZE[1] - MARGIN_Y;
    const kicker = this.pages.length === 1 ? this.text.kicker : this.text.words.continued(this.text.title);
    // Narrower than the text, leaving room for "Page 1 of 2" (or its translation) at its right.
    for (const line of wrap(kicker.toUpperCase(), this.fonts.bold, TYPE.kicker.size, TEXT_WIDTH - PAGE_LABEL_WIDTH)) this.line(line, this.fonts.bold, TYPE.kicker, COLOURS.teal);
    this.y -= 10;
  }

  /** Makes room for `height` points, on a new page if this one has not enough. */
  need(height: number): void {
    if (this.y - height < this.bottom) this.newPage();
  }

  line(text: string, font: PDFFont, type: { size: number; leading: number }, color = COLOURS.text): void {
    this.page.drawText(text, { x: MARGIN_X, y: this.y - type.size, size: type.size, font, color });
    this.y -= type.leading;
  }

  /** A paragraph, its lines kept together where they fit, split across pages where they do not. */
  paragraph(text: string, font: PDFFont, type: { size: number; leading: number }, color = COLOURS.text): void {
    for (const line of wrap(text, font, type.size, TEXT_WIDTH)) {
      this.need(type.leading);
      this.line(line, font, type, color);
    }
  }
}

/** The title, the sample notice and a rule under them. */
function drawTop(flow: Flow, fonts: Fonts, text: HandoutText): void {
  flow.paragraph(text.title, fonts.bold, TYPE.title, COLOURS.navy);
  flow.y -= 4;
  flow.line(text.words.sampleNotice, fonts.regular, TYPE.notice, COLOURS.notice);
  flow.y -= 8;
  flow.page.drawLine({ start: { x: MARGIN_X, y: flow.y }, end: { x: MARGIN_X + TEXT_WIDTH, y: flow.y }, thickness: 0.75, color: COLOURS.rule });
  flow.y -= 14;
}

/** Each section: its heading kept with the first two lines of its text. */
function drawSections(flow: Flow, fonts: Fonts, text: HandoutText): void {
  for (const section of text.sections) {
    flow.need(TYPE.heading.leading + 2 * TYPE.body.leading);
    flow.line(section.heading, fonts.bold, TYPE.heading, COLOURS.teal);
    flow.y -= 2;
    flow.paragraph(section.text, fonts.regular, TYPE.body);
    flow.y -= 14;
  }
}

/**
 * A ruled box for the patient's own questions, in the room left on the last
 * page: three to six lines a third of an inch apart. Where fewer than three
 * fit, the handout goes without it rather than take a page for it alone.
 */
function drawNotes(flow: Flow, fonts: Fonts, heading: string): void {
  const padding = 12;
  const ruleGap = 24;
  const headingHeight = TYPE.notice.leading;
  const rules = Math.min(6, Math.floor((flow.y - flow.bottom - 2 * padding - headingHeight) / ruleGap));
  if (rules < 3) return;
  const height = 2 * padding + headingHeight + rules * ruleGap;
  const bottom = flow.y - height;
  flow.page.drawRectangle({ x: MARGIN_X, y: bottom, width: TEXT_WIDTH, height, borderColor: COLOURS.rule, borderWidth: 1 });
  const x = MARGIN_X + padding;
  flow.page.drawText(heading, { x, y: flow.y - padding - TYPE.notice.size, size: TYPE.notice.size, font: fonts.bold, color: COLOURS.navy });
  for (let rule = 1; rule <= rules; rule += 1) {
    const y = flow.y - padding - headingHeight - rule * ruleGap;
    flow.page.drawLine({ start: { x, y }, end: { x: MARGIN_X + TEXT_WIDTH - padding, y }, thickness: 0.75, color: COLOURS.rule });
  }
  flow.y = bottom;
}

/** The foot of each page, and "Page 1 of 2" at its top right when there is more than one. */
function finishPages(pages: readonly PDFPage[], fonts: Fonts, words: PageWords): void {
  for (const page of pages) drawFoot(page, fonts, words);
  if (pages.length < 2) return;
  pages.forEach((page, index) => {
    const label = words.pageOf(index + 1, pages.length);
    const width = fonts.regular.widthOfTextAtSize(label, TYPE.kicker.size);
    page.drawText(label, { x: MARGIN_X + TEXT_WIDTH - width, y: PAGE_SIZE[1] - MARGIN_Y - TYPE.kicker.size, size: TYPE.kicker.size, font: fonts.regular, color: COLOURS.teal });
  });
}

/**
 * Lays a handout out on new pages of the document.
 *
 * @returns the number of pages it took
 */
export function drawHandout(document: PDFDocument, fonts: Fonts, text: HandoutText): number {
  const flow = new Flow(document, fonts, text);
  drawTop(flow, fonts, text);
  drawSections(flow, fonts, text);
  flow.y -= 4;
  drawNotes(flow, fonts, text.words.notesHeading);
  finishPages(flow.pages, fonts, text.words);
  return flow.pages.length;
}

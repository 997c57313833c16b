/**
 * Lays out a sharing card from a layout of its title alone (issue 6).
 *
 * satori's layout of a whole card took 2 ms, two fifths of drawing it, and
 * its time is spread over style computation, flexbox, text and building the
 * SVG of every box; the title's box alone takes a sixth of that. On a card,
 * only the title changes from article to article, and where the title's box
 * sits depends on its height (its size and number of lines), not its words.
 * So the first card of each title shape is laid out whole; it is the frame in
 * which the title's `<text>` elements are found, shifted by where the box
 * sits. Every later card of that shape is that frame with its own title's
 * elements, shifted alike: the same SVG as satori's layout of the whole card,
 * which test/card-layout.test.ts checks on a thousand titles.
 *
 * A card whose frame cannot be found (the title's elements not all in one
 * place, or not where its layout alone puts them) is laid out whole.
 */
import type { ArticleCardProps } from '../../templates/og/ArticleCard.tsx';

/** A `<text>` element of satori's layout: where it starts, its other attributes, and its text. */
export interface TextElement {
  x: number;
  y: number;
  attributes: string;
  text: string;
  /** Where the element starts and ends in the SVG. */
  start: number;
  end: number;
}

/** A card's layout without its title's elements, and how far the title's box is from the card's corner. */
export interface TitleFrame {
  before: string;
  after: string;
  dx: number;
  dy: number;
}

// satori writes x and y first, as JavaScript prints numbers.
const TEXT_ELEMENT = /<text x="([^"]*)" y="([^"]*)"([^>]*)>([^<]*)<\/text>/g;

/** The `<text>` elements of a layout (a title's is read once per card, for its shape and its place in the frame). */
export function textElementsOf(svg: string): TextElement[] {
  return [...svg.matchAll(TEXT_ELEMENT)].map((match) => ({
    x: Number(match[1]),
    y: Number(match[2]),
    attributes: match[3] as string,
    text: match[4] as string,
    start: match.index,
    end: match.index + match[0].length,
  }));
}

/**
 * The title's shape in its layout alone: its font size and the baseline of
 * each line, which together give its box's height. undefined for a title
 * with no text.
 */
export function titleShape(elements: readonly TextElement[]): string | undefined {
  const size = /font-size="([^"]*)"/.exec(elements[0]?.attributes ?? '')?.[1];
  return size === undefined ? undefined : `${size}|${[...new Set(elements.map((element) => element.y))].join(',')}`;
}

/**
 * Finds the title's elements in the whole card's layout: one after another,
 * each as in the title's layout alone, moved by the same distance.
 *
 * @param cardSvg satori's layout of the whole card
 * @param title the text elements of satori's layout of the same title alone
 */
export function frameOf(cardSvg: string, title: readonly TextElement[]): TitleFrame | undefined {
  const card = textElementsOf(cardSvg);
  const first = title[0];
  if (first === undefined) return undefined;
  for (let at = 0; at + title.length <= card.length; at++) {
    const start = card[at] as TextElement;
    const dx = start.x - first.x;
    const dy = start.y - first.y;
    const found = title.every((element, index) => {
      const candidate = card[at + index] as TextElement;
      const adjacent = index === 0 || candidate.start === (card[at + index - 1] as TextElement).end;
      return adjacent && candidate.text === element.text && candidate.attributes === element.attributes && candidate.x === element.x + dx && candidate.y === element.y + dy;
    });
    if (found) return { before: cardSvg.slice(0, start.start), after: cardSvg.slice((card[at + title.length - 1] as TextElement).end), dx, dy };
  }
  return undefined;
}

/** The whole card's layout: the frame, with the title's elements moved into it. */
export function spliced(frame: TitleFrame, title: readonly TextElement[]): string {
  const moved = title.map((element) => `<text x="${element.x + frame.dx}" y="${element.y + frame.dy}"${element.attributes}>${element.text}</text>`);
  return frame.before + moved.join('') + frame.after;
}

/** Frames kept: one per title shape and author; a site has a handful. */
const MAX_FRAMES = 64;

/** Lays out cards, each from its title's layout alone once a card of its shape and author has been laid out whole. */
export class CardLayouts {
  private readonly frames = new Map<string, TitleFrame | undefined>();
  private readonly layOutCard: (props: ArticleCardProps) => Promise<string>;
  private readonly layOutTitle: (title: string) => Promise<string>;

  /**
   * @param layOutCard satori's layout of a whole card
   * @param layOutTitle satori's layout of a title's box alone, with the
   *   card's fonts, as `CardTitle` of the card's template
   */
  constructor(layOutCard: (props: ArticleCardProps) => Promise<string>, layOutTitle: (title: string) => Promise<string>) {
    this.layOutCard = layOutCard;
    this.layOutTitle = layOutTitle;
  }

  /** The card's layout, as satori lays out the whole card. */
  async layout(props: ArticleCardProps): Promise<string> {
    const title = textElementsOf(await this.layOutTitle(props.title));
    const shape = titleShape(title);
    if (shape === undefined) return this.layOutCard(props);
    // Everything but the title is part of the frame.
    const key = JSON.stringify([shape, props.author, props.byline, props.logo]);
    const frame = this.frames.get(key);
    if (frame) return spliced(frame, title);
    const cardSvg = await this.layOutCard(props);
    if (!this.frames.has(key)) {
      if (this.frames.size >= MAX_FRAMES) this.frames.clear();
      this.frames.set(key, frameOf(cardSvg, title));
    }
    return cardSvg;
  }
}

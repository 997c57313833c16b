/**
 * Each article's sharing image: the card a link to it shows on
 * social sites and in messages, 1200×630, drawn with a Skia canvas
 * (@napi-rs/canvas) in the site's colours and font, and encoded as PNG by
 * sharp, off the build's thread. Cards are kept in the build cache by a key of
 * everything drawn on them.
 */
import type { Article } from '../model/index.ts';
import { addressIn } from '../lib/languages.ts';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type * as CanvasModule from '@napi-rs/canvas';
import type { Canvas, SKRSContext2D } from '@napi-rs/canvas';
import type { ImageAsset } from '../model/index.ts';
import type { Output } from '../output.ts';
import type Sharp from 'sharp';
import { loadSharp } from './sharp.ts';
import { entryKey, type CacheStore } from '../store/index.ts';

export const CARD = { width: 1200, height: 630 } as const;

const FONT = 'Source Sans 3';
const FONT_FILES = ['@fontsource/source-sans-3/files/source-sans-3-latin-400-normal.woff', '@fontsource/source-sans-3/files/source-sans-3-latin-700-normal.woff'];
const COLOURS = { ink: '#1c2430', navy: '#163a5f', teal: '#0b5e6b', amber: '#b4621c', paper: '#fbfaf7', muted: '#3d4756' } as const;
/** The card's margins: the title wraps within the width between them. */
const PAD = { x: 72, top: 74, bottom: 570 } as const;
const TITLE_WIDTH = CARD.width - 2 * PAD.x;
/** The side of the square the logo is drawn in, at the card's top left. */
const LOGO_SIZE = 72;

/** What a card shows. */
export interface CardText {
  /** Above the title, beside the logo, in the card's language: "PHYSICIAN’S INSIGHTS". */
  heading: string;
  title: string;
  /** "Dr. Alex Sample, MD" */
  author: string;
  /** "Family Medicine · South Florida" */
  byline: string;
}

/**
 * Cards drawn at once: one. Each is painted on the build's thread and encoded
 * by sharp on one of libuv's threads. The cards come before the pages in the
 * write's order, so a cold build draws them while the markdown worker
 * processes the bodies the pages wait for; more at once would take the
 * worker's core from it (see test/bench/README.md).
 */
const CARDS_AT_ONCE = 1;

/** zlib's level for the PNG: the cards are flat colour and text, which a low level packs nearly as small as the highest, far sooner. */
const PNG_LEVEL = 3;

/** Where an article's card is published. */
export function cardImage(article: Pick<Article, 'slug' | 'language'>): ImageAsset {
  return { url: addressIn(article.language, `/og/${article.slug}.png`), ...CARD };
}

/** The canvas library's exports. */
type CanvasLibrary = typeof CanvasModule;

/** The canvas library, loaded only when a card is to be drawn: a build that finds every card in the cache never loads Skia (see test/bench/README.md). */
export async function loadCanvas(): Promise<CanvasLibrary> {
  return import('@napi-rs/canvas');
}

/** The bundled font, registered with the canvas library once per process (it keeps its own registry). */
function registerFont({ GlobalFonts }: CanvasLibrary): void {
  if (GlobalFonts.has(FONT)) return;
  const require = createRequire(import.meta.url);
  for (const file of FONT_FILES) GlobalFonts.registerFromPath(require.resolve(file), FONT);
}

/** The title's lines, wrapped by word to the card's width; long titles get smaller type so they never run off it. */
function titleLines(context: SKRSContext2D, title: string): { lines: string[]; size: number } {
  const size = title.length > 90 ? 52 : title.length > 60 ? 60 : 68;
  context.font = `700 ${size}px "${FONT}"`;
  const lines: string[] = [];
  for (const word of title.split(/\s+/)) {
    const last = lines.at(-1);
    if (last !== undefined && context.measureText(`${last} ${word}`).width <= TITLE_WIDTH) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return { lines, size };
}

/** Paints a card on a canvas: a colour stripe, the logo and the heading, the title, the author and byline. */
function paint(canvas: Canvas, text: CardText, logo: Canvas): void {
  const context = canvas.getContext('2d', { alpha: false });
  context.fillStyle = COLOURS.paper;
  context.fillRect(0, 0, CARD.width, CARD.height);
  const stripe = context.createLinearGradient(0, 0, CARD.width, 0);
  [COLOURS.teal, COLOURS.navy, COLOURS.amber].forEach((colour, index) => stripe.addColorStop([0, 0.55, 1][index] as number, colour));
  context.fillStyle = stripe;
  context.fillRect(0, 0, CARD.width, 18);
  context.drawImage(logo, PAD.x, PAD.top);
  context.fillStyle = COLOURS.teal;
  context.font = `700 30px "${FONT}"`;
  context.letterSpacing = '1px';
  context.fillText(text.heading, PAD.x + LOGO_SIZE + 20, PAD.top + 47);
  context.letterSpacing = '0px';
  const { lines, size } = titleLines(context, text.title);
  const lineHeight = Math.round(size * 1.12);
  // The title sits halfway between the header and the author, as the page's own cards do.
  let baseline = Math.round((PAD.top + LOGO_SIZE + 487 - lines.length * lineHeight) / 2 + size * 0.9);
  context.fillStyle = COLOURS.navy;
  for (const line of lines) {
    context.fillText(line, PAD.x, baseline);
    baseline += lineHeight;
  }
  context.fillStyle = COLOURS.ink;
  context.font = `700 36px "${FONT}"`;
  context.fillText(text.author, PAD.x, PAD.bottom - 50);
  context.fillStyle = COLOURS.muted;
  context.font = `400 30px "${FONT}"`;
  context.fillText(text.byline, PAD.x, PAD.bottom - 8);
}

/**
 * Draws cards on one canvas, painted again for every card, `CARDS_AT_ONCE`
 * at a time: its pixels are copied out as soon as a card is painted, and
 * sharp encodes the copy on its own thread while the build's thread goes on.
 * A new canvas for every card, or the canvas's own encoders, cost more (see
 * test/bench/README.md).
 */
export class CardPainter {
  private readonly canvas: Canvas;

  constructor(
    private readonly logo: Canvas,
    private readonly sharp: typeof Sharp,
    library: CanvasLibrary,
  ) {
    registerFont(library);
    this.canvas = library.createCanvas(CARD.width, CARD.height);
  }

  private encoding = 0;
  private readonly waiting: (() => void)[] = [];

  /** A card as a PNG file. */
  async draw(text: CardText): Promise<Buffer> {
    while (this.encoding >= CARDS_AT_ONCE) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.encoding++;
    try {
      paint(this.canvas, text, this.logo);
      const pixels = this.canvas.data();
      return await this.sharp(pixels, { raw: { ...CARD, channels: 4 } }).png({ compressionLevel: PNG_LEVEL }).toBuffer();
    } finally {
      this.encoding--;
      this.waiting.shift()?.();
    }
  }
}

/**
 * The site's logo at its size on the card, drawn once: an SVG is rasterised
 * each time it is drawn. A logo that is not square (a practice's wordmark)
 * is drawn whole, centred in the square, rather than squeezed into it.
 */
export async function loadLogo(file: string, { createCanvas, loadImage }: CanvasLibrary): Promise<Canvas> {
  const canvas = createCanvas(LOGO_SIZE, LOGO_SIZE);
  const image = await loadImage(await readFile(file));
  const scale = image.width > 0 && image.height > 0 ? LOGO_SIZE / Math.max(image.width, image.height) : undefined;
  const [width, height] = scale === undefined ? [LOGO_SIZE, LOGO_SIZE] : [image.width * scale, image.height * scale];
  canvas.getContext('2d').drawImage(image, (LOGO_SIZE - width) / 2, (LOGO_SIZE - height) / 2, width, height);
  return canvas;
}

/** A painter of cards with this logo, once the canvas library and sharp are loaded. */
export async function cardPainter(logoFile: string): Promise<CardPainter> {
  const library = await loadCanvas();
  const [logo, sharp] = await Promise.all([loadLogo(logoFile, library), loadSharp()]);
  return new CardPainter(logo, sharp, library);
}

/**
 * The cards of the articles, as files of out/.
 *
 * @param cards each card's path in out/ and what it shows
 * @param logo the site's logo: its file, and a hash of its bytes
 */
export function cardOutputs(cards: readonly { path: string; text: CardText }[], logo: { file: string; digest: string }, runtime: { store: CacheStore; generator: string }): Output[] {
  let painter: Promise<CardPainter> | undefined;
  return cards.map(({ path, text }) => {
    const key = entryKey('card', runtime.generator, logo.digest, text.heading, text.title, text.author, text.byline);
    return {
      path,
      key,
      contents: () =>
        runtime.store.getOrMake('card', key, async () => {
          painter ??= cardPainter(logo.file);
          return (await painter).draw(text);
        }),
    };
  });
}

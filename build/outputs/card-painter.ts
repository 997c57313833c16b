/**
 * Paints a sharing card from satori's layout of it, in a quarter of the time
 * the whole card took to draw as one SVG.
 *
 * satori can lay a card out without drawing its letters (`embedFont: false`):
 * it then writes each word as a `<text>` element at the place its layout
 * found. Everything else on the card (colours, the stripe, the logo) is the
 * same from card to card, so it is rasterised once by resvg and kept as the
 * card's backdrop; the words are shaped by HarfBuzz, as satori shapes them,
 * and each letter is painted onto a copy of the backdrop from a cache of
 * letters already rasterised by resvg at that size and at that tenth of a
 * pixel. satori drawing every letter as a path (4–7 ms a card), resvg
 * rasterising the whole card (6 ms) and sharp encoding it (6 ms) took about
 * 19 ms; satori's layout alone (1.5 ms), the painting (1 ms) and the PNG
 * (1.5 ms, build/lib/png.ts) took under 5. Since then satori lays out the
 * title alone (card-layout.ts), and the rows cards share are deflated once
 * (`PngEncoder`).
 *
 * The letters land where satori would draw them: a word and the spaces after
 * it are shaped as one run from the word's place, rounded to the pixel in a
 * block of more than one line, and every point of a letter is rounded to a
 * tenth of a pixel, as satori does. test/card-painter.test.ts compares the
 * two drawings pixel by pixel. A layout this painter cannot draw exactly (a
 * letter the fonts lack, text clipped, transformed or in a colour other than
 * `#rrggbb`, a backdrop that is not opaque) gets `undefined`, and the card is
 * drawn the slow way.
 */
import { Resvg } from '@resvg/resvg-js';
import type { HarfBuzz, HarfBuzzFont } from 'harfbuzzjs';
import { type Coverage, PngEncoder, Scanlines } from '../lib/png.ts';
import { woffToSfnt } from '../lib/woff.ts';

/** A font the card's template names, as given to satori: its family name, weight, style and WOFF file. */
export interface CardFont {
  name: string;
  weight: number;
  style: 'normal' | 'italic';
  data: Buffer;
}

/** A run of text that satori shapes and draws as one: a word and the spaces after it. */
export interface TextRun {
  text: string;
  /** Where the run starts, left and on its baseline, in pixels. */
  x: number;
  baseline: number;
  /** {@link fontKey} of the font to draw it in. */
  font: string;
  size: number;
  letterSpacing: number;
  colour: [number, number, number];
}

/** A card's layout: everything but its text, as SVG, and its text, as runs. */
export interface CardLayout {
  backdrop: string;
  runs: TextRun[];
}

/** How a font is known in satori's layout: family (lowercase, as satori writes it), weight and style. */
function fontKey(family: string, weight: number, style: string): string {
  return `${family.toLowerCase()}|${weight}|${style}`;
}

/** Text that ends one of satori's runs: the word separators of its line breaking (space, no-break space and the like). */
const SEPARATORS = new Set([0x20, 0xa0, 0x1361, 0x10100, 0x10101, 0x1039, 0x1091, 0x0a].map((code) => String.fromCodePoint(code)));

/** The attributes satori gives a word's `<text>`; any other (a clip, a mask, a transform, an opacity) sends the card the slow way. */
const TEXT_ATTRIBUTES = new Set(['x', 'y', 'width', 'height', 'font-weight', 'font-style', 'font-size', 'font-family', 'letter-spacing', 'fill']);

const ELEMENT = /<text ([^>]*)>([^<]*)<\/text>|<[^>]*>/g;
const TEXT_ELEMENT = /<text [^>]*>[^<]*<\/text>/g;
const ATTRIBUTE = /([\w-]+)="([^"]*)"/g;
const ENTITY = /&(amp|lt|gt|quot|#39);/g;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };
const MASK = /<mask id="([^"]+)">.*?<\/mask>/g;

/**
 * Splits satori's layout of a card (made with `embedFont: false`) into its
 * backdrop and its runs of text, or `undefined` when its text is drawn in a
 * way this painter does not.
 */
export function readLayout(svg: string): CardLayout | undefined {
  const runs: TextRun[] = [];
  // Consecutive <text> elements are one text block: satori writes its box's mask before each block.
  let block: { run: TextRun; ended: boolean }[] = [];
  const endBlock = () => {
    const lines = new Set(block.map(({ run }) => run.baseline)).size;
    for (const { run } of block) runs.push(lines > 1 ? { ...run, x: Math.round(run.x) } : run);
    block = [];
  };
  for (const [element, attributeText, content] of svg.matchAll(ELEMENT)) {
    if (attributeText === undefined) {
      if (!element.startsWith('</')) endBlock();
      continue;
    }
    const word = readWord(attributeText, (content ?? '').replace(ENTITY, (_, name: string) => ENTITIES[name] ?? ''));
    if (!word) return undefined;
    const last = block.at(-1);
    if (last && !last.ended && sameStyleAndLine(last.run, word)) last.run.text += word.text;
    else block.push({ run: word, ended: false });
    // A run ends with a separator; a tab is placed by itself.
    if (SEPARATORS.has(word.text) || word.text.includes('\t')) (block.at(-1) as { ended: boolean }).ended = true;
  }
  endBlock();
  return { backdrop: withoutUnusedMasks(svg.replace(TEXT_ELEMENT, '')), runs };
}

function sameStyleAndLine(a: TextRun, b: TextRun): boolean {
  return a.baseline === b.baseline && a.font === b.font && a.size === b.size && a.letterSpacing === b.letterSpacing && a.colour.join() === b.colour.join();
}

function readWord(attributeText: string, text: string): TextRun | undefined {
  const attributes = new Map<string, string>();
  for (const [, name, value] of attributeText.matchAll(ATTRIBUTE)) {
    if (!TEXT_ATTRIBUTES.has(name as string)) return undefined;
    attributes.set(name as string, value as string);
  }
  const fill = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(attributes.get('fill') ?? '');
  const weight = attributes.get('font-weight') ?? 'normal';
  const numbers = ['x', 'y', 'font-size', 'letter-spacing'].map((name) => Number(attributes.get(name) ?? 0));
  const [x, baseline, size, letterSpacing] = numbers as [number, number, number, number];
  if (!fill || numbers.some((value) => !Number.isFinite(value))) return undefined;
  return {
    text,
    x,
    baseline,
    font: fontKey(attributes.get('font-family') ?? '', weight === 'normal' ? 400 : weight === 'bold' ? 700 : Number(weight), attributes.get('font-style') ?? 'normal'),
    size,
    letterSpacing,
    colour: [1, 2, 3].map((group) => parseInt(fill[group] as string, 16)) as [number, number, number],
  };
}

/** satori writes a mask for every box, used or not; those nothing refers to are dropped, so that cards whose boxes differ only in size share one backdrop. */
function withoutUnusedMasks(svg: string): string {
  return svg.replace(MASK, (mask, id: string) => (svg.includes(`url(#${id})`) ? mask : ''));
}

/** satori rounds every point it draws to a tenth of a pixel (away from zero at a half). */
function toTenth(value: number): number {
  return (value < 0 ? -Math.round(-value * 10) : Math.round(value * 10)) / 10;
}

/** A glyph of a shaped run: where it sits, in font units from the run's start, and after how many letter spacings. */
interface PlacedGlyph {
  id: number;
  x: number;
  y: number;
  spacings: number;
}

interface LoadedFont {
  font: HarfBuzzFont;
  unitsPerEm: number;
}

/** Caches are emptied when they reach these sizes: a site's cards use a few hundred letters and a handful of backdrops. */
const MAX_LETTERS = 20_000;
const MAX_RUNS = 20_000;
const MAX_BACKDROPS = 4;

const RESVG_OPTIONS = { font: { loadSystemFonts: false } } as const;

export class CardPainter {
  private readonly harfbuzz: HarfBuzz;
  private readonly fonts: Map<string, LoadedFont>;
  private readonly backdrops = new Map<string, Scanlines | undefined>();
  private readonly shapes = new Map<string, PlacedGlyph[] | undefined>();
  private readonly letters = new Map<string, Coverage>();
  /** The picture each card is painted in, reused: it is encoded before the next card is painted. */
  private canvas: Scanlines | undefined;
  /** Cards share their header and footer rows, which it deflates once. */
  private readonly encoder = new PngEncoder();

  private constructor(harfbuzz: HarfBuzz, fonts: Map<string, LoadedFont>) {
    this.harfbuzz = harfbuzz;
    this.fonts = fonts;
  }

  /** A painter for cards in these fonts (the ones given to satori). */
  static async load(fonts: readonly CardFont[]): Promise<CardPainter> {
    const harfbuzz = await (await import('harfbuzzjs')).default;
    const loaded = new Map<string, LoadedFont>();
    for (const { name, weight, style, data } of fonts) {
      const blob = harfbuzz.createBlob(woffToSfnt(data));
      const face = harfbuzz.createFace(blob, 0);
      loaded.set(fontKey(name, weight, style), { font: harfbuzz.createFont(face), unitsPerEm: face.upem });
    }
    return new CardPainter(harfbuzz, loaded);
  }

  /**
   * The card as a PNG file, or `undefined` when its layout holds something
   * this painter does not draw as satori and resvg would.
   *
   * @param layoutSvg satori's SVG of the card, made with `embedFont: false`
   */
  paint(layoutSvg: string): Buffer | undefined {
    const layout = readLayout(layoutSvg);
    const backdrop = layout && this.backdrop(layout.backdrop);
    if (!layout || !backdrop) return undefined;
    const picture = (this.canvas = backdrop.copy(this.canvas));
    for (const run of layout.runs) if (!this.paintRun(picture, run)) return undefined;
    return this.encoder.encode(picture);
  }

  private backdrop(svg: string): Scanlines | undefined {
    if (!this.backdrops.has(svg)) {
      if (this.backdrops.size >= MAX_BACKDROPS) this.backdrops.clear();
      const rendered = new Resvg(svg, RESVG_OPTIONS).render();
      this.backdrops.set(svg, Scanlines.fromRgba(rendered.pixels, rendered.width, rendered.height));
    }
    return this.backdrops.get(svg);
  }

  /** Paints a run as satori draws it (its `getSVG`); false when the font is not loaded or lacks a letter. */
  private paintRun(picture: Scanlines, run: TextRun): boolean {
    const loaded = this.fonts.get(run.font);
    const glyphs = loaded && this.shape(run.font, loaded.font, run.text);
    if (!loaded || !glyphs) return false;
    const scale = run.size / loaded.unitsPerEm;
    for (const glyph of glyphs) {
      const x = run.x + glyph.x * scale + glyph.spacings * run.letterSpacing;
      const y = run.baseline + glyph.y * scale;
      const [left, fractionX] = splitTenths(x);
      const [top, fractionY] = splitTenths(y);
      const letter = this.letter(run.font, loaded, glyph.id, run.size, fractionX, fractionY);
      picture.paint({ ...letter, left: left + letter.left, top: top + letter.top }, run.colour);
    }
    return true;
  }

  /** The run's glyphs and their places, or `undefined` when the font lacks one of its letters. */
  private shape(key: string, font: HarfBuzzFont, text: string): PlacedGlyph[] | undefined {
    const cacheKey = `${key}\0${text}`;
    if (!this.shapes.has(cacheKey)) {
      if (this.shapes.size >= MAX_RUNS) this.shapes.clear();
      const buffer = this.harfbuzz.createBuffer();
      let shaped;
      try {
        buffer.addText(text);
        buffer.guessSegmentProperties();
        this.harfbuzz.shape(font, buffer);
        shaped = buffer.json();
      } finally {
        buffer.destroy();
      }
      let advance = 0;
      let spacings = 0;
      const placed = shaped.map((glyph, index) => {
        const place = { id: glyph.g, x: advance + glyph.dx, y: glyph.dy, spacings };
        advance += glyph.ax;
        // satori adds the letter spacing after each cluster (a letter and its marks).
        if (shaped[index + 1]?.cl !== glyph.cl) spacings++;
        return place;
      });
      this.shapes.set(cacheKey, shaped.some((glyph) => glyph.g === 0) ? undefined : placed);
    }
    return this.shapes.get(cacheKey);
  }

  /** A glyph's coverage at a size and a fraction of a pixel (in tenths), placed relative to its origin's whole pixel. */
  private letter(key: string, { font, unitsPerEm }: LoadedFont, id: number, size: number, tenthsX: number, tenthsY: number): Coverage {
    const cacheKey = `${key}|${id}|${size}|${tenthsX}|${tenthsY}`;
    let letter = this.letters.get(cacheKey);
    if (!letter) {
      if (this.letters.size >= MAX_LETTERS) this.letters.clear();
      letter = rasteriseGlyph(font.glyphToPath(id), size / unitsPerEm, tenthsX / 10, tenthsY / 10);
      this.letters.set(cacheKey, letter);
    }
    return letter;
  }
}

/** A position as its whole pixel and the tenths of a pixel beyond it (0–9). */
function splitTenths(position: number): [number, number] {
  const whole = Math.floor(position);
  const tenths = Math.round((position - whole) * 10);
  return tenths === 10 ? [whole + 1, 0] : [whole, tenths];
}

/**
 * A glyph's coverage, from its outline in font units (y upward), at `scale`
 * pixels a unit, with its origin at (offsetX, offsetY) within a pixel; each
 * point rounded to a tenth of a pixel as satori rounds it.
 */
function rasteriseGlyph(outline: string, scale: number, offsetX: number, offsetY: number): Coverage {
  let index = 0;
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  // Path data alternates x and y; every number is a coordinate.
  const placed = outline.replace(/-?\d*\.?\d+(?:e[-+]?\d+)?/gi, (number) => {
    const isX = index++ % 2 === 0;
    const value = isX ? toTenth(offsetX + Number(number) * scale) : toTenth(offsetY - Number(number) * scale);
    if (isX) [minX, maxX] = [Math.min(minX, value), Math.max(maxX, value)];
    else [minY, maxY] = [Math.min(minY, value), Math.max(maxY, value)];
    return String(value);
  });
  if (index === 0) return { left: 0, top: 0, width: 0, height: 0, alpha: new Uint8Array(0) };
  // A curve lies within its control points, so their bounds, a pixel wider on each side, hold the whole glyph.
  const left = Math.floor(minX) - 1;
  const top = Math.floor(minY) - 1;
  const width = Math.ceil(maxX) + 1 - left;
  const height = Math.ceil(maxY) + 1 - top;
  // `pixels` is a getter that copies resvg's buffer: read once.
  const { pixels } = new Resvg(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><path transform="translate(${-left} ${-top})" d="${placed}"/></svg>`, RESVG_OPTIONS).render();
  const alpha = new Uint8Array(width * height);
  for (let pixel = 0; pixel < alpha.length; pixel++) alpha[pixel] = pixels[pixel * 4 + 3] as number;
  return { left, top, width, height, alpha };
}

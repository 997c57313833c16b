/** The part of harfbuzzjs (HarfBuzz compiled to WebAssembly) that the sharing cards use; the package ships no types. */
declare module 'harfbuzzjs' {
  export interface HarfBuzzBlob {
    destroy(): void;
  }
  export interface HarfBuzzFace {
    /** Font units per em. */
    upem: number;
    destroy(): void;
  }
  export interface HarfBuzzFont {
    /** The glyph's outline as SVG path data, in font units with y upward. */
    glyphToPath(glyph: number): string;
    destroy(): void;
  }
  /** One shaped glyph: its id, the cluster (index in the text) it came from, and its advance and offset in font units. */
  export interface ShapedGlyph {
    g: number;
    cl: number;
    ax: number;
    ay: number;
    dx: number;
    dy: number;
  }
  export interface HarfBuzzBuffer {
    addText(text: string): void;
    guessSegmentProperties(): void;
    json(): ShapedGlyph[];
    destroy(): void;
  }
  export interface HarfBuzz {
    createBlob(data: Uint8Array): HarfBuzzBlob;
    createFace(blob: HarfBuzzBlob, index: number): HarfBuzzFace;
    createFont(face: HarfBuzzFace): HarfBuzzFont;
    createBuffer(): HarfBuzzBuffer;
    shape(font: HarfBuzzFont, buffer: HarfBuzzBuffer, features?: string): void;
  }
  const harfbuzz: Promise<HarfBuzz>;
  export default harfbuzz;
}

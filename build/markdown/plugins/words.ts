/**
 * The words the markdown stage writes itself into a body's HTML, in the
 * page's language: each catalogue's `body` group (templates/messages/), which
 * the build passes in its markdown settings, since a stage reads no template.
 */
export interface MarkdownWords {
  /** The footnotes' heading, for screen readers: "Footnotes". */
  footnotes: string;
  /** A footnote's link back to where it is called, before its number: "Back to reference". */
  backToReference: string;
  /** What a screen reader calls a table's box, before its columns' headings: "Table". */
  table: string;
}

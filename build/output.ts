/**
 * A file of the built site, as every stage that makes files hands it to the
 * write stage: where it goes, a key that names its bytes, and the bytes when
 * asked. The write stage asks only for files out/ does not already hold
 * under the same key, so an unchanged page is never rendered, an unchanged
 * card never drawn.
 */
export interface Output {
  /** Path under out/, with forward slashes. */
  path: string;
  /** Names everything the bytes are made from: the same key, the same bytes. */
  key: string;
  contents(): Promise<string | Uint8Array>;
}

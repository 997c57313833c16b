/**
 * A file of the built site, as every stage that makes files hands it to the
 * write stage: where it goes, a key that names its bytes, and the bytes when
 * asked. The write stage asks only for files out/ does not already hold
 * under the same key, so an unchanged page is never rendered, an unchanged
 * card never drawn.
 */
import type { Redirect } from './host/index.ts';

export interface Output {
  /** Path under out/, with forward slashes. */
  path: string;
  /** Names everything the bytes are made from: the same key, the same bytes. */
  key: string;
  contents(): Promise<string | Uint8Array>;
}

/**
 * What a build was made from that decides whether it may be published: the
 * deploy reads these rather than guessing from the pages' HTML.
 */
export interface BuildFacts {
  /** Built with --drafts: draft articles are in it, and the draft-leak audit did not run. */
  drafts: boolean;
  /** Everything of the shipped sample the site publishes, with the files that hold it; empty when nothing is. */
  sampleContent: SampleContent[];
  /**
   * Each article's file-name address and the address it moved to: a preview
   * started over this out/ answers them with 301s before its own first build
   * has finished, or when that build fails.
   */
  redirects: Redirect[];
}

/** One kind of the shipped sample's content that a site publishes, and where it is. */
export interface SampleContent {
  /**
   * `identity`: a detail of the identity file (content/site.md); `byline`: an
   * article's author or reviewer; `picture`: the sample's portrait or sharing
   * image; `handout`: a handout PDF whose Subject says it is a sample.
   */
  kind: 'identity' | 'byline' | 'picture' | 'handout';
  /** What it is, as the deploy names it: `the name "Dr. Alex Sample"`, `reviewer "Dr. Alex Sample, MD"`, `the sample portrait`, `sample handout`. */
  what: string;
  /** The files that hold it, as the build shows paths (relative to where it ran), sorted. */
  files: string[];
}

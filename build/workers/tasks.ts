/**
 * The work the build hands to its worker threads, as plain data: markdown
 * bodies to process and sharing images to draw. Only small values cross
 * between threads (markdown text in, compressed HTML and facts out; images
 * go straight to the cache folder), never syntax trees.
 */
import { packDocument, type PackedDocument } from '../markdown/packed.ts';
import type { CardJob } from '../outputs/og-images.ts';

export interface MarkdownJob {
  body: string;
  pageUrl: string;
}

/** The build's markdown settings as cloneable entries. */
export interface MarkdownSettingsData {
  figures: [string, string][];
  imageSizes: [string, { width: number; height: number }][];
}

export type WorkerTask = { kind: 'markdown'; jobs: MarkdownJob[]; settings: MarkdownSettingsData } | { kind: 'cards'; jobs: CardJob[]; cacheDir: string };

/** What each kind of task answers. */
export interface WorkerResults {
  markdown: PackedDocument[];
  cards: null;
}

/** Runs one task, in whichever thread calls it. */
export async function runTask(task: WorkerTask): Promise<WorkerResults[WorkerTask['kind']]> {
  if (task.kind === 'markdown') {
    const { renderMarkdown } = await import('../markdown/index.ts');
    const settings = { figures: new Map(task.settings.figures), imageSizes: new Map(task.settings.imageSizes) };
    return task.jobs.map((job) => packDocument(renderMarkdown(job.body, job.pageUrl, settings)));
  }
  const { drawCards } = await import('../outputs/og-images.ts');
  await drawCards(task.jobs, task.cacheDir);
  return null;
}

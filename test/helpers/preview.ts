/**
 * A running preview over a private copy of the sample content, so that tests
 * can edit files, plus small HTTP helpers that send paths exactly as written.
 */
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startPreview, type Preview, type PreviewOptions } from '../../build/preview/index.ts';
import { copySampleSite, TEST_CACHE_DIR } from './sites.ts';

export interface PreviewSite {
  preview: Preview;
  root: string;
  contentDir: string;
  outDir: string;
  log: string[];
  /** Rewrites a content file with `change` applied, and waits for the rebuild. */
  edit(file: string, change: (text: string) => string): Promise<void>;
  /** Waits until the preview has printed nothing for a while: the last save's every event is built. */
  quiet(): Promise<void>;
  close(): Promise<void>;
}

/** How long the preview must print nothing before an edit: its own watcher may still report the last one. */
const QUIET_MS = 150;

/**
 * Waits until the preview has printed nothing for QUIET_MS. A save can reach
 * the watcher as two events; on a loaded machine the second comes after the
 * first's build began, and starts one more build, which an edit made
 * meanwhile would take for its own.
 */
async function quiet(log: readonly string[]): Promise<void> {
  for (let printed = -1; printed !== log.length; ) {
    printed = log.length;
    await sleep(QUIET_MS);
  }
}

/**
 * Starts a preview of the given folders as the tests do: with the tests'
 * cache, without drafts, on a free port of 127.0.0.1, printing nowhere
 * unless `options` says otherwise.
 */
export function startTestPreview(folders: Pick<PreviewOptions, 'contentDir' | 'assetsDir' | 'outDir'>, options: Partial<PreviewOptions> = {}): Promise<Preview> {
  return startPreview({ ...folders, cacheDir: TEST_CACHE_DIR, includeDrafts: false, baseUrl: undefined, host: '127.0.0.1', port: 0, log: () => undefined, ...options });
}

/**
 * @param watchGenerator whether a save of the generator's code rebuilds this preview: only for the test of that, since
 * every preview running in another test file at the time would rebuild on it too
 */
export async function startPreviewSite(watchGenerator = false): Promise<PreviewSite> {
  const { root, contentDir, assetsDir, cleanup } = await copySampleSite();
  const outDir = path.join(root, 'out');
  const log: string[] = [];
  const preview = await startTestPreview({ contentDir, assetsDir, outDir }, { log: (line) => log.push(line), watchGenerator });
  return {
    preview,
    root,
    contentDir,
    outDir,
    log,
    edit: async (file, change) => {
      const target = path.join(contentDir, file);
      await quiet(log);
      const rebuilt = preview.nextBuild();
      await writeFile(target, change(await readFile(target, 'utf8')));
      await rebuilt;
    },
    quiet: () => quiet(log),
    close: async () => {
      await preview.close();
      await cleanup();
    },
  };
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** Sends a request with the path exactly as given: no normalisation by the client. */
export function send(baseUrl: string, rawPath: string, options: { method?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const outgoing = request({ hostname, port, path: rawPath, method: options.method ?? 'GET', headers: options.headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** Listens to the live-reload stream; `next()` resolves with the next event. */
export function listen(baseUrl: string): { next(): Promise<{ event: string; data: unknown }>; close(): void } {
  const { hostname, port } = new URL(baseUrl);
  const queue: { event: string; data: unknown }[] = [];
  const waiters: ((event: { event: string; data: unknown }) => void)[] = [];
  let buffer = '';
  const outgoing = request({ hostname, port, path: '/__preview/events' }, (response) => {
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      buffer += chunk;
      let end;
      while ((end = buffer.indexOf('\n\n')) !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event === undefined || data === undefined) continue;
        const message = { event, data: JSON.parse(data) as unknown };
        const waiter = waiters.shift();
        if (waiter) waiter(message);
        else queue.push(message);
      }
    });
  });
  outgoing.on('error', () => undefined);
  outgoing.end();
  return {
    next: () => {
      const queued = queue.shift();
      return queued ? Promise.resolve(queued) : new Promise((resolve) => waiters.push(resolve));
    },
    close: () => outgoing.destroy(),
  };
}

/** A preview of the sample content, and the address of its Part D article as the preview lists it: the page the tests open, edit and rename. */
export async function startPreviewWithArticle(watchGenerator = false): Promise<{ site: PreviewSite; articleUrl: string }> {
  const site = await startPreviewSite(watchGenerator);
  const list = (await send(site.preview.url, '/insights')).body.toString();
  const articleUrl = /href="(\/insights\/medicare-part-d[^"]+)"/.exec(list)?.[1];
  assert.ok(articleUrl, 'the Part D article is listed');
  return { site, articleUrl };
}

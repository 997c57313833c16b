/**
 * The preview: build, serve out/ as the published host would, watch the
 * inputs, rebuild and reload open pages. After a failed build it keeps
 * serving the last good site and shows the messages in the terminal and over
 * the page, until the file is fixed.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { UsageError } from '../diagnostics/index.ts';
import { hostedObjects, listOutput, type HostedObject, type Redirect } from '../host/index.ts';
import { bundlePreviewClient } from '../outputs/bundles.ts';
import { Builder, type BuildRequest, type CompleteOutcome } from './builder.ts';
import { PreviewEvents } from './events.ts';
import { previewHandler, type ServedSite } from './server.ts';
import { watchFolderTree, type FolderWatch } from './watch.ts';

export interface PreviewOptions extends BuildRequest {
  host: string;
  /** 0 picks a free port. */
  port: number;
  /** Where progress lines go (the terminal). */
  log: (line: string) => void;
}

export interface Preview {
  url: string;
  /** Resolves after the next rebuild has finished and open pages were told. */
  nextBuild(): Promise<CompleteOutcome>;
  close(): Promise<void>;
}

/** The generator's own code: a change there needs a fresh build worker. */
const CODE_DIRS = ['../', '../../templates/'].map((dir) => fileURLToPath(new URL(dir, import.meta.url)));

/** Editors write swap and backup files next to the one being edited; they are not content. */
const IGNORED = /(^|\/)(\.|#)|~$|\.swp$|\.tmp$/;

/** Rebuild this long after the last change, so a save that writes several files builds once. */
const SETTLE_MS = 15;

/** Articles whose address changed between two builds (a new title): old address → new one. */
function movedArticles(before: Map<string, string>, after: readonly { sourcePath: string; url: string }[]): Record<string, string> {
  const moved: Record<string, string> = {};
  for (const { sourcePath, url } of after) {
    const previous = before.get(sourcePath);
    if (previous !== undefined && previous !== url) moved[previous] = url;
  }
  return moved;
}

export async function startPreview(options: PreviewOptions): Promise<Preview> {
  const builder = new Builder(options);
  const events = new PreviewEvents();
  // An out/ left by an earlier run is served until a build succeeds.
  let site: ServedSite = { outDir: options.outDir, objects: hostedObjects(await listOutput(options.outDir).catch(() => []), []) };
  let articleUrls = new Map<string, string>();
  let waiting: ((outcome: CompleteOutcome) => void)[] = [];
  // Warnings already in the terminal are counted, not printed again after every save.
  let shownWarnings = new Set<string>();
  // The table of objects is made again only when the files or the redirects change.
  let hosted: { files: readonly string[]; redirects: string; objects: ReadonlyMap<string, HostedObject> } | undefined;
  const objectsOf = (files: readonly string[], redirects: readonly Redirect[]) => {
    const redirectsKey = JSON.stringify(redirects);
    if (hosted?.files !== files || hosted.redirects !== redirectsKey) hosted = { files, redirects: redirectsKey, objects: hostedObjects(files, redirects) };
    return hosted.objects;
  };

  const apply = (outcome: CompleteOutcome, reason: string): void => {
    if (outcome.ok === 'superseded') return;
    if (outcome.ok) {
      const moved = movedArticles(articleUrls, outcome.articles);
      site = { outDir: options.outDir, objects: objectsOf(outcome.files, outcome.redirects) };
      articleUrls = new Map(outcome.articles.map((article) => [article.sourcePath, article.url]));
      const repeated = outcome.warnings.filter((warning) => shownWarnings.has(warning)).length;
      for (const warning of outcome.warnings) if (!shownWarnings.has(warning)) options.log(warning);
      shownWarnings = new Set(outcome.warnings);
      const asBefore = repeated === 0 ? '' : `; ${repeated} warning${repeated === 1 ? '' : 's'} as before`;
      options.log(`${reason === '' ? 'Built' : 'Rebuilt'} in ${outcome.milliseconds} ms${reason}; ${outcome.written.length} of ${outcome.files.length} files rewritten${asBefore}.`);
      events.send({ type: 'reload', moved, written: outcome.written });
    } else {
      for (const line of outcome.lines) options.log(line);
      options.log('Still serving the last good build; fix the file and save it.');
      events.send({ type: 'build-error', lines: outcome.lines });
    }
    const resolved = waiting;
    waiting = [];
    for (const resolve of resolved) resolve(outcome);
  };

  // One build at a time; changes that arrive during a build start one more after it.
  let running: Promise<void> | undefined;
  let queued: { changed: Set<string>; code: boolean } | undefined;
  const schedule = (changed: readonly string[], code: boolean): void => {
    queued = { changed: new Set([...(queued?.changed ?? []), ...changed]), code: code || (queued?.code ?? false) };
    running ??= (async () => {
      while (queued) {
        const job = queued;
        queued = undefined;
        if (job.code) await builder.restart();
        const names = [...job.changed].map((file) => path.relative(process.cwd(), file) || '.');
        apply(await builder.build([...job.changed]), ` (${names.slice(0, 3).join(', ')}${names.length > 3 ? ', …' : ''} changed)`);
      }
      running = undefined;
    })();
  };

  const clientScript = await bundlePreviewClient();
  apply(await builder.build(), '');

  const server = createServer(previewHandler(() => site, clientScript, events));
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new UsageError(`Port ${options.port} on ${options.host} is in use; pass --port with another number.`) : error),
    );
    server.listen(options.port, options.host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}`;

  let timer: NodeJS.Timeout | undefined;
  let pending = new Set<string>();
  let codeChanged = false;
  const watchers: FolderWatch[] = [];
  const watchFolder = (dir: string, isCode: boolean) => {
    watchers.push(
      watchFolderTree(dir, (relative) => IGNORED.test(relative), (file) => {
        pending.add(file);
        codeChanged ||= isCode;
        clearTimeout(timer);
        timer = setTimeout(() => {
          const changed = [...pending];
          pending = new Set();
          const code = codeChanged;
          codeChanged = false;
          schedule(changed, code);
        }, SETTLE_MS);
      }),
    );
  };
  watchFolder(options.contentDir, false);
  if (options.insightsDir !== undefined) watchFolder(options.insightsDir, false);
  watchFolder(options.assetsDir, false);
  for (const dir of CODE_DIRS) watchFolder(dir, true);

  return {
    url,
    nextBuild: () => new Promise((resolve) => waiting.push(resolve)),
    close: async () => {
      clearTimeout(timer);
      for (const watcher of watchers) watcher.close();
      events.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await running;
      await builder.close();
    },
  };
}

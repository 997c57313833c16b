/**
 * The preview: build, serve out/ as the published host would, watch the
 * inputs, rebuild and reload open pages. After a failed build it keeps
 * serving the last good site and shows the messages in the terminal and over
 * the page, until the file is fixed.
 */
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { UsageError } from '../diagnostics/index.ts';
import { isPublished, WELL_KNOWN } from '../host/addresses.ts';
import { hostedObjects, listOutput, type HostedObject, type Redirect } from '../host/index.ts';
import { bundlePreviewClient } from '../outputs/index.ts';
import { isGeneratorDocument } from '../store/generator.ts';
import { guardOutputFolder, readBuildFacts, sourceFolders } from '../write/index.ts';
import { Builder, type BuildRequest, type CompleteOutcome } from './builder.ts';
import { PreviewEvents } from './events.ts';
import { previewHandler, type ServedSite } from './server.ts';
import { watchFolderTree, type FolderWatch } from './watch.ts';
import { counted } from '../lib/counted.ts';

export interface PreviewOptions extends BuildRequest {
  host: string;
  /** 0 picks a free port. */
  port: number;
  /** Where progress lines go (the terminal). */
  log: (line: string) => void;
  /**
   * Whether a save of the generator's own code (build/, templates/) restarts
   * the build worker; true unless said otherwise. The command always watches
   * it; a program that runs previews beside an edit of that code (the tests)
   * keeps the others from rebuilding on it.
   */
  watchGenerator?: boolean;
}

export interface Preview {
  url: string;
  /** The folders whose edits rebuild the site: the content's, then the generator's unless it is not watched. */
  watched: readonly string[];
  /** Resolves after the next rebuild has finished and open pages were told. */
  nextBuild(): Promise<CompleteOutcome>;
  close(): Promise<void>;
}

/** The generator's own code: a change there needs a fresh build worker. */
const CODE_DIRS = ['../../templates/', '../'].map((dir) => fileURLToPath(new URL(dir, import.meta.url)));

function codeFolders(options: PreviewOptions): readonly string[] {
  return options.watchGenerator === false ? [] : CODE_DIRS;
}

/** Editors write swap and backup files next to the one being edited; they are not content. */
const EDITOR_FILES = /(^|\/)#|~$|\.swp$|\.tmp$/;

/** Whether a change in a watched folder is not worth a build: an editor's file, or a hidden one the site does not publish (the `.well-known/` folder itself is watched for what it holds). */
function isIgnored(relative: string): boolean {
  return EDITOR_FILES.test(relative) || !(isPublished(relative) || relative === WELL_KNOWN);
}

/**
 * Rebuild this long after the last change, so that the events of one save
 * (an editor writes, renames, sets the time) start one build. A save written
 * in pieces further apart is still never shown half-written: the build waits
 * for each file it read to be still for STABLE_MS before it writes.
 */
const SETTLE_MS = 5;

type Success = Extract<CompleteOutcome, { ok: true }>;

/** Articles whose address changed between two builds (a new title): old address → new one. */
function movedArticles(before: Map<string, string>, after: readonly { sourcePath: string; url: string }[]): Record<string, string> {
  const moved: Record<string, string> = {};
  for (const { sourcePath, url } of after) {
    const previous = before.get(sourcePath);
    if (previous !== undefined && previous !== url) moved[previous] = url;
  }
  return moved;
}

/** What the server shows and the terminal has been told: brought up to date by each build's outcome. */
class PreviewState {
  /** An out/ left by an earlier run is served until a build succeeds. */
  site: ServedSite;
  /** The last outcome's lists: a list the worker did not send again is this very one. */
  private articles: Success['articles'] = [];
  private articleUrls = new Map<string, string>();
  /** The files of out/ the last outcome listed, to tell open pages which the next one removed. */
  private files: readonly string[];
  /** Warnings already in the terminal: counted, not printed again after every save. */
  private warnings: Success['warnings'] = [];
  private shownWarnings = new Set<string>();
  private waiting: ((outcome: CompleteOutcome) => void)[] = [];
  /** The table of objects, made again only when the files or the redirects change. */
  private hosted: { files: readonly string[]; redirects: readonly Redirect[]; objects: ReadonlyMap<string, HostedObject> } | undefined;

  /** @param served what out/ held when the preview started, served until its first build has finished: its files, and the redirects its marker records */
  constructor(
    private readonly options: PreviewOptions,
    private readonly events: PreviewEvents,
    served: { files: readonly string[]; redirects: readonly Redirect[] },
  ) {
    this.site = { outDir: options.outDir, objects: hostedObjects(served.files, served.redirects) };
    this.files = served.files;
  }

  /** The files of the last outcome that this one no longer lists: a page made a draft, or deleted. */
  private removed(files: readonly string[]): string[] {
    if (files === this.files) return [];
    const now = new Set(files);
    const removed = this.files.filter((file) => !now.has(file));
    this.files = files;
    return removed;
  }

  private objectsOf(files: readonly string[], redirects: readonly Redirect[]): ReadonlyMap<string, HostedObject> {
    if (this.hosted?.files !== files || this.hosted.redirects !== redirects) this.hosted = { files, redirects, objects: hostedObjects(files, redirects) };
    return this.hosted.objects;
  }

  /** Articles whose address changed since the last outcome. */
  private moved(articles: Success['articles']): Record<string, string> {
    if (articles === this.articles) return {};
    const moved = movedArticles(this.articleUrls, articles);
    this.articles = articles;
    this.articleUrls = new Map(articles.map((article) => [article.sourcePath, article.url]));
    return moved;
  }

  /** Prints the warnings not printed before; returns how many were. */
  private tell(warnings: Success['warnings']): number {
    if (warnings === this.warnings) return warnings.length;
    const repeated = warnings.filter((warning) => this.shownWarnings.has(warning)).length;
    for (const warning of warnings) if (!this.shownWarnings.has(warning)) this.options.log(warning);
    this.warnings = warnings;
    this.shownWarnings = new Set(warnings);
    return repeated;
  }

  private built(outcome: Success, reason: string): void {
    const moved = this.moved(outcome.articles);
    this.site = { outDir: this.options.outDir, objects: this.objectsOf(outcome.files, outcome.redirects) };
    const repeated = this.tell(outcome.warnings);
    const asBefore = repeated === 0 ? '' : `; ${counted(repeated, 'warning')} as before`;
    this.options.log(`${reason === '' ? 'Built' : 'Rebuilt'} in ${outcome.milliseconds} ms${reason}; ${outcome.written.length} of ${outcome.files.length} files rewritten${asBefore}.`);
    this.events.send({ type: 'reload', moved, written: outcome.written, removed: this.removed(outcome.files) });
  }

  /** Tells what stopped a build: its new warnings first, then, apart, the errors, the last thing in the terminal and the only thing over the page. */
  private failed(outcome: Extract<CompleteOutcome, { ok: false }>): void {
    // Added to those already told, not in their place: the checks a failed build did not reach may have found others, still true.
    const fresh = outcome.warnings.filter((warning) => !this.shownWarnings.has(warning));
    for (const warning of fresh) {
      this.options.log(warning);
      this.shownWarnings.add(warning);
    }
    if (fresh.length > 0) this.options.log('');
    for (const line of outcome.lines) this.options.log(line);
    this.options.log(outcome.inContent ? 'Still serving the last good build; fix the file and save it.' : 'Still serving the last good build; once that is put right, save any file of the content to build again.');
    this.events.send({ type: 'build-error', lines: outcome.lines, warnings: outcome.warningCount });
  }

  /** Takes a build's outcome: serves the new site and reloads open pages, or shows what stopped it. A build superseded by a newer save shows nothing. */
  apply(outcome: CompleteOutcome, reason: string): void {
    if (outcome.ok === 'superseded') return;
    if (outcome.ok) this.built(outcome, reason);
    else this.failed(outcome);
    const resolved = this.waiting;
    this.waiting = [];
    for (const resolve of resolved) resolve(outcome);
  }

  nextBuild(): Promise<CompleteOutcome> {
    return new Promise((resolve) => this.waiting.push(resolve));
  }
}

/**
 * The changed files a rebuild's line names: not a file already gone whose
 * name has no extension, an editor's temporary file (`sed -i` writes
 * `sedXXXXXX` and renames it over the file it edits), unless nothing else
 * changed. A deleted article or image keeps its extension, and its name.
 */
function namedChanges(files: readonly string[]): string[] {
  const lasting = files.filter((file) => existsSync(file) || /\.[A-Za-z0-9]+$/.test(file));
  return (lasting.length > 0 ? lasting : files).map((file) => path.relative(process.cwd(), file) || '.');
}

/** Builds one at a time; changes that arrive during a build start one more after it. */
function buildQueue(builder: Builder, state: PreviewState): { schedule: (changed: readonly string[], code: boolean) => void; idle: () => Promise<void> | undefined } {
  let running: Promise<void> | undefined;
  let queued: { changed: Set<string>; code: boolean } | undefined;
  const schedule = (changed: readonly string[], code: boolean): void => {
    queued = { changed: new Set([...(queued?.changed ?? []), ...changed]), code: code || (queued?.code ?? false) };
    running ??= (async () => {
      while (queued) {
        const job = queued;
        queued = undefined;
        if (job.code) await builder.restart();
        const names = namedChanges([...job.changed]);
        state.apply(await builder.build([...job.changed]), ` (${names.slice(0, 3).join(', ')}${names.length > 3 ? ', …' : ''} changed)`);
      }
      running = undefined;
    })();
  };
  return { schedule, idle: () => running };
}

/** Watches the inputs and the generator's code; a burst of changes settles for SETTLE_MS, then is scheduled as one. */
function watchInputs(options: PreviewOptions, schedule: (changed: readonly string[], code: boolean) => void): { close(): void } {
  let timer: NodeJS.Timeout | undefined;
  let pending = new Set<string>();
  let codeChanged = false;
  const watchFolder = (dir: string, isCode: boolean): FolderWatch =>
    watchFolderTree(dir, isCode ? (relative) => isIgnored(relative) || isGeneratorDocument(relative) : isIgnored, (file) => {
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
    });
  const watchers = [...sourceFolders(options).map((dir) => watchFolder(dir, false)), ...codeFolders(options).map((dir) => watchFolder(dir, true))];
  return {
    close: () => {
      clearTimeout(timer);
      for (const watcher of watchers) watcher.close();
    },
  };
}

/** What the person who typed --host or --port should be told when the server cannot listen there; undefined for a fault of the machine. */
function listenMistake(error: NodeJS.ErrnoException, options: PreviewOptions): UsageError | undefined {
  const { host, port } = options;
  switch (error.code) {
    case 'EADDRINUSE':
      return new UsageError(`Port ${port} on ${host} is in use; pass --port with another number.`);
    case 'EACCES':
      return new UsageError(`Port ${port} on ${host} needs an administrator; pass --port with a number from 1024 up.`);
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EADDRNOTAVAIL':
      return new UsageError(`--host ${host} is not an address of this computer; leave it out, or pass 0.0.0.0 to be seen on the local network.`);
    default:
      return undefined;
  }
}

/** Starts the server on the asked address; an address it cannot take is a usage mistake. */
async function listen(server: Server, options: PreviewOptions): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => reject(listenMistake(error, options) ?? error));
    server.listen(options.port, options.host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  return `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}`;
}

/**
 * Starts the preview. The port is taken before anything is built, so that a
 * port already in use (another preview, most often) is told at once and
 * leaves out/ as that preview wrote it.
 */
export async function startPreview(options: PreviewOptions): Promise<Preview> {
  // A folder the build would refuse (files it did not make, or the content) is refused before anything in it is served: they are someone else's.
  await guardOutputFolder(options.outDir, sourceFolders(options));
  const events = new PreviewEvents();
  const served = { files: await listOutput(options.outDir).catch(() => []), redirects: (await readBuildFacts(options.outDir))?.redirects ?? [] };
  const state = new PreviewState(options, events, served);
  const server = createServer(previewHandler(() => state.site, await bundlePreviewClient(), events, options.host));
  const url = await listen(server, options);
  const stopServing = async () => {
    events.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  const builder = new Builder(options);
  const queue = buildQueue(builder, state);
  try {
    state.apply(await builder.build(), '');
  } catch (error) {
    await stopServing();
    await builder.close();
    throw error;
  }
  const watch = watchInputs(options, queue.schedule);
  return {
    url,
    watched: [...sourceFolders(options), ...codeFolders(options)],
    nextBuild: () => state.nextBuild(),
    close: async () => {
      watch.close();
      await stopServing();
      await queue.idle();
      await builder.close();
    },
  };
}

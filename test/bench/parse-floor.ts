/**
 * The parse floor: a lower bound, on this machine, for a cold build of a
 * corpus by any generator built on remark-parse and remark-gfm. Every
 * article's body is parsed exactly as the build parses it (`parseMarkdown`),
 * on one thread per core, and nothing else is done: no HTML, no React, no
 * pages, no sharing images, no write. A row of compare-peers:
 *
 *   bash ../shared/bench/compare-peers.sh --count 10000 --peers hugo,eleventy \
 *     --cmd parse-floor 'node --import tsx test/bench/parse-floor.ts {corpus} {out}'
 *
 * compare-peers times the whole command, Node's start included. The script
 * also prints the parse alone: from the moment every thread has loaded its
 * modules and read its files to the last body parsed.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { isMainThread, parentPort, Worker, workerData, type WorkerOptions } from 'node:worker_threads';
import { isArticleFile } from '../../build/lib/article-file.ts';

/**
 * Each thread's young generation, the size at which the parse was fastest
 * on this machine (test/bench/README.md): the floor is a lower bound, and
 * is given every advantage. A young generation is three semi-spaces.
 */
const YOUNG_GENERATION_MB = 384;

const USAGE = 'usage: node --import tsx test/bench/parse-floor.ts [--threads N] CORPUS OUT';

/** What a thread answers once it has parsed its share. */
interface ThreadReport {
  bodies: number;
  nodes: number;
  milliseconds: number;
}

if (isMainThread) await measureFloor(process.argv.slice(2));
else await parseShare(workerData as { files: string[] });

function usageError(): never {
  console.error(USAGE);
  process.exit(2);
}

async function measureFloor(args: string[]): Promise<void> {
  let options: ReturnType<typeof readArguments>;
  try {
    options = readArguments(args);
  } catch {
    usageError();
  }
  const { values, positionals: [corpus, out] } = options;
  const threadsAsked = values.threads === undefined ? availableParallelism() : Number(values.threads);
  if (corpus === undefined || out === undefined || !Number.isInteger(threadsAsked) || threadsAsked < 1) usageError();
  if (!existsSync(corpus) || !statSync(corpus).isDirectory()) {
    console.error(`parse-floor: ${corpus} is not a folder of articles; make one with node ../shared/bench/make-corpus.mjs --count N --out DIR`);
    process.exit(2);
  }
  const files = readdirSync(corpus).filter(isArticleFile).sort().map((name) => path.join(corpus, name));
  const threads = Math.min(threadsAsked, files.length);
  const shares = Array.from({ length: threads }, (_, thread) => files.filter((_file, index) => index % threads === thread));
  const workers = shares.map((share) => startThread({ workerData: { files: share }, resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB } }));
  await Promise.all(workers.map((worker) => nextMessage(worker)));
  const start = performance.now();
  for (const worker of workers) worker.postMessage('parse');
  const reports = (await Promise.all(workers.map((worker) => nextMessage(worker)))) as ThreadReport[];
  const wall = performance.now() - start;
  await Promise.all(workers.map((worker) => worker.terminate()));
  // compare-peers counts the files a generator wrote; the floor writes none.
  mkdirSync(out, { recursive: true });
  const perBody = reports.map((report) => `${(report.milliseconds / report.bodies).toFixed(2)} ms`).join(', ');
  const nodes = reports.reduce((sum, report) => sum + report.nodes, 0);
  console.log(`parse floor: ${files.length} bodies (${nodes} syntax-tree nodes) on ${threads} thread${threads === 1 ? '' : 's'} in ${(wall / 1000).toFixed(2)} s; a body took ${perBody} on each thread`);
}

function readArguments(args: string[]) {
  return parseArgs({ args, options: { threads: { type: 'string' } }, allowPositionals: true });
}

/**
 * A thread on this very file, through tsx, with none of the build's own
 * machinery for threads (which compiles the generator first): the floor
 * stays self-contained. Node 20 does not pass tsx's loader on to a worker's
 * entry module, so the thread starts as a line of JavaScript that registers
 * tsx and then imports this file.
 */
function startThread(options: Omit<WorkerOptions, 'eval'>): Worker {
  const bootstrap = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then(({ register }) => {
  register();
  return import(${JSON.stringify(import.meta.url)});
});`;
  return new Worker(bootstrap, { ...options, eval: true });
}

function nextMessage(worker: Worker): Promise<unknown> {
  return new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

/** One thread: loads the parser (which the main thread never does) and reads its files, says so, then parses every body when told to. */
async function parseShare({ files }: { files: string[] }): Promise<void> {
  const { parseMarkdown } = await import('../../build/markdown/process.ts');
  const { parseFrontMatter } = await import('../../build/parse/front-matter.ts');
  const bodies = files.map((file) => {
    const parsed = parseFrontMatter({ path: file, text: readFileSync(file, 'utf8'), digest: '' });
    if (!('parsed' in parsed)) throw new Error(`${file}: its front matter cannot be read`);
    return parsed.parsed.body;
  });
  parentPort?.once('message', () => {
    const start = performance.now();
    let nodes = 0;
    for (const body of bodies) nodes += countNodes(parseMarkdown(body));
    parentPort?.postMessage({ bodies: bodies.length, nodes, milliseconds: performance.now() - start } satisfies ThreadReport);
  });
  parentPort?.postMessage('ready');
}

/** Every node of a tree: proof that each parse was whole, and a check that the floor parsed what the build parses. */
function countNodes(node: { children?: unknown[] }): number {
  let count = 1;
  for (const child of node.children ?? []) count += countNodes(child as { children?: unknown[] });
  return count;
}

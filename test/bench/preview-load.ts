/**
 * `npm run bench:preview`: a bounded loopback load on the preview server, beside
 * `serve` (Vercel's static server) on the same out/, in the same run. Both run
 * as child processes, so the load generator does not share their thread.
 * Exits 1 if the preview answers any request with an error or a non-2xx status.
 *
 *   npm run bench:preview -- [--seconds 10] [--connections 20]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '10' }, connections: { type: 'string', default: '20' } } });
const seconds = Number(values.seconds);
const connections = Number(values.connections);

/** Starts a server and resolves with its base URL once it has printed one. */
function startServer(command: string, args: string[], urlPattern: RegExp): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_ENV: 'production' } });
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = urlPattern.exec(output);
      if (match?.[1]) resolve({ url: match[1], child });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`${command} exited with ${String(code)}: ${output}`)));
  });
}

async function load(url: string, paths: string[]) {
  const result = await autocannon({ url, connections, duration: seconds, requests: paths.map((requestPath) => ({ method: 'GET', path: requestPath })) });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
  };
}

const dir = await mkdtemp(path.join(tmpdir(), 'bench-preview-'));
const outDir = path.join(dir, 'out');
const servers: ChildProcess[] = [];
try {
  const preview = await startServer(process.execPath, ['--import', 'tsx', 'build/preview/cli.ts', '--port', '0', '--out', outDir], /Preview at (http:\/\/[^/\s]+)\//);
  servers.push(preview.child);
  const home = await (await fetch(`${preview.url}/`)).text();
  const stylesheet = /href="(\/assets\/site\.[A-Z0-9]+\.css)"/.exec(home)?.[1] ?? '/';
  const article = /href="(\/insights\/[^"]+)"/.exec(home)?.[1] ?? '/insights';
  // Trailing-slash forms: every static server answers those with 200 and no redirect.
  const paths = ['/', '/insights/', `${article}/`, '/education/', '/about/', '/pdfs/arthritis.pdf', stylesheet];
  const serve = await startServer(path.join('node_modules', '.bin', 'serve'), ['--no-clipboard', '--no-request-logging', '--listen', 'tcp://127.0.0.1:0', outDir], /(http:\/\/127\.0\.0\.1:\d+)/);
  servers.push(serve.child);

  const results = { preview: await load(preview.url, paths), serve: await load(serve.url, paths) };
  console.log(`Loopback load, ${connections} connections for ${seconds} s each, over ${paths.length} addresses (pages, a PDF, the stylesheet):\n`);
  console.log('| server | requests/s | requests | errors | non-2xx | p50 ms | p99 ms |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const [name, r] of Object.entries(results)) console.log(`| ${name} | ${r.requestsPerSecond} | ${r.requests} | ${r.errors} | ${r.non2xx} | ${r.latencyP50Ms} | ${r.latencyP99Ms} |`);
  console.log(`\n${JSON.stringify({ connections, seconds, paths, results })}`);
  if (results.preview.errors > 0 || results.preview.non2xx > 0) process.exitCode = 1;
} finally {
  for (const server of servers) server.kill();
  await rm(dir, { recursive: true, force: true });
}

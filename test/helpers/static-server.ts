/**
 * A static server for browser tests that answers like the published site:
 * `/p` and `/p/` serve `p/index.html` with no redirect, a file is served as
 * is, and an unknown path gets the not-found page the host's rule names
 * (its language's, its Insights') with status 404 — or,
 * like an S3 website endpoint with one `ErrorDocument`, always the root one.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { notFoundFile } from '../../build/host/addresses.ts';
import { contentTypeOf } from '../../build/host/index.ts';

async function isFile(file: string): Promise<boolean> {
  return (await stat(file).catch(() => undefined))?.isFile() ?? false;
}

/** Which error page answers an unknown path: the one `notFoundFile` names, or only the root one. */
export type ErrorPages = 'nearest' | 'single';

async function resolve(root: string, urlPath: string, errorPages: ErrorPages): Promise<{ file: string; status: number }> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    decoded = '/';
  }
  const relative = path.normalize(decoded).replace(/^(\.\.[/\\])+/, '').replace(/^\/+/, '');
  const candidates = [path.join(root, relative), path.join(root, relative, 'index.html')];
  for (const candidate of candidates) {
    if (candidate.startsWith(root) && (await isFile(candidate))) return { file: candidate, status: 200 };
  }
  const nearest = path.join(root, errorPages === 'nearest' ? notFoundFile(decoded) : '404.html');
  return { file: (await isFile(nearest)) ? nearest : path.join(root, '404.html'), status: 404 };
}

/** Starts the server on a free loopback port; returns its base URL and a way to stop it. */
export async function serveDirectory(root: string, errorPages: ErrorPages = 'nearest'): Promise<{ url: string; close: () => Promise<void> }> {
  const absoluteRoot = path.resolve(root);
  const server: Server = createServer((request, response) => {
    const urlPath = new URL(request.url ?? '/', 'http://localhost').pathname;
    resolve(absoluteRoot, urlPath, errorPages).then(({ file, status }) => {
      response.writeHead(status, { 'content-type': contentTypeOf(path.relative(absoluteRoot, file)) });
      createReadStream(file).pipe(response);
    }, () => response.writeHead(500).end());
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/**
 * The preview's HTTP handler: it answers from out/ exactly as build/host.ts
 * says the published site answers (statuses, redirects, Content-Type,
 * Cache-Control, ETag and 304, HEAD), plus its own two addresses under
 * /__preview/ for live reload. The reload script is added to HTML as it is
 * sent, never written into out/.
 */
import { createHash } from 'node:crypto';
import { readFile, realpath } from 'node:fs/promises';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import path from 'node:path';
import { CACHE, resolveRequest, type HostedObject } from '../host/index.ts';
import type { PreviewEvents } from './events.ts';

/** The site being served: where out/ is and its objects as published. */
export interface ServedSite {
  outDir: string;
  objects: ReadonlyMap<string, HostedObject>;
}

export const PREVIEW_PREFIX = '/__preview/';
const CLIENT_PATH = `${PREVIEW_PREFIX}client.js`;
const EVENTS_PATH = `${PREVIEW_PREFIX}events`;
const CLIENT_TAG = `<script src="${CLIENT_PATH}" defer></script>`;

function plain(response: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': CACHE.revalidate, ...headers });
  response.end(`${text}\n`);
}

/**
 * Reads an object's file, refusing any that resolves outside out/ (a symlink
 * placed in out/, say). A read that meets the moment a rebuild swaps out/ in
 * is tried once more.
 */
async function readObject(site: ServedSite, object: HostedObject): Promise<Buffer | undefined> {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const root = await realpath(site.outDir);
      const file = await realpath(path.join(root, object.file));
      if (!file.startsWith(`${root}${path.sep}`)) return undefined;
      return await readFile(file);
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
  return undefined;
}

async function sendObject(request: IncomingMessage, response: ServerResponse, site: ServedSite, status: 200 | 404, object: HostedObject): Promise<void> {
  const stored = await readObject(site, object);
  if (!stored) return plain(response, 404, 'Not found');
  const body = object.contentType.startsWith('text/html') ? Buffer.from(stored.toString('utf8').replace('</head>', `${CLIENT_TAG}</head>`)) : stored;
  // The same ETag S3 gives an object uploaded in one part: the MD5 of its bytes, quoted.
  const etag = `"${createHash('md5').update(body).digest('hex')}"`;
  const headers = { 'content-type': object.contentType, 'cache-control': object.cacheControl, etag, 'content-length': String(body.length) };
  if (status === 200 && request.headers['if-none-match']?.split(/\s*,\s*/).includes(etag)) {
    response.writeHead(304, { 'cache-control': object.cacheControl, etag });
    return void response.end();
  }
  response.writeHead(status, headers);
  response.end(request.method === 'HEAD' ? undefined : body);
}

/**
 * @param currentSite the site to serve now (it changes with each good build)
 * @param clientScript the bundled live-reload script
 * @param events the live-reload event stream
 */
export function previewHandler(currentSite: () => ServedSite, clientScript: string, events: PreviewEvents): RequestListener {
  return (request, response) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return plain(response, 405, 'Method not allowed', { allow: 'GET, HEAD' });
    const rawPath = (request.url ?? '/').split('?')[0] ?? '/';
    if (rawPath === EVENTS_PATH) return events.connect(response);
    if (rawPath === CLIENT_PATH) {
      response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
      return void response.end(request.method === 'HEAD' ? undefined : clientScript);
    }
    const site = currentSite();
    const answer = resolveRequest(rawPath, site.objects);
    switch (answer.status) {
      case 400:
      case 414:
        return plain(response, answer.status, `Bad request: ${answer.reason}`);
      case 301:
        return plain(response, 301, `Moved to ${answer.location}`, { location: answer.location });
      case 404:
        if (!answer.object) return plain(response, 404, 'Not found');
        return void sendObject(request, response, site, 404, answer.object).catch(() => plain(response, 500, 'Could not read the file'));
      default:
        return void sendObject(request, response, site, 200, answer.object).catch(() => plain(response, 500, 'Could not read the file'));
    }
  };
}

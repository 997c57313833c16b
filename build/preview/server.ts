/**
 * The preview's HTTP handler: it answers from out/ exactly as build/host/
 * says the published site answers (statuses, redirects, Content-Type,
 * Cache-Control, Content-Language, ETag, Last-Modified, the security headers, conditional and
 * range requests, HEAD), plus its own two addresses under
 * /__preview/ for live reload. The reload script is added to HTML as it is
 * sent, never written into out/.
 */
import { createHash } from 'node:crypto';
import { open, realpath } from 'node:fs/promises';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import { hostname } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { answerFor } from '../host/conditional.ts';
import { CACHE, isEditorFile, resolveRequest, SECURITY_HEADERS, securityHeadersOf, type HostedObject } from '../host/index.ts';
import type { PreviewEvents } from './events.ts';

/** The site being served: where out/ is and its objects as published. */
export interface ServedSite {
  outDir: string;
  objects: ReadonlyMap<string, HostedObject>;
}

const PREVIEW_PREFIX = '/__preview/';
const CLIENT_PATH = `${PREVIEW_PREFIX}client.js`;
const EVENTS_PATH = `${PREVIEW_PREFIX}events`;
const CLIENT_TAG = `<script src="${CLIENT_PATH}" defer></script>`;

/** What CloudFront adds to an answer with a file of out/, but HSTS: over plain HTTP a browser ignores it. */
function addedHeaders(file: string | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(file === undefined ? SECURITY_HEADERS : securityHeadersOf(file)).filter(([name]) => name !== 'strict-transport-security'));
}

function plain(response: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': CACHE.revalidate, ...addedHeaders(undefined), ...headers });
  response.end(`${text}\n`);
}

/**
 * Whether a request names the preview as a person does: by an address,
 * `localhost`, this computer's own name, or the --host it was started on. A
 * web page open in another tab can point a name of its own at 127.0.0.1 (DNS
 * rebinding) and read the preview through it, drafts and the paths in build
 * errors included; its requests carry that name.
 */
function knownHost(header: string | undefined, names: ReadonlySet<string>): boolean {
  if (header === undefined) return true;
  let name: string;
  try {
    name = new URL(`http://${header}`).hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  } catch {
    return false;
  }
  return isIP(name) !== 0 || names.has(name) || name.endsWith('.localhost');
}

/** The names {@link knownHost} accepts besides addresses: the --host, `localhost`, and this computer's name. */
function hostNames(listening: string): ReadonlySet<string> {
  const computer = hostname().toLowerCase();
  return new Set([listening.toLowerCase(), 'localhost', computer, `${computer}.local`]);
}

/**
 * Reads an object's file, refusing any that resolves outside out/ (a symlink
 * placed in out/, say). A read that meets the moment a rebuild swaps out/ in
 * is tried once more.
 */
async function readObject(site: ServedSite, object: HostedObject): Promise<{ bytes: Buffer; modified: Date } | undefined> {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const root = await realpath(site.outDir);
      const file = await realpath(path.join(root, object.file));
      if (!file.startsWith(`${root}${path.sep}`)) return undefined;
      const handle = await open(file);
      try {
        return { bytes: await handle.readFile(), modified: (await handle.stat()).mtime };
      } finally {
        await handle.close();
      }
    } catch {
      await sleep(25);
    }
  }
  return undefined;
}

/** What to send: an object of the site, found (200) or standing in for a missing one (the 404 page). */
interface Sending {
  site: ServedSite;
  object: HostedObject;
  status: 200 | 404;
}

async function sendObject(request: IncomingMessage, response: ServerResponse, { site, object, status }: Sending): Promise<void> {
  const stored = await readObject(site, object);
  if (!stored) return plain(response, 404, 'Not found');
  const { bytes, modified } = stored;
  // The browser editor is no page of the site: it is not reloaded under the physician's hands, nor covered by a build's errors.
  const body = object.contentType.startsWith('text/html') && !isEditorFile(object.file) ? Buffer.from(bytes.toString('utf8').replace('</head>', `${CLIENT_TAG}</head>`)) : bytes;
  // The same ETag S3 gives an object uploaded in one part: the MD5 of its bytes, quoted.
  const etag = `"${createHash('md5').update(body).digest('hex')}"`;
  // S3 gives the time of the upload; here the file's is the time it was written.
  const language = object.contentLanguage === undefined ? {} : { 'content-language': object.contentLanguage };
  const common = { 'cache-control': object.cacheControl, etag, 'last-modified': modified.toUTCString(), 'accept-ranges': 'bytes', ...language, ...addedHeaders(object.file) };
  const answer = status === 404 ? { status: 404 as const } : answerFor(request.headers, { etag, size: body.length, modified });
  if (answer.status === 304 || answer.status === 412) return void response.writeHead(answer.status, common).end();
  if (answer.status === 416) return void response.writeHead(416, { ...common, 'content-range': `bytes */${body.length}` }).end();
  const part = answer.status === 206 ? body.subarray(answer.start, answer.end + 1) : body;
  const range = answer.status === 206 ? { 'content-range': `bytes ${answer.start}-${answer.end}/${body.length}` } : {};
  response.writeHead(answer.status, { ...common, ...range, 'content-type': object.contentType, 'content-length': String(part.length) });
  response.end(request.method === 'HEAD' ? undefined : part);
}

/**
 * @param currentSite the site to serve now (it changes with each good build)
 * @param clientScript the bundled live-reload script
 * @param events the live-reload event stream
 */
export function previewHandler(currentSite: () => ServedSite, clientScript: string, events: PreviewEvents, host: string): RequestListener {
  const names = hostNames(host);
  return (request, response) => {
    if (!knownHost(request.headers.host, names)) return plain(response, 403, 'Forbidden: open the preview at the address it printed');
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
        return void sendObject(request, response, { site, object: answer.object, status: 404 }).catch(() => plain(response, 500, 'Could not read the file'));
      default:
        return void sendObject(request, response, { site, object: answer.object, status: 200 }).catch(() => plain(response, 500, 'Could not read the file'));
    }
  };
}

/**
 * The browser editor as its tests drive it: the preview (`npm run preview`)
 * serving a copy of the sample site, /admin/ opened in Chromium with every
 * breach of its Content Security Policy and every request recorded, and the
 * editor's "Work with Local Repository" given a folder of the browser's own
 * file system (the origin-private one) that holds a copy of the sample's
 * content, through the editor's own button: the folder picker answers with it.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import type { Preview } from '../../build/preview/index.ts';
import { launchChromium } from '../helpers/chromium.ts';
import { startTestPreview } from '../helpers/preview.ts';
import { copySampleSite } from '../helpers/sites.ts';

export interface EditorSite {
  url: string;
  browser: Browser;
  /** The sample's content and assets as the tests' copy holds them, by their path in the repository (`content/site.md`). */
  repository: Map<string, Buffer>;
  root: string;
}

/** Every file of the copy's content and assets, by its path in the repository. */
async function repositoryFiles(root: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const folder of ['content', 'assets']) {
    const entries = await readdir(path.join(root, folder), { recursive: true, withFileTypes: true });
    for (const entry of entries.filter((item) => item.isFile())) {
      const file = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
      files.set(file, await readFile(path.join(root, file)));
    }
  }
  return files;
}

/** The preview over a copy of the sample, and Chromium, for the tests of one file. */
export function editorOfFile(): () => EditorSite {
  let site: EditorSite | undefined;
  let preview: Preview | undefined;
  let cleanup = () => Promise.resolve();
  before(async () => {
    const copy = await copySampleSite();
    cleanup = copy.cleanup;
    preview = await startTestPreview({ contentDir: copy.contentDir, assetsDir: copy.assetsDir, outDir: path.join(copy.root, 'out') });
    site = { url: preview.url, browser: await launchChromium(), repository: await repositoryFiles(copy.root), root: copy.root };
  });
  after(async () => {
    await site?.browser.close();
    await preview?.close();
    await cleanup();
  });
  return () => {
    if (site === undefined) throw new Error('The editor opens in a before hook: use it within a test.');
    return site;
  };
}

/** What the page did that the tests look at: each breach of its policy (as its document reports it, and as the console tells any frame's), and each address it asked for. */
export interface Watched {
  page: Page;
  violations: () => Promise<string[]>;
  requests: { url: string; type: string; failed: boolean }[];
}

/** /admin/ in a new page at 1280 px, watched from before its first byte, as far as its sign-in screen. */
export async function openEditor(site: EditorSite): Promise<Watched> {
  const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
  // The editor is one large app drawn in the page: on a busy machine a dialog or a form takes longer than Playwright's 30 s.
  context.setDefaultTimeout(90_000);
  await context.addInitScript(() => {
    const found: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = found;
    document.addEventListener('securitypolicyviolation', (event) => found.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  const page = await context.newPage();
  // A frame the editor makes (its preview) reports its breaches in its own document; the console tells them all.
  const told: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) told.push(message.text());
  });
  const requests: Watched['requests'] = [];
  page.on('request', (request) => requests.push({ url: request.url(), type: request.resourceType(), failed: false }));
  page.on('requestfailed', (request) => requests.filter((item) => item.url === request.url()).forEach((item) => (item.failed = true)));
  await page.goto(`${site.url}/admin/`);
  await page.getByRole('button', { name: 'Work with Local Repository' }).waitFor();
  const violations = async () => [...(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)), ...told];
  return { page, requests, violations };
}

/**
 * Opens the sample's copy, with any files changed, in the editor as a local repository: its files are
 * put in the browser's own file system, with the `.git` folder that makes it
 * a repository's root, and the folder picker answers with that folder.
 */
export async function openLocalRepository(page: Page, site: EditorSite, changed: ReadonlyMap<string, Buffer> = new Map()): Promise<void> {
  const files = [...new Map([...site.repository, ...changed])].map(([file, bytes]) => [file, bytes.toString('base64')] as const);
  await page.evaluate(async (copied) => {
    const root = await navigator.storage.getDirectory();
    for (const [file, data] of [...copied, ['.git/HEAD', btoa('ref: refs/heads/main\n')] as const]) {
      const parts = file.split('/');
      let folder = root;
      for (const part of parts.slice(0, -1)) folder = await folder.getDirectoryHandle(part, { create: true });
      const writable = await (await folder.getFileHandle(parts.at(-1) as string, { create: true })).createWritable();
      await writable.write(Uint8Array.from(atob(data), (character) => character.charCodeAt(0)));
      await writable.close();
    }
    (window as unknown as { showDirectoryPicker: () => Promise<FileSystemDirectoryHandle> }).showDirectoryPicker = () => Promise.resolve(root);
  }, files);
  await page.getByRole('button', { name: 'Work with Local Repository' }).click();
  await page.getByRole('treeitem', { name: /Articles/ }).waitFor();
}

/** Every file of the local repository the editor wrote: new ones, and those whose bytes are not those it was given. */
export async function writtenFiles(page: Page, site: EditorSite, given: ReadonlyMap<string, Buffer> = site.repository): Promise<Map<string, Buffer>> {
  // One loop over a list of folders, no function inside: the page runs this code as written.
  const all = await page.evaluate(async () => {
    const found: [string, string][] = [];
    const folders: [FileSystemDirectoryHandle, string][] = [[await navigator.storage.getDirectory(), '']];
    for (let next = folders.pop(); next !== undefined; next = folders.pop()) {
      const [folder, prefix] = next;
      for await (const [name, handle] of (folder as unknown as { entries(): AsyncIterable<[string, FileSystemHandle]> }).entries()) {
        if (handle.kind === 'directory') folders.push([handle as FileSystemDirectoryHandle, `${prefix}${name}/`]);
        else found.push([`${prefix}${name}`, btoa(String.fromCharCode(...new Uint8Array(await (await (handle as FileSystemFileHandle).getFile()).arrayBuffer())))]);
      }
    }
    return found;
  });
  const written = all.map(([file, data]) => [file, Buffer.from(data, 'base64')] as const).filter(([file, bytes]) => !file.startsWith('.git/') && !given.get(file)?.equals(bytes));
  return new Map(written);
}

/**
 * The browser every browser test, screenshot and Lighthouse run uses: the
 * headless Chromium that `@sparticuz/chromium` ships inside its npm package,
 * so `npm ci` installs it, pinned by the lockfile, on any machine (no apt
 * step, no download). `CHROME_PATH` overrides it, for a runner's own Chrome.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sparticuz from '@sparticuz/chromium';
import { chromium, type Browser } from 'playwright-core';

// The package exports no package.json; it lies one folder above its entry module.
const packageFile = path.join(path.dirname(fileURLToPath(import.meta.resolve('@sparticuz/chromium'))), '..', 'package.json');
const packageVersion = (JSON.parse(readFileSync(packageFile, 'utf8')) as { version: string }).version;

/**
 * The package's flags for running in a container, less the three that only a
 * serverless function needs and that would change what a page may do:
 * one process for everything, and the same-origin and mixed-content rules
 * switched off (the CSP and link tests must see a real browser's rules).
 */
const UNWANTED_FLAGS = new Set(['--single-process', '--disable-web-security', '--allow-running-insecure-content']);
export const CHROMIUM_FLAGS = sparticuz.args.filter((flag) => !UNWANTED_FLAGS.has(flag));

/** The one line a person reads when no browser can start, whatever the cause. */
function noBrowser(reason: string): Error {
  return new Error(
    `No browser could start (${reason}). Run "npm ci", which installs the pinned headless Chromium of @sparticuz/chromium, or set CHROME_PATH to a Chromium or Chrome binary.`,
  );
}

/**
 * Unpacks the package's Chromium once per version, into a folder of its own
 * under the system's temporary folder: unpacked elsewhere first and renamed
 * into place, so that test files starting at once, or a run stopped half-way,
 * never leave a half-written browser to be used.
 */
async function unpackedChromium(): Promise<string> {
  const folder = path.join(tmpdir(), `physician-site-chromium-${packageVersion}`);
  const binary = path.join(folder, 'chromium');
  if (existsSync(binary)) return binary;
  const staging = `${folder}.${process.pid}.tmp`;
  await mkdir(staging, { recursive: true });
  // The package unpacks into the system's temporary folder, which it reads from TMPDIR at each call.
  const systemTemp = process.env.TMPDIR;
  process.env.TMPDIR = staging;
  try {
    await sparticuz.executablePath();
  } finally {
    if (systemTemp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = systemTemp;
  }
  await rename(staging, folder).catch(async (error: unknown) => {
    // Another test file unpacked it first: theirs is as good.
    await rm(staging, { recursive: true, force: true });
    if (!existsSync(binary)) throw error;
  });
  return binary;
}

/** The browser's executable: CHROME_PATH when set, else the package's Chromium, unpacked on first use. */
export async function chromiumPath(): Promise<string> {
  const override = process.env.CHROME_PATH;
  if (override !== undefined && override !== '') {
    if (!existsSync(override)) throw noBrowser(`CHROME_PATH is ${override}, which does not exist`);
    return override;
  }
  try {
    return await unpackedChromium();
  } catch (error) {
    throw noBrowser(error instanceof Error ? error.message.split('\n')[0] ?? error.name : String(error));
  }
}

/** Starts headless Chromium under playwright-core; fails at once, with one line, when it cannot. */
export async function launchChromium(): Promise<Browser> {
  const executablePath = await chromiumPath();
  try {
    return await chromium.launch({ executablePath, args: CHROMIUM_FLAGS, timeout: 30_000 });
  } catch (error) {
    throw noBrowser(`${executablePath}: ${error instanceof Error ? (error.message.split('\n')[0] ?? error.name) : String(error)}`);
  }
}

/**
 * The build command run as an author runs it, `npm run build`, in a process
 * of its own: for the tests of the command line, of what it prints, and of
 * builds in separate processes. It runs in the sample site's folder, so that
 * its default folders (content/, assets/) are the sample's.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { PROJECT_ROOT, SAMPLE_SITE, TEST_CACHE_DIR } from './sites.ts';

/** Node's arguments for the build command, as package.json's `build` script has them but for its memory bound. */
const BUILD_COMMAND = ['--single-threaded-gc', path.join(PROJECT_ROOT, 'build/cli/start.js'), 'build'];

/** The build's time for these runs: a day when the sample articles' reviews are current. */
export const REVIEWS_CURRENT = { SOURCE_DATE_EPOCH: '1761955200' }; // 2025-11-01

/** This process's environment without what changes how the command prints: colour, and running under GitHub Actions (whose job summary the tests must not write to). */
export const PLAIN_ENV = Object.fromEntries(Object.entries(process.env).filter(([name]) => !['FORCE_COLOR', 'NO_COLOR', 'GITHUB_ACTIONS', 'GITHUB_STEP_SUMMARY'].includes(name)));

/** A command's options, with this test process's cache unless they name one: its default, .cache/ in the sample site's folder, would outlive the tests. */
const withTestCache = (args: readonly string[]) => (args.includes('--cache') ? [...args] : ['--cache', TEST_CACHE_DIR, ...args]);

/** Runs the build command as `npm run build` does, with extra environment variables. */
export function runWith(env: Record<string, string>, ...args: string[]): CommandResult {
  const result = spawnSync(process.execPath, [...BUILD_COMMAND, ...withTestCache(args)], { cwd: SAMPLE_SITE, encoding: 'utf8', env: { ...PLAIN_ENV, ...REVIEWS_CURRENT, ...env } });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Runs `npm run report` as an author does; the result as spawnSync gives it. */
export function runReport(...args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', path.join(PROJECT_ROOT, 'build/cli/report.ts'), ...withTestCache(args)], { cwd: SAMPLE_SITE, encoding: 'utf8', env: PLAIN_ENV });
}

/** Runs the build command as `npm run build` does. */
export function run(...args: string[]) {
  return runWith({}, ...args);
}

/** The progress lines a build longer than two seconds prints to a log, which the tests do not look at. */
export const withoutProgress = (text: string) => text.replace(/^(Processing articles|Writing files): .*\n/gm, '');

/** Fails unless the build ran and wrote its files, rather than finding the site up to date. */
export function assertRebuilt(result: CommandResult, why: string): void {
  assert.equal(result.code, 0, result.stderr);
  assert.match(result.stdout, /^Built /, why);
}

/** Fails unless the text is one line, with no stack trace. */
export function assertOneLine(text: string) {
  assert.equal(text.trim().split('\n').length, 1, `expected one line, got:\n${text}`);
  assert.doesNotMatch(text, /\n\s+at /, 'no stack trace');
}

/** What a command run as a child process printed, and how it ended. */
export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `npm run build` as it runs (node build/cli/start.js build), in
 * a process of its own, without blocking this one's event loop.
 *
 * @param args the command's options
 * @param env added to this process's environment
 */
export function runBuildCommand(args: readonly string[], env: Record<string, string | undefined> = {}): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...BUILD_COMMAND, ...withTestCache(args)], { cwd: SAMPLE_SITE, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

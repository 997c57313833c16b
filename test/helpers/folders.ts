/**
 * Built folders compared as a reader of out/ sees them: every file and its
 * bytes. The build's own marker is left out: it records each file's time as
 * written, which differs between any two builds.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { MARKER_FILE } from '../../build/write/index.ts';
import { PROJECT_ROOT } from './sites.ts';

/** Every file of a folder but the marker, by its path relative to the folder, in path order. */
export async function filesOf(dir: string): Promise<Map<string, Buffer>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const names = entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((name) => name !== MARKER_FILE)
    .sort();
  return new Map(await Promise.all(names.map(async (name) => [name, await readFile(path.join(dir, name))] as const)));
}

/** Asserts that two folders hold the same files with the same bytes, naming the first that differs. */
export async function assertSameFiles(actualDir: string, expectedDir: string, what = ''): Promise<void> {
  const [actual, expected] = await Promise.all([filesOf(actualDir), filesOf(expectedDir)]);
  assert.deepEqual([...actual.keys()], [...expected.keys()], `${what}: the same files`);
  for (const [name, bytes] of expected) assert.ok(bytes.equals(actual.get(name) as Buffer), `${what}: ${name} has the same bytes`);
}

/** What a command run as a child process printed, and how it ended. */
export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `npm run build` as it runs (node --import tsx build/cli/build.ts), in
 * a process of its own, without blocking this one's event loop.
 *
 * @param args the command's options
 * @param env added to this process's environment
 */
export function runBuildCommand(args: readonly string[], env: Record<string, string | undefined> = {}): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--single-threaded-gc', '--import', 'tsx', path.join(PROJECT_ROOT, 'build/cli/build.ts'), ...args], { cwd: PROJECT_ROOT, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

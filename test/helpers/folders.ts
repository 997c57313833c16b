/**
 * Folders in tests: temporary ones, removed after the test that made them;
 * built ones compared as a reader of out/ sees them, every file and its
 * bytes. The build's own marker is left out of a comparison: it records each
 * file's time as written, which differs between any two builds.
 */
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after } from 'node:test';
import { MARKER_FILE } from '../../build/write/index.ts';
import { relativePath } from '../../build/lib/relative-path.ts';

/** A new empty folder in the system's temporary folder, removed once the test that made it has ended (made outside a test: once the file's tests have). */
export async function temporaryFolder(prefix: string): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), `${prefix}-`));
  after(() => rm(folder, { recursive: true, force: true }));
  return folder;
}

/** Every file of a folder but the marker, by its path relative to the folder, in path order. */
export async function filesOf(dir: string): Promise<Map<string, Buffer>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const names = entries
    .filter((entry) => entry.isFile())
    .map((entry) => relativePath(dir, path.join(entry.parentPath, entry.name)))
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

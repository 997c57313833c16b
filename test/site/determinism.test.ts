/**
 * Two builds of the same input are identical byte for byte (issue 7), each
 * drawing its cards and encoding its images afresh: the year comes from
 * SOURCE_DATE_EPOCH when it is set, the home page's topic pair is seeded
 * from the content, and bundle names are hashes of their contents. Only the
 * build's marker, which records when each file was written, differs. A large
 * site built with one I/O thread and with eight is in determinism-large.test.ts.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { MARKER_FILE, readMarker } from '../../build/write/index.ts';
import { temporaryFolder } from '../helpers/folders.ts';
import { PROJECT_ROOT, SAMPLE_ASSETS, SAMPLE_CONTENT } from '../helpers/sites.ts';

const dir = await temporaryFolder('determinism');

/** Builds a site (the sample unless `site` names another) with `npm run build`'s command into `out`, with a cache of its own. */
function build(out: string, env: Record<string, string> = {}, site = ['--content', SAMPLE_CONTENT, '--assets', SAMPLE_ASSETS]): void {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'build/cli/build.ts', ...site, '--out', out, '--cache', `${out}-cache`], { cwd: PROJECT_ROOT, encoding: 'utf8', env: { ...process.env, ...env } });
  assert.equal(result.status, 0, result.stderr);
}

/** Asserts that two built sites hold the same files with the same bytes. */
async function assertSameSite(first: string, second: string): Promise<Map<string, Buffer>> {
  const [a, b] = await Promise.all([snapshot(first), snapshot(second)]);
  assert.deepEqual([...b.keys()], [...a.keys()]);
  assert.deepEqual([...a].filter(([file, bytes]) => !bytes.equals(b.get(file) ?? Buffer.alloc(0))).map(([file]) => file), [], 'files that differ');
  return a;
}

/** Every file of a built site but its marker, with its bytes. */
async function snapshot(out: string): Promise<Map<string, Buffer>> {
  const entries = await readdir(out, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile() && entry.name !== MARKER_FILE).map((entry) => path.relative(out, path.join(entry.parentPath, entry.name)));
  return new Map(await Promise.all(files.sort().map(async (file): Promise<[string, Buffer]> => [file, await readFile(path.join(out, file))])));
}

test('two builds of the same content are identical byte for byte, even in different time zones', async () => {
  const first = path.join(dir, 'first');
  const second = path.join(dir, 'second');
  build(first, { SOURCE_DATE_EPOCH: '1767225600', TZ: 'America/New_York' });
  build(second, { SOURCE_DATE_EPOCH: '1767225600', TZ: 'Pacific/Kiritimati' });
  const a = await assertSameSite(first, second);
  assert.ok(a.size > 40, `only ${a.size} files built`);
  assert.ok([...a.keys()].some((file) => file.startsWith('og/')), 'cards drawn by each build');
  const keys = async (out: string) => new Map([...((await readMarker(out)) ?? [])].map(([file, entry]) => [file, entry.key]));
  assert.deepEqual(await keys(second), await keys(first), 'the same keys for the same files');
});

test('SOURCE_DATE_EPOCH sets the copyright year written in the HTML', async () => {
  const out = path.join(dir, 'epoch');
  build(out, { SOURCE_DATE_EPOCH: '1735689600' }); // 2025-01-01T00:00:00Z
  assert.match(await readFile(path.join(out, 'index.html'), 'utf8'), /© <span data-current-year="">2025<\/span>/);
});

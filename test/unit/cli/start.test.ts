/**
 * Where `npm run build` starts (build/cli/start.js): with nothing compiled it
 * runs the command's TypeScript and compiles the command for the next run;
 * then it runs the command as compiled, and a command compiled from an older
 * version of the generator hands the build over to the current one. Each runs
 * in a copy of the generator, so that its compiled files are its own.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { temporaryFolder } from '../../helpers/folders.ts';
import { PLAIN_ENV, REVIEWS_CURRENT } from '../../helpers/command.ts';
import { copyProject } from '../../helpers/project-copy.ts';
import { SAMPLE_SITE } from '../../helpers/sites.ts';

/** `npm run build` of the sample site with the copy's start.js, into out/ and a cache beside the copy. */
function build(root: string): { code: number | null; stdout: string; stderr: string } {
  const args = ['--single-threaded-gc', path.join(root, 'build/cli/start.js'), 'build', '--out', path.join(root, 'out'), '--cache', path.join(root, 'cache')];
  const result = spawnSync(process.execPath, args, { cwd: SAMPLE_SITE, encoding: 'utf8', env: { ...PLAIN_ENV, ...REVIEWS_CURRENT } });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const compiled = (root: string) => readdirSync(path.join(root, 'node_modules/.cache/physician-site'), { recursive: true, encoding: 'utf8' }).sort();

test('npm run build compiles its command on its first run, runs it compiled, and hands over to the current version after the generator changes', async () => {
  const root = copyProject(await temporaryFolder('start-test'));
  const first = build(root);
  assert.equal(first.code, 0, first.stderr);
  assert.match(first.stdout, /^Built /m);
  const [version] = compiled(root);
  assert.deepEqual(compiled(root), [version, `${version}/build-cli-build-thread.mjs`, `${version}/build-cli-build.mjs`], 'the command and its thread, compiled for the next run');
  const again = build(root);
  assert.equal(again.code, 0, again.stderr);
  assert.match(again.stdout, /^Up to date: .*; nothing had changed in /m, 'the compiled command builds as the TypeScript did');
  // The command's closing line, as the new version of the command prints it.
  const command = path.join(root, 'build/cli/build-command.ts');
  writeFileSync(command, readFileSync(command, 'utf8').replace('s${warned}.\\n', 's${warned}!\\n'));
  const changed = build(root);
  assert.equal(changed.code, 0, changed.stderr);
  assert.match(changed.stdout, /^Built .*!$/m, 'the command of the current version built the site, in the same run');
  assert.match(build(root).stdout, /^Up to date: .*!$/m, 'and runs compiled from then on');
  assert.equal(compiled(root).length, 3, "only the current version's files are kept");
  assert.notEqual(compiled(root)[0], version);
});

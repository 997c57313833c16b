/**
 * The deploy run where no AWS credentials are to be found: one line that
 * names what to set and the README section that explains it, not the SDK's
 * "Could not load credentials from any providers". Nothing leaves the
 * machine: the SDK fails to find credentials before it sends a request, the
 * instance-metadata service is not asked, and the endpoint is a closed port.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { writeMarker } from '../../../build/write/index.ts';
import { PROJECT_ROOT } from '../../helpers/sites.ts';

let root: string;

before(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'deploy-credentials-'));
});
after(() => rm(root, { recursive: true, force: true }));

/** An environment with no credentials anywhere the SDK looks: no AWS_ variable, and a home folder with no ~/.aws. */
function environmentWithoutCredentials(home: string): NodeJS.ProcessEnv {
  const kept = Object.entries(process.env).filter(([name]) => !name.toUpperCase().startsWith('AWS_'));
  return { ...Object.fromEntries(kept), HOME: home, USERPROFILE: home, AWS_EC2_METADATA_DISABLED: 'true', NODE_NO_WARNINGS: '1' };
}

test('without AWS credentials the deploy says in one line which variables to set and which README section explains them', async () => {
  const out = path.join(root, 'out');
  const home = path.join(root, 'home');
  await mkdir(out);
  await mkdir(home);
  await writeFile(path.join(out, 'index.html'), '<!DOCTYPE html><title>x</title>');
  await writeFile(path.join(out, '404.html'), '<!DOCTYPE html><title>x</title>');
  // What a build records, which the deploy's guards read: no drafts, nothing of the sample.
  writeMarker(out, new Map(), { drafts: false, sampleContent: [], redirects: [] });
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'build/deploy/cli.ts', '--bucket', 'site', '--endpoint', 'http://127.0.0.1:9', '--out', out], {
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
    env: environmentWithoutCredentials(home),
    timeout: 60_000,
  });
  const lines = result.stderr.trim().split('\n');
  assert.equal(result.status, 1, result.stderr);
  assert.equal(lines.length, 1, result.stderr);
  assert.match(lines[0] ?? '', /^error Could not list s3:\/\/site at http:\/\/127\.0\.0\.1:9: no AWS credentials were found; set AWS_PROFILE .*, or AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY \(README\.md, "Deploying by hand"\)\. Nothing was changed\.$/);
  assert.doesNotMatch(result.stderr, /Could not load credentials from any providers/);
  assert.match(await readFile(path.join(PROJECT_ROOT, 'README.md'), 'utf8'), /^### Deploying by hand$/m, 'the section the message names');
});

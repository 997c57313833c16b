/**
 * The publishing guards, against a real S3-protocol server on loopback: an
 * out/ that still carries the sample identity is refused with one line and
 * nothing sent to the bucket, unless --allow-sample sends it to a staging
 * bucket; an out/ built with --drafts is always refused; the guards read the
 * record the build leaves in out/, not the pages.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, afterEach, before, test } from 'node:test';
import { CommandFailure, UsageError } from '../../../build/diagnostics/index.ts';
import { deploy, NETWORK_LIMITS, type DeployOptions } from '../../../build/deploy/index.ts';
import { MARKER_FILE, readBuildFacts } from '../../../build/write/index.ts';
import { BUCKET, startRecordingRelay, startS3, type LocalS3 } from '../../helpers/s3.ts';
import { buildSampleSiteInto, copySampleSite, PROJECT_ROOT } from '../../helpers/sites.ts';

let site: Awaited<ReturnType<typeof copySampleSite>>;
let s3: LocalS3;
let outDir: string;
const log: string[] = [];

/** The sample identity's lines of content/site.md, each replaced by the practice's own. */
const OWN_IDENTITY: [RegExp, string][] = [
  [/^name: .*$/m, 'name: "Dr. Maria Rivera"'],
  [/^practice: .*$/m, 'practice: "Rivera Family Medicine"'],
  [/^siteUrl: .*$/m, 'siteUrl: "https://www.riverafamilymedicine.com"'],
  [/^photoAlt: .*$/m, 'photoAlt: "Portrait of Dr. Maria Rivera"'],
  [/^phone: .*$/m, 'phone: "(305) 555-2368"'],
  [/^ {2}street: .*$/m, '  street: "400 Coral Way, Suite 210"'],
  [/^afterHoursPhone: .*$/m, 'afterHoursPhone: "(305) 555-2369"'],
];

before(async () => {
  site = await copySampleSite();
  outDir = path.join(site.root, 'out');
});
after(() => site.cleanup());
afterEach(async () => {
  await s3.close();
  log.length = 0;
});

function run(overrides: Partial<DeployOptions> = {}) {
  const options: DeployOptions = { bucket: BUCKET, prefix: '', region: 'us-east-1', endpoint: s3.endpoint, outDir, distributionId: undefined, dryRun: false, maxDeletes: 25, yes: false, force: false, network: NETWORK_LIMITS, ...overrides };
  return deploy(options, (line) => log.push(line));
}

/** `npm run deploy -- …` as a person runs it: its exit code and what it printed. Not spawnSync: the bucket server runs in this process and must answer. */
function command(...args: string[]): Promise<{ status: number; stdout: string; stderrLines: string[] }> {
  const argv = ['--import', 'tsx', 'build/deploy/cli.ts', '--bucket', BUCKET, '--endpoint', s3.endpoint, '--out', outDir, ...args];
  return new Promise((resolve) => {
    execFile(process.execPath, argv, { cwd: PROJECT_ROOT, encoding: 'utf8', env: { ...process.env, NODE_NO_WARNINGS: '1' } }, (error, stdout, stderr) => {
      const status = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
      resolve({ status, stdout, stderrLines: stderr.trim().split('\n').filter((line) => line !== '') });
    });
  });
}

/** The one line a refusal is, and that nothing reached the bucket: not even a listing. */
async function assertRefusedUntouched(attempt: (endpoint: string) => Promise<unknown>, expected: RegExp): Promise<void> {
  const relay = await startRecordingRelay(s3.endpoint);
  try {
    await assert.rejects(attempt(relay.endpoint), (error: unknown) => {
      assert.ok(error instanceof CommandFailure, String(error));
      assert.doesNotMatch(error.message, /\n/, 'one line');
      assert.match(error.message, expected);
      return true;
    });
    assert.deepEqual(relay.requests, [], 'no request reached the bucket');
  } finally {
    await relay.close();
  }
  assert.deepEqual(await s3.keys(), [], 'nothing was uploaded');
}

test('the build records in out/ whether it has drafts and what of the sample identity it carries', async () => {
  s3 = await startS3();
  await buildSampleSiteInto(outDir, { contentDir: site.contentDir, assetsDir: site.assetsDir });
  const facts = await readBuildFacts(outDir);
  assert.equal(facts?.drafts, false);
  assert.deepEqual(facts?.sample, [
    'the site address https://www.example.com',
    'the name "Dr. Alex Sample"',
    'the practice "Sample Family Medicine"',
    'the street "123 Sample Street, Suite 100"',
    'the phone numbers (305) 555-0142 and (305) 555-0143',
  ]);
});

test('the sample site is refused with one line that says why and how to proceed, and nothing is uploaded', async () => {
  s3 = await startS3();
  await buildSampleSiteInto(outDir, { contentDir: site.contentDir, assetsDir: site.assetsDir });
  const why = /is still the sample site \(the site address https:\/\/www\.example\.com, the name "Dr\. Alex Sample", .*the phone numbers \(305\) 555-0142 and \(305\) 555-0143\); nothing was uploaded\. Put the practice's own details in content\/site\.md and build again, or pass --allow-sample to publish it to a staging bucket\.$/;
  await assertRefusedUntouched((endpoint) => run({ endpoint }), why);
  await assertRefusedUntouched((endpoint) => run({ endpoint, dryRun: true }), why);
  const refused = await command();
  assert.equal(refused.status, 1, 'exit 1, as the deletion guard');
  assert.equal(refused.stderrLines.length, 1, refused.stderrLines.join('\n'));
  assert.match(refused.stderrLines[0] ?? '', /^error .*is still the sample site .*--allow-sample/);
  assert.deepEqual(await s3.keys(), []);
});

test('--allow-sample publishes the sample site, and says so', async () => {
  s3 = await startS3();
  await buildSampleSiteInto(outDir, { contentDir: site.contentDir, assetsDir: site.assetsDir });
  const report = await run({ allowSample: true });
  assert.ok(report.plan.uploads.length > 50);
  assert.ok((await s3.keys()).includes('index.html'));
  assert.match(log[1] ?? '', /^Publishing the sample site \(the site address https:\/\/www\.example\.com, .*\) because --allow-sample was given: for a staging bucket only\.$/);
  const allowed = await command('--allow-sample');
  assert.equal(allowed.status, 0, allowed.stderrLines.join('\n'));
  assert.match(allowed.stdout, /Publishing the sample site/);
  assert.match(allowed.stdout, /Nothing to upload/);
});

test('a site built with --drafts is refused, even with --allow-sample, and nothing is uploaded', async () => {
  s3 = await startS3();
  await buildSampleSiteInto(outDir, { contentDir: site.contentDir, assetsDir: site.assetsDir, includeDrafts: true });
  assert.equal((await readBuildFacts(outDir))?.drafts, true);
  const why = /was built with --drafts, so it shows unpublished draft articles; nothing was uploaded\. Build it again without --drafts \(npm run build\), then deploy\.$/;
  await assertRefusedUntouched((endpoint) => run({ endpoint }), why);
  await assertRefusedUntouched((endpoint) => run({ endpoint, allowSample: true }), why);
  const refused = await command('--allow-sample');
  assert.equal(refused.status, 1);
  assert.equal(refused.stderrLines.length, 1, refused.stderrLines.join('\n'));
  assert.match(refused.stderrLines[0] ?? '', /^error .*was built with --drafts/);
});

test("the practice's own identity is published with no flag; built with --drafts, it is still refused", async () => {
  s3 = await startS3();
  const file = path.join(site.contentDir, 'site.md');
  const sample = await readFile(file, 'utf8');
  try {
    await writeFile(file, OWN_IDENTITY.reduce((text, [line, own]) => text.replace(line, own), sample));
    await buildSampleSiteInto(outDir, { contentDir: site.contentDir, assetsDir: site.assetsDir, includeDrafts: true });
    await assertRefusedUntouched((endpoint) => run({ endpoint }), /was built with --drafts/);
    await buildSampleSiteInto(outDir, { contentDir: site.contentDir, assetsDir: site.assetsDir });
    const facts = await readBuildFacts(outDir);
    assert.equal(facts?.drafts, false);
    assert.deepEqual(facts.sample, [], 'nothing of the sample is left');
    const report = await run();
    assert.ok(report.plan.uploads.length > 50);
    assert.doesNotMatch(log.join('\n'), /sample/i);
  } finally {
    await writeFile(file, sample);
  }
});

test('an out/ whose record does not say how it was built is refused: the guards cannot be skipped by an old or edited marker', async () => {
  s3 = await startS3();
  await buildSampleSiteInto(outDir, { contentDir: site.contentDir, assetsDir: site.assetsDir });
  const marker = path.join(outDir, MARKER_FILE);
  const stored = JSON.parse(await readFile(marker, 'utf8')) as Record<string, unknown>;
  delete stored.build;
  await writeFile(marker, JSON.stringify(stored));
  await assert.rejects(run({ allowSample: true }), (error: unknown) => error instanceof UsageError && /does not say how it was built .*run npm run build, then deploy again\.$/.test(error.message));
  const refused = await command('--allow-sample');
  assert.equal(refused.status, 2);
  assert.equal(refused.stderrLines.length, 1);
  assert.deepEqual(await s3.keys(), []);
});

test('a file in out/ the build did not make is refused by name, as the build refuses it, and nothing reaches the bucket', async () => {
  s3 = await startS3();
  await buildSampleSiteInto(outDir, { contentDir: site.contentDir, assetsDir: site.assetsDir });
  await writeFile(path.join(outDir, 'private-notes.html'), '<p>private notes</p>');
  try {
    const relay = await startRecordingRelay(s3.endpoint);
    try {
      await assert.rejects(run({ endpoint: relay.endpoint, allowSample: true }), (error: unknown) => {
        assert.ok(error instanceof UsageError, String(error));
        assert.match(error.message, /out holds private-notes\.html, which the build did not make; nothing was uploaded\. Move it out of .*out \(a file to publish belongs in assets\/\), then build and deploy again\.$/);
        return true;
      });
      assert.deepEqual(relay.requests, [], 'no request reached the bucket');
    } finally {
      await relay.close();
    }
  } finally {
    await rm(path.join(outDir, 'private-notes.html'));
  }
  assert.deepEqual(await s3.keys(), []);
});

test('a file of out/ deleted or changed since the build is refused by name, and the bucket keeps what it had until a build makes it again', async () => {
  s3 = await startS3();
  await buildSampleSiteInto(outDir, { contentDir: site.contentDir, assetsDir: site.assetsDir });
  await run({ allowSample: true });
  const published = await s3.keys();
  assert.ok(published.includes('pdfs/arthritis.pdf'));
  await rm(path.join(outDir, 'pdfs', 'arthritis.pdf'));
  await writeFile(path.join(outDir, 'robots.txt'), 'User-agent: *\nDisallow: /\n');
  const refusal = /out no longer holds pdfs\/arthritis\.pdf, robots\.txt as the build made them \(deleted or changed since\); nothing was uploaded\. Run npm run build, which makes them again, then deploy\.$/;
  await assert.rejects(run({ allowSample: true }), (error: unknown) => error instanceof UsageError && refusal.test(error.message));
  const refused = await command('--allow-sample');
  assert.equal(refused.status, 2);
  assert.match(refused.stderrLines.join('\n'), refusal);
  assert.deepEqual(await s3.keys(), published, 'the handout is still in the bucket');
  await buildSampleSiteInto(outDir, { contentDir: site.contentDir, assetsDir: site.assetsDir });
  const report = await run({ allowSample: true });
  assert.deepEqual(await s3.keys(), published);
  assert.deepEqual(report.plan.deletes, []);
});

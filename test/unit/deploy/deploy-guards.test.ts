/**
 * The publishing guards, against a real S3-protocol server on loopback: an
 * out/ that still publishes any of the sample's content (its identity, the
 * sample physician's bylines, pictures and handouts) is refused with one line
 * that names it and nothing sent to the bucket, unless --allow-sample sends
 * it to a staging bucket; an out/ built with --drafts is always refused; the guards read the
 * record the build leaves in out/, not the pages.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, afterEach, before, test } from 'node:test';
import sharp from 'sharp';
import { CommandFailure, UsageError } from '../../../build/diagnostics/index.ts';
import { deploy, NETWORK_LIMITS, type DeployOptions } from '../../../build/deploy/index.ts';
import { MARKER_FILE, readBuildFacts } from '../../../build/write/index.ts';
import { BUCKET, startRecordingRelay, startS3, type LocalS3 } from '../../helpers/s3.ts';
import { buildSampleSiteInto, copySampleSite, PROJECT_ROOT, samplePdf } from '../../helpers/sites.ts';

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
  [/"Sample Health Plan /, '"Rivera Health Plan '],
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

/** A path as the build records it: relative to where it runs. */
const shown = (...parts: string[]) => path.relative(process.cwd(), path.join(...parts));

test('the build records in out/ whether it has drafts, and every kind of sample content it publishes with the files that hold it', async () => {
  s3 = await startS3();
  await buildSampleSiteInto(outDir, { contentDir: site.contentDir, assetsDir: site.assetsDir });
  const facts = await readBuildFacts(outDir);
  assert.equal(facts?.drafts, false);
  const siteFile = [shown(site.contentDir, 'site.md')];
  const articles = (...names: string[]) => names.map((name) => shown(site.contentDir, 'insights', `${name}.md`));
  const handouts = (await readdir(path.join(site.assetsDir, 'pdfs'))).map((name) => shown(site.assetsDir, 'pdfs', name)).sort();
  assert.equal(handouts.length, 50, 'the English and the Spanish samples');
  assert.deepEqual(facts.sampleContent, [
    { kind: 'identity', what: 'the site address https://www.example.com', files: siteFile },
    { kind: 'identity', what: 'the name "Dr. Alex Sample"', files: siteFile },
    { kind: 'identity', what: 'the practice "Sample Family Medicine"', files: siteFile },
    { kind: 'identity', what: 'the street "123 Sample Street, Suite 100"', files: siteFile },
    { kind: 'identity', what: 'the phone numbers (305) 555-0142 and (305) 555-0143', files: siteFile },
    { kind: 'identity', what: `the photo's description "Illustrated portrait of Dr. Alex Sample"`, files: siteFile },
    { kind: 'identity', what: 'the insurance plan "Sample Health Plan Medicare Advantage (HMO and PPO)"', files: siteFile },
    { kind: 'byline', what: 'reviewer "Dr. Alex Sample, MD"', files: articles('medicare-advantage-vs-medigap.es', 'medicare-advantage-vs-medigap', 'open-enrollment-2025.es', 'open-enrollment-2025', 'part-d-2026.es', 'part-d-2026') },
    { kind: 'byline', what: 'translator "Dana Sample"', files: articles('medicare-advantage-vs-medigap.es', 'open-enrollment-2025.es', 'part-d-2026.es') },
    { kind: 'byline', what: 'translation reviewer "Dr. Alex Sample, MD"', files: articles('medicare-advantage-vs-medigap.es', 'open-enrollment-2025.es', 'part-d-2026.es') },
    { kind: 'byline', what: 'author "Dr. Alex Sample, MD"', files: articles('medicare-advantage-vs-medigap.es', 'medicare-advantage-vs-medigap') },
    { kind: 'picture', what: 'the sample portrait', files: [shown(site.assetsDir, 'images/physician.svg')] },
    { kind: 'picture', what: 'the sample sharing image', files: [shown(site.assetsDir, 'images/social-default.png')] },
    { kind: 'handout', what: 'sample handout', files: handouts },
  ]);
});

test('the sample site is refused with one line that lists what of the sample it holds and where, and says how to proceed; nothing is uploaded', async () => {
  s3 = await startS3();
  await buildSampleSiteInto(outDir, { contentDir: site.contentDir, assetsDir: site.assetsDir });
  const why =
    /still holds sample content: the site address https:\/\/www\.example\.com, the name "Dr\. Alex Sample", .*the phone numbers \(305\) 555-0142 and \(305\) 555-0143, .* \(\S*content\/site\.md\); reviewer "Dr\. Alex Sample, MD" in 6 articles \(.*\); .*; 50 sample handouts \(\S*pdfs\/about-your-back\.es\.pdf, \S*, \S* and 47 more\); nothing was uploaded\. Put the practice's own in its place \(README\.md, "The sample identity"\) and build again, or pass --allow-sample to publish it to a staging bucket\.$/;
  await assertRefusedUntouched((endpoint) => run({ endpoint }), why);
  await assertRefusedUntouched((endpoint) => run({ endpoint, dryRun: true }), why);
  const refused = await command();
  assert.equal(refused.status, 1, 'exit 1, as the deletion guard');
  assert.equal(refused.stderrLines.length, 1, refused.stderrLines.join('\n'));
  assert.match(refused.stderrLines[0] ?? '', /^error .*still holds sample content: .*--allow-sample/);
  assert.deepEqual(await s3.keys(), []);
});

test('--allow-sample publishes the sample site, and says so', async () => {
  s3 = await startS3();
  await buildSampleSiteInto(outDir, { contentDir: site.contentDir, assetsDir: site.assetsDir });
  const report = await run({ allowSample: true });
  assert.ok(report.plan.uploads.length > 50);
  assert.ok((await s3.keys()).includes('index.html'));
  assert.match(log[1] ?? '', /^Publishing sample content because --allow-sample was given, for a staging bucket only: the site address https:\/\/www\.example\.com, .*50 sample handouts .*\.$/);
  const allowed = await command('--allow-sample');
  assert.equal(allowed.status, 0, allowed.stderrLines.join('\n'));
  assert.match(allowed.stdout, /Publishing sample content/);
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

/** A copy of the sample site with its identity made the practice's own, and with what else of the sample the test asks replaced. */
async function ownSite(replace: { bylines: boolean; files: boolean }): Promise<Awaited<ReturnType<typeof copySampleSite>>> {
  const own = await copySampleSite();
  const edit = async (file: string, change: (text: string) => string) => writeFile(file, change(await readFile(file, 'utf8')));
  await edit(path.join(own.contentDir, 'site.md'), (text) => OWN_IDENTITY.reduce((changed, [line, mine]) => changed.replace(line, mine), text));
  const articles = await readdir(path.join(own.contentDir, 'insights'));
  if (replace.bylines) for (const name of articles) await edit(path.join(own.contentDir, 'insights', name), (text) => text.replaceAll('Dr. Alex Sample, MD', 'Dr. Maria Rivera, MD').replaceAll('Dana Sample', 'Lucía Gómez'));
  if (!replace.files) return own;
  for (const name of await readdir(path.join(own.assetsDir, 'pdfs'))) await writeFile(path.join(own.assetsDir, 'pdfs', name), await samplePdf(`Rivera Family Medicine: ${name}`));
  await writeFile(path.join(own.assetsDir, 'images/physician.svg'), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 5"><rect width="4" height="5" fill="#246"/></svg>\n');
  await writeFile(path.join(own.assetsDir, 'images/social-default.png'), await sharp({ create: { width: 1200, height: 630, channels: 3, background: '#246' } }).png().toBuffer());
  return own;
}

test("with only content/site.md made the practice's own, the sample left in articles, pictures and handouts is refused, named by file; --allow-sample still sends it to staging", async () => {
  s3 = await startS3();
  const own = await ownSite({ bylines: false, files: false });
  try {
    const ownOut = path.join(own.root, 'out');
    await buildSampleSiteInto(ownOut, { contentDir: own.contentDir, assetsDir: own.assetsDir });
    const why =
      /still holds sample content: reviewer "Dr\. Alex Sample, MD" in 6 articles \(\S*insights\/medicare-advantage-vs-medigap\.es\.md, \S*insights\/medicare-advantage-vs-medigap\.md, \S*insights\/open-enrollment-2025\.es\.md and 3 more\); translator "Dana Sample" in 3 articles \(\S*insights\/medicare-advantage-vs-medigap\.es\.md, \S*insights\/open-enrollment-2025\.es\.md, \S*insights\/part-d-2026\.es\.md\); translation reviewer "Dr\. Alex Sample, MD" in 3 articles \([^)]*\); author "Dr\. Alex Sample, MD" in 2 articles \(\S*insights\/medicare-advantage-vs-medigap\.es\.md, \S*insights\/medicare-advantage-vs-medigap\.md\); the sample portrait \(\S*images\/physician\.svg\); the sample sharing image \(\S*images\/social-default\.png\); 50 sample handouts \(\S*pdfs\/about-your-back\.es\.pdf, \S*pdfs\/about-your-back\.pdf, \S*pdfs\/about-your-knee\.es\.pdf and 47 more\); nothing was uploaded\./;
    await assertRefusedUntouched((endpoint) => run({ endpoint, outDir: ownOut }), why);
    const report = await run({ outDir: ownOut, allowSample: true });
    assert.ok(report.plan.uploads.length > 50);
    assert.match(log.join('\n'), /^Publishing sample content because --allow-sample was given, for a staging bucket only: reviewer /m);
  } finally {
    await own.cleanup();
  }
});

test("a site wholly the practice's own is published with no flag; built with --drafts, it is still refused", async () => {
  s3 = await startS3();
  const own = await ownSite({ bylines: true, files: true });
  try {
    const ownOut = path.join(own.root, 'out');
    await buildSampleSiteInto(ownOut, { contentDir: own.contentDir, assetsDir: own.assetsDir, includeDrafts: true });
    await assertRefusedUntouched((endpoint) => run({ endpoint, outDir: ownOut }), /was built with --drafts/);
    await buildSampleSiteInto(ownOut, { contentDir: own.contentDir, assetsDir: own.assetsDir });
    const facts = await readBuildFacts(ownOut);
    assert.equal(facts?.drafts, false);
    assert.deepEqual(facts.sampleContent, [], 'nothing of the sample is left');
    const report = await run({ outDir: ownOut });
    assert.ok(report.plan.uploads.length > 50);
    assert.doesNotMatch(log.join('\n'), /sample/i);
  } finally {
    await own.cleanup();
  }
});

test('an out/ whose record does not say how it was built is refused: the guards cannot be skipped by an old or edited marker', async () => {
  s3 = await startS3();
  await buildSampleSiteInto(outDir, { contentDir: site.contentDir, assetsDir: site.assetsDir });
  const marker = path.join(outDir, MARKER_FILE);
  const stored = JSON.parse(await readFile(marker, 'utf8')) as Record<string, unknown>;
  // As a generator that recorded only the identity left it: its empty list never looked at bylines, pictures or handouts.
  stored.build = { drafts: false, sample: [], redirects: [] };
  await writeFile(marker, JSON.stringify(stored));
  await assert.rejects(run(), (error: unknown) => error instanceof UsageError && /does not say how it was built .*run npm run build, then deploy again\.$/.test(error.message));
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

/**
 * The workflows that test and publish the site (.github/workflows): each
 * through action-validator, which knows GitHub's workflow schema, and read
 * for what publishing depends on: who may deploy, and when, with what build.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { parse, stringify } from 'yaml';
import { DEFAULT_CACHE_DIR } from '../../build/config.ts';
import { temporaryFolder } from '../helpers/folders.ts';
import { PROJECT_ROOT } from '../helpers/sites.ts';

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  with?: Record<string, string>;
  env?: Record<string, string>;
}
interface Job {
  'runs-on'?: string;
  needs?: string | string[];
  if?: string;
  permissions?: string | Record<string, string>;
  steps: Step[];
}
interface Workflow {
  on: Record<string, unknown>;
  permissions?: string | Record<string, string>;
  jobs: Record<string, Job>;
}
const WORKFLOWS = path.join(PROJECT_ROOT, '.github/workflows');
const workflowFiles = readdirSync(WORKFLOWS)
  .filter((name) => /\.ya?ml$/.test(name))
  .map((name) => path.join(WORKFLOWS, name));
const workflows = workflowFiles.map((file) => ({ file, text: readFileSync(file, 'utf8'), parsed: parse(readFileSync(file, 'utf8')) as Workflow }));
const allJobs = workflows.flatMap(({ parsed }) => Object.entries(parsed.jobs));
const allSteps = allJobs.flatMap(([, job]) => job.steps);
const publish = parse(readFileSync(path.join(WORKFLOWS, 'publish.yml'), 'utf8')) as Workflow;
const jobs = publish.jobs as Record<'test' | 'deploy', Job>;
const grantsToken = (permissions: Job['permissions']) => permissions === 'write-all' || (typeof permissions === 'object' && permissions['id-token'] === 'write');
const stepIndex = (job: Job, pattern: RegExp) => job.steps.findIndex((step) => pattern.test(step.run ?? step.uses ?? ''));

/** action-validator's verdict on one workflow file: its exit status and what it printed. */
function validate(file: string): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, [path.join(PROJECT_ROOT, 'node_modules/.bin/action-validator'), file], { encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

test('every workflow passes action-validator, which fails one whose job has no runs-on', async () => {
  assert.ok(workflowFiles.length > 0);
  for (const file of workflowFiles) {
    const { status, output } = validate(file);
    assert.equal(status, 0, `${path.relative(PROJECT_ROOT, file)}: ${output}`);
  }
  const broken = structuredClone(publish);
  delete broken.jobs.test?.['runs-on'];
  const file = path.join(await temporaryFolder('workflow'), 'broken.yml');
  writeFileSync(file, stringify(broken));
  const { status, output } = validate(file);
  assert.notEqual(status, 0);
  assert.match(output, /runs-on/);
});

test('every push and pull request is tested, with no AWS token; cfn-lint checks the template there', () => {
  assert.ok('push' in publish.on && 'pull_request' in publish.on);
  assert.equal((publish.on.push as { branches?: string[] } | null)?.branches, undefined, 'every branch');
  assert.ok(!grantsToken(publish.permissions), 'no job inherits the token');
  assert.ok(typeof jobs.test.permissions === 'object' && !('id-token' in jobs.test.permissions));
  assert.ok(stepIndex(jobs.test, /^npm ci$/) < stepIndex(jobs.test, /^npm test$/));
  assert.ok(stepIndex(jobs.test, /cfn-lint build\/deploy\/cloudformation\.yaml/) >= 0);
});

test('only the deploy job may request the AWS token, and only after the tests pass, on main', () => {
  assert.deepEqual(
    allJobs.filter(([, job]) => grantsToken(job.permissions)).map(([name]) => name),
    ['deploy'],
  );
  assert.deepEqual([jobs.deploy.needs].flat(), ['test']);
  assert.match(jobs.deploy.if ?? '', /^github\.ref == 'refs\/heads\/main' && /);
  assert.match(jobs.deploy.if ?? '', /github\.event_name == 'push'/);
  assert.doesNotMatch(jobs.deploy.if ?? '', /pull_request/);
  const deploy = jobs.deploy;
  assert.ok(stepIndex(deploy, /^npm ci$/) < stepIndex(deploy, /npm run build/) && stepIndex(deploy, /npm run build/) < stepIndex(deploy, /npm run deploy/));
  assert.ok(deploy.steps.find((step) => step.uses?.startsWith('aws-actions/configure-aws-credentials'))?.with?.['role-to-assume']);
  for (const { text } of workflows) assert.doesNotMatch(text, /aws-access-key-id|aws-secret-access-key|AWS_SECRET/i);
});

test('main is tested, rebuilt and republished every week, by the same two jobs as a push', () => {
  const schedule = publish.on.schedule as { cron: string }[] | undefined;
  assert.ok(Array.isArray(schedule) && schedule.length === 1, 'one schedule');
  const fields = (schedule[0]?.cron ?? '').split(/\s+/);
  assert.equal(fields.length, 5, schedule[0]?.cron);
  const [minute, hour, dayOfMonth, month, dayOfWeek] = fields as [string, string, string, string, string];
  assert.ok(/^\d+$/.test(minute) && Number(minute) < 60 && /^\d+$/.test(hour) && Number(hour) < 24, 'at one time of day');
  assert.deepEqual([dayOfMonth, month], ['*', '*']);
  assert.match(dayOfWeek, /^[0-6]$/, 'on one day of the week');
  assert.match(jobs.deploy.if ?? '', /github\.event_name == 'schedule'/, 'the schedule deploys');
  assert.match(jobs.deploy.if ?? '', /^github\.ref == 'refs\/heads\/main' && /, 'from main only');
  assert.deepEqual([jobs.deploy.needs].flat(), ['test'], 'after the tests pass');
});

test("the publish build is dated to the start of the day it runs, so a rebuild measures reviews from today, and prints its warnings as the CLI does", () => {
  const build = jobs.deploy.steps.find((step) => /npm run build/.test(step.run ?? ''));
  assert.ok(build?.run);
  assert.doesNotMatch(build.run, /git log/, 'not the commit: a weekly rebuild of an old commit would be dated to it');
  assert.doesNotMatch(build.run, /[>|]|--quiet|2>/, 'its output, annotations included, goes to the log as printed');
  // The line as the runner's bash runs it, with the build replaced by a command that prints the date it is given.
  const before = Math.floor(Date.now() / 1000 / 86400) * 86400;
  const run = spawnSync('bash', ['-c', build.run.replace('npm run build', 'printenv SOURCE_DATE_EPOCH')], { encoding: 'utf8' });
  const after = Math.floor(Date.now() / 1000 / 86400) * 86400;
  assert.equal(run.status, 0, run.stderr);
  assert.ok([before, after].includes(Number(run.stdout.trim())), `midnight UTC today, got ${run.stdout}`);
});

test('every action is pinned to a full commit, with its version beside it for Dependabot', () => {
  for (const { file, text } of workflows) {
    for (const [line] of text.matchAll(/^\s*(?:- )?uses:.*$/gm)) {
      assert.match(line, /uses: [\w.-]+\/[\w./-]+@[0-9a-f]{40} # v\d+\.\d+\.\d+$/, `${path.basename(file)}: ${line.trim()}`);
    }
  }
});

test('no run: line expands a variable, secret or event field itself; they reach the shell through env:', () => {
  for (const step of allSteps) assert.doesNotMatch(step.run ?? '', /\$\{\{\s*(vars|secrets|github\.event)\./, step.name ?? step.run);
  const deploy = jobs.deploy.steps.find((step) => /npm run deploy/.test(step.run ?? ''));
  assert.equal(deploy?.env?.SITE_BUCKET, '${{ vars.SITE_BUCKET }}');
  assert.match(deploy?.run ?? '', /--bucket "\$SITE_BUCKET"/);
});

test('every job runs on Node 24, the version in .nvmrc', () => {
  assert.equal(readFileSync(path.join(PROJECT_ROOT, '.nvmrc'), 'utf8').trim(), '24');
  const setups = allSteps.filter((step) => step.uses?.startsWith('actions/setup-node@'));
  assert.equal(setups.length, Object.keys(publish.jobs).length);
  for (const setup of setups) assert.ok(setup.with?.['node-version-file'] === '.nvmrc' || /^24(\.|$)/.test(String(setup.with?.['node-version'])));
});

test('the publish build is warm: the build cache is restored first, keyed exactly by the lockfile and the generator', () => {
  const deploy = jobs.deploy;
  const index = deploy.steps.findIndex((step) => step.uses?.startsWith('actions/cache@'));
  const cache = deploy.steps[index]?.with;
  assert.equal(cache?.path, DEFAULT_CACHE_DIR);
  assert.match(cache?.key ?? '', /hashFiles\('package-lock\.json'/);
  assert.match(cache?.key ?? '', /hashFiles\([^)]*'build\/\*\*'[^)]*'templates\/\*\*'/);
  assert.equal(cache?.['restore-keys'], undefined, 'an exact key: unused entries do not pile up');
  assert.ok(index >= 0 && index < stepIndex(deploy, /npm run build/));
});

test('Dependabot proposes npm and action updates weekly, the unified, AWS SDK and card packages each as one', () => {
  const config = parse(readFileSync(path.join(PROJECT_ROOT, '.github/dependabot.yml'), 'utf8')) as { updates: { 'package-ecosystem': string; schedule: { interval: string }; groups?: Record<string, { patterns: string[] }> }[] };
  assert.deepEqual(config.updates.map((update) => [update['package-ecosystem'], update.schedule.interval]), [['npm', 'weekly'], ['github-actions', 'weekly']]);
  const groups = config.updates[0]?.groups ?? {};
  assert.deepEqual(Object.keys(groups), ['unified', 'aws-sdk', 'card-stack']);
  assert.ok(groups.unified?.patterns.includes('remark-*') && groups['aws-sdk']?.patterns.includes('@aws-sdk/*') && groups['card-stack']?.patterns.includes('@napi-rs/canvas'));
});

/**
 * The infrastructure a user applies (build/deploy/cloudformation.yaml) and the
 * publish workflow: parsed, checked for what the site depends on, and the
 * CloudFront Functions run against the cases they must handle. The workflows
 * also go through action-validator, which knows GitHub's workflow schema.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { runInNewContext } from 'node:vm';
import { parse, stringify, type ScalarTag, type CollectionTag } from 'yaml';
import { CONTENT_SECURITY_POLICY, DEFAULT_CACHE_DIR } from '../../build/config.ts';
import { CACHE } from '../../build/host/index.ts';
import { PROJECT_ROOT } from '../helpers/sites.ts';

// CloudFormation's short forms, read as plain values tagged with their function.
const TAGS = ['Ref', 'Sub', 'GetAtt', 'If', 'Equals', 'Not', 'And', 'Or', 'Join', 'Select', 'Split', 'FindInMap', 'Base64', 'Condition'].flatMap((name): (ScalarTag | CollectionTag)[] => [
  { tag: `!${name}`, resolve: (value: string) => ({ [name]: value }) },
  { tag: `!${name}`, collection: 'seq', resolve: (value) => ({ [name]: (value as { toJSON(): unknown }).toJSON() }) },
]);

interface Resource {
  Type: string;
  Condition?: string;
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
  Properties: Record<string, unknown>;
}
interface Parameter {
  Default?: string;
  AllowedPattern?: string;
}
const templateText = readFileSync(path.join(PROJECT_ROOT, 'build/deploy/cloudformation.yaml'), 'utf8');
const template = parse(templateText, { customTags: TAGS }) as {
  Parameters: Record<string, Parameter>;
  Rules: Record<string, unknown>;
  Conditions: Record<string, unknown>;
  Resources: Record<string, Resource>;
  Outputs: Record<string, unknown>;
};
const resources = template.Resources;
const ofType = (type: string) => Object.values(resources).filter((resource) => resource.Type === type);
const only = (type: string): Record<string, unknown> => {
  const found = ofType(type);
  assert.equal(found.length, 1, type);
  return (found[0] as Resource).Properties;
};

test('the bucket is private: every public access blocked, objects owned by the bucket, encrypted', () => {
  const bucket = only('AWS::S3::Bucket');
  assert.deepEqual(bucket.PublicAccessBlockConfiguration, { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true });
  assert.deepEqual(bucket.OwnershipControls, { Rules: [{ ObjectOwnership: 'BucketOwnerEnforced' }] });
  assert.ok(bucket.BucketEncryption);
});

test('the bucket and its files stay when the stack is deleted or the bucket replaced', () => {
  const [bucket] = ofType('AWS::S3::Bucket');
  assert.deepEqual([bucket?.DeletionPolicy, bucket?.UpdateReplacePolicy], ['Retain', 'Retain']);
});

test('ARNs name their partition through AWS::Partition, never a literal arn:aws:', () => {
  assert.doesNotMatch(templateText, /arn:aws:/);
});

test('the certificate may be left empty, must otherwise be an ACM certificate in us-east-1, and is read only with a domain', () => {
  const certificate = template.Parameters.CertificateArn;
  const pattern = new RegExp(certificate?.AllowedPattern ?? '');
  assert.equal(certificate?.Default, '');
  assert.ok(pattern.test(''));
  assert.ok(pattern.test('arn:aws:acm:us-east-1:123456789012:certificate/0f1e2d3c-aaaa-bbbb-cccc-000000000000'));
  assert.ok(!pattern.test('arn:aws:acm:eu-west-1:123456789012:certificate/0f1e2d3c'), 'CloudFront takes certificates from us-east-1 only');
  assert.match(JSON.stringify(template.Conditions.HasDomain), /\{"Ref":"CertificateArn"\}/);
  assert.match(JSON.stringify(template.Rules), /\{"Ref":"DomainName"\}.*\{"Ref":"CertificateArn"\}/, 'a domain without a certificate is refused, not served from the CloudFront domain');
});

test('only the distribution reads the bucket, through Origin Access Control', () => {
  const policy = JSON.stringify(only('AWS::S3::BucketPolicy'));
  assert.match(policy, /cloudfront\.amazonaws\.com/);
  assert.match(policy, /AWS:SourceArn/);
  assert.doesNotMatch(policy, /"Principal":"\*"/);
  assert.equal(only('AWS::CloudFront::OriginAccessControl').OriginAccessControlConfig && (only('AWS::CloudFront::OriginAccessControl').OriginAccessControlConfig as { SigningBehavior: string }).SigningBehavior, 'always');
  const distribution = only('AWS::CloudFront::Distribution').DistributionConfig as Record<string, unknown>;
  assert.match(JSON.stringify(distribution.Origins), /OriginAccessControlId/);
});

test('unknown paths get the 404 page with status 404, and the default root is index.html', () => {
  const distribution = only('AWS::CloudFront::Distribution').DistributionConfig as { CustomErrorResponses: { ErrorCode: number; ResponseCode: number; ResponsePagePath: string }[]; DefaultRootObject: string };
  assert.equal(distribution.DefaultRootObject, 'index.html');
  for (const code of [403, 404]) {
    const response = distribution.CustomErrorResponses.find((item) => item.ErrorCode === code);
    assert.deepEqual([response?.ResponseCode, response?.ResponsePagePath], [404, '/404.html'], String(code));
  }
});

test("the CloudFront security headers carry the pages' own Content Security Policy, plus HSTS, nosniff and a referrer policy", () => {
  const headers = (only('AWS::CloudFront::ResponseHeadersPolicy').ResponseHeadersPolicyConfig as { SecurityHeadersConfig: Record<string, Record<string, unknown>> }).SecurityHeadersConfig;
  assert.equal(headers.ContentSecurityPolicy?.ContentSecurityPolicy, `${CONTENT_SECURITY_POLICY}; frame-ancestors 'none'`);
  assert.ok((headers.StrictTransportSecurity?.AccessControlMaxAgeSec as number) >= 31536000);
  assert.equal(headers.ContentTypeOptions?.Override, true);
  assert.equal(headers.ReferrerPolicy?.ReferrerPolicy, 'strict-origin-when-cross-origin');
});

function cloudFrontFunction(name: string): (event: unknown) => Record<string, unknown> {
  const code = resources[name]?.Properties.FunctionCode as string;
  assert.ok(typeof code === 'string', name);
  return runInNewContext(`${code}; handler`) as (event: unknown) => Record<string, unknown>;
}

test('the viewer-request function serves a folder address from its index.html, and leaves others alone', () => {
  const rewrite = cloudFrontFunction('IndexRewriteFunction');
  for (const [uri, expected] of [
    ['/', '/index.html'],
    ['/insights/', '/insights/index.html'],
    ['/insights', '/insights'],
    ['/insights/some-article', '/insights/some-article'],
    ['/pdfs/arthritis.pdf', '/pdfs/arthritis.pdf'],
  ]) {
    assert.equal(rewrite({ request: { uri, headers: {} } }).uri, expected, uri);
  }
});

test('the viewer-response function turns a website-redirect object into a 301, and leaves others alone', () => {
  const redirect = cloudFrontFunction('AliasRedirectFunction');
  const moved = redirect({ response: { statusCode: 200, headers: { 'x-amz-website-redirect-location': { value: '/insights/new-title' }, 'cache-control': { value: CACHE.revalidate } } } }) as { statusCode: number; headers: Record<string, { value: string }> };
  assert.equal(moved.statusCode, 301);
  assert.equal(moved.headers.location?.value, '/insights/new-title');
  assert.equal(moved.headers['x-amz-website-redirect-location'], undefined);
  const page = { statusCode: 200, headers: { 'content-type': { value: 'text/html' } } };
  assert.deepEqual(redirect({ response: structuredClone(page) }), page);
  const offSite = redirect({ response: { statusCode: 200, headers: { 'x-amz-website-redirect-location': { value: 'https://elsewhere.example/' } } } });
  assert.equal(offSite.statusCode, 200, 'only redirects within the site');
});

test('the deploy role is for this repository on main only, through GitHub OIDC, with just the rights a deploy needs', () => {
  const role = only('AWS::IAM::Role');
  const trust = JSON.stringify(role.AssumeRolePolicyDocument);
  assert.match(trust, /sts:AssumeRoleWithWebIdentity/);
  assert.match(trust, /token\.actions\.githubusercontent\.com:aud/);
  assert.match(trust, /repo:\$\{GitHubRepository\}:ref:refs\/heads\/main/);
  const actions = JSON.stringify(role.Policies).match(/"(s3|cloudfront):[A-Za-z]+"/g)?.sort();
  assert.deepEqual(actions, ['"cloudfront:CreateInvalidation"', '"s3:DeleteObject"', '"s3:GetObject"', '"s3:ListBucket"', '"s3:PutObject"']);
  assert.ok(Object.keys(template.Outputs).includes('DeployRoleArn'));
});

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

test('every workflow passes action-validator, which fails one whose job has no runs-on', () => {
  assert.ok(workflowFiles.length > 0);
  for (const file of workflowFiles) {
    const { status, output } = validate(file);
    assert.equal(status, 0, `${path.relative(PROJECT_ROOT, file)}: ${output}`);
  }
  const folder = mkdtempSync(path.join(tmpdir(), 'workflow-'));
  try {
    const broken = structuredClone(publish);
    delete broken.jobs.test?.['runs-on'];
    const file = path.join(folder, 'broken.yml');
    writeFileSync(file, stringify(broken));
    const { status, output } = validate(file);
    assert.notEqual(status, 0);
    assert.match(output, /runs-on/);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
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

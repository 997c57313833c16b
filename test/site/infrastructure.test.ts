/**
 * The infrastructure a user applies (build/deploy/cloudformation.yaml):
 * parsed, checked for what the site depends on, and its CloudFront Functions
 * run against the cases they must handle. The workflows that test and publish
 * the site are checked in workflows.test.ts.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { runInNewContext } from 'node:vm';
import { parse, type ScalarTag, type CollectionTag } from 'yaml';
import { CONTENT_SECURITY_POLICY, EDITOR_CONTENT_SECURITY_POLICY } from '../../build/config.ts';
import { addressesOfFile, keysOfFile } from '../../build/host/addresses.ts';
import { CACHE, cacheControlOf, EDITOR_SECURITY_HEADERS, SECURITY_HEADERS } from '../../build/host/index.ts';
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

interface SecurityConfig {
  SecurityHeadersConfig: Record<string, Record<string, unknown>>;
  CustomHeadersConfig: { Items: { Header: string; Value: string }[] };
}

/** The headers a response headers policy adds, as the host contract names them. */
function addedBy(name: string): Record<string, unknown> {
  const { SecurityHeadersConfig: headers, CustomHeadersConfig: custom } = resources[name]?.Properties.ResponseHeadersPolicyConfig as SecurityConfig;
  assert.ok(Object.values(headers).every((header) => header.Override === true), `${name}: the policy overrides what S3 sends`);
  const hsts = headers.StrictTransportSecurity ?? {};
  return {
    'content-security-policy': headers.ContentSecurityPolicy?.ContentSecurityPolicy,
    'strict-transport-security': `max-age=${String(hsts.AccessControlMaxAgeSec)}${hsts.IncludeSubdomains === true ? '; includeSubDomains' : ''}${hsts.Preload === true ? '; preload' : ''}`,
    'x-content-type-options': headers.ContentTypeOptions === undefined ? undefined : 'nosniff',
    'x-frame-options': headers.FrameOptions?.FrameOption,
    'referrer-policy': headers.ReferrerPolicy?.ReferrerPolicy,
    ...Object.fromEntries(custom.Items.map((item) => [item.Header.toLowerCase(), item.Value])),
  };
}

test("the CloudFront security headers carry the pages' own Content Security Policy, plus HSTS, nosniff and a referrer policy: those the host contract lists, which the preview sends", () => {
  assert.equal(addedBy('SecurityHeadersPolicy')['content-security-policy'], `${CONTENT_SECURITY_POLICY}; frame-ancestors 'none'`);
  assert.ok(Number(/max-age=(\d+)/.exec(String(addedBy('SecurityHeadersPolicy')['strict-transport-security']))?.[1]) >= 31536000);
  assert.deepEqual(addedBy('SecurityHeadersPolicy'), SECURITY_HEADERS);
  assert.equal(ofType('AWS::CloudFront::ResponseHeadersPolicy').length, 2, "the site's, and the browser editor's");
});

interface Behaviour {
  PathPattern?: string;
  CachePolicyId: string;
  ResponseHeadersPolicyId: { Ref: string };
}

/** Whether a CloudFront path pattern matches a path: `*` any characters, `?` one. */
const matches = (pattern: string, address: string) => new RegExp(`^${pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.')}$`).test(address);

test("the browser editor's folder, at every address a host answers it, has the editor's headers; its configuration is never cached; no page of the site is in it", () => {
  const distribution = only('AWS::CloudFront::Distribution').DistributionConfig as { DefaultCacheBehavior: Behaviour; CacheBehaviors: Behaviour[] };
  // CloudFront takes the first behaviour whose pattern matches, else the default one.
  const behaviourOf = (address: string) => distribution.CacheBehaviors.find((behaviour) => matches(behaviour.PathPattern ?? '', address)) ?? distribution.DefaultCacheBehavior;
  assert.deepEqual(addedBy('EditorHeadersPolicy'), EDITOR_SECURITY_HEADERS);
  assert.equal(addedBy('EditorHeadersPolicy')['content-security-policy'], `${EDITOR_CONTENT_SECURITY_POLICY}; frame-ancestors 'none'`);
  const editorAddresses = ['admin/index.html', 'admin/config.yml', 'admin/sveltia-cms.js', 'admin/fonts/noto-mono-latin-400-normal.woff2'].flatMap((file) => [...addressesOfFile(file), ...keysOfFile(file).map((key) => `/${key}`)]);
  for (const address of editorAddresses) assert.equal(behaviourOf(address).ResponseHeadersPolicyId.Ref, 'EditorHeadersPolicy', address);
  assert.equal(behaviourOf('/admin/config.yml').CachePolicyId, '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', 'Managed-CachingDisabled');
  assert.equal(cacheControlOf('admin/config.yml'), 'no-store');
  for (const address of ['/', '/index.html', '/about', '/administration', '/insights/admin', '/es/admin', '/images/admin.png']) assert.equal(behaviourOf(address).ResponseHeadersPolicyId.Ref, 'SecurityHeadersPolicy', address);
});

function cloudFrontFunction(name: string): (event: unknown) => Record<string, unknown> {
  const code = resources[name]?.Properties.FunctionCode as string;
  assert.ok(typeof code === 'string', name);
  return runInNewContext(`${code}; handler`) as (event: unknown) => Record<string, unknown>;
}

test('the viewer-request function serves a folder address from its index.html, sends a "+" on as the "+" S3 would read as a space, and leaves others alone', () => {
  const rewrite = cloudFrontFunction('IndexRewriteFunction');
  for (const [uri, expected] of [
    ['/', '/index.html'],
    ['/insights/', '/insights/index.html'],
    ['/insights', '/insights'],
    ['/insights/some-article', '/insights/some-article'],
    ['/pdfs/arthritis.pdf', '/pdfs/arthritis.pdf'],
    ['/images/knee+hip.png', '/images/knee%2Bhip.png'],
    ['/images/a+b/', '/images/a%2Bb/index.html'],
    ['/images/knee%2Bhip.png', '/images/knee%2Bhip.png'],
    ['/images/My%20Photo.png', '/images/My%20Photo.png'],
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

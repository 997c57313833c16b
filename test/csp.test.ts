/**
 * The strict Content Security Policy, checked in the built HTML of every page:
 * the policy is declared before any script or stylesheet, and nothing in the
 * page needs an exception (no inline script, no style attribute, no event
 * handler attribute, no javascript: URL). The browser side is
 * test/browser/csp.test.ts.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { Parser } from 'htmlparser2';
import { CONTENT_SECURITY_POLICY } from '../build/config.ts';
import { buildSite } from '../build/index.ts';
import { PROJECT_ROOT, TEST_CACHE_DIR } from './helpers/sites.ts';

test('the policy allows nothing inline, nothing evaluated and nothing from another origin', () => {
  const directives = new Map(CONTENT_SECURITY_POLICY.split('; ').map((directive): [string, string[]] => {
    const [name = '', ...sources] = directive.split(' ');
    return [name, sources];
  }));
  for (const source of [...directives.values()].flat()) assert.ok(["'self'", "'none'"].includes(source), `only 'self' or 'none', not ${source}`);
  for (const directive of ['default-src', 'script-src', 'style-src', 'img-src', 'connect-src', 'object-src', 'base-uri', 'form-action']) assert.ok(directives.has(directive), directive);
  assert.doesNotMatch(CONTENT_SECURITY_POLICY, /unsafe|frame-ancestors|report-uri|sandbox/, 'no unsafe sources, and nothing a meta tag ignores');
});

interface Finding {
  page: string;
  problem: string;
}

function inspect(file: string, html: string): Finding[] {
  const findings: Finding[] = [];
  let policySeen = false;
  const parser = new Parser({
    onopentag(name, attributes) {
      if (name === 'meta' && attributes['http-equiv']?.toLowerCase() === 'content-security-policy') {
        policySeen = attributes.content === CONTENT_SECURITY_POLICY;
        if (!policySeen) findings.push({ page: file, problem: `a different policy: ${attributes.content ?? ''}` });
      }
      if ((name === 'script' || (name === 'link' && attributes.rel === 'stylesheet')) && !policySeen) findings.push({ page: file, problem: `<${name}> before the policy` });
      // A JSON-LD block is data, never run, so the policy does not apply to it.
      if (name === 'script' && attributes.src === undefined && attributes.type !== 'application/ld+json') findings.push({ page: file, problem: 'an inline script' });
      if (name === 'style') findings.push({ page: file, problem: 'a <style> element' });
      for (const [attribute, value] of Object.entries(attributes)) {
        if (attribute === 'style') findings.push({ page: file, problem: `a style attribute on <${name}>` });
        if (attribute.startsWith('on')) findings.push({ page: file, problem: `an ${attribute} attribute on <${name}>` });
        if (/^\s*javascript:/i.test(value)) findings.push({ page: file, problem: `a javascript: URL on <${name}>` });
      }
    },
  });
  parser.end(html);
  if (!policySeen) findings.push({ page: file, problem: 'no Content-Security-Policy meta tag' });
  return findings;
}

for (const includeDrafts of [false, true]) {
  test(`every page${includeDrafts ? ' of a --drafts build' : ''} declares the policy first and needs no exception to it`, async () => {
    const build = await buildSite({ contentDir: path.join(PROJECT_ROOT, 'content'), assetsDir: path.join(PROJECT_ROOT, 'assets'), includeDrafts, cacheDir: TEST_CACHE_DIR });
    assert.deepEqual(
      build.pages.flatMap((page) => inspect(page.file, page.html)),
      [],
    );
  });
}

test('the inspection finds what it looks for', () => {
  const bad = `<html><head><meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY}"/></head><body><p style="color:red" onclick="x()"><script>alert(1)</script><a href="javascript:void 0">x</a></p></body></html>`;
  assert.deepEqual(
    inspect('bad.html', bad).map((finding) => finding.problem),
    ['a style attribute on <p>', 'an onclick attribute on <p>', 'an inline script', 'a javascript: URL on <a>'],
  );
  assert.deepEqual(
    inspect('none.html', '<html><head><script src="/a.js"></script></head></html>').map((finding) => finding.problem),
    ['<script> before the policy', 'no Content-Security-Policy meta tag'],
  );
});

/**
 * The strict Content Security Policy, checked in the built HTML of every page:
 * the policy is declared before any script or stylesheet, and nothing in the
 * page needs an exception (no inline script, no style element or attribute,
 * no event handler attribute, no javascript: URL). The browser side is
 * test/browser/csp.test.ts.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CONTENT_SECURITY_POLICY } from '../../build/config.ts';
import { elements } from '../helpers/elements.ts';
import { sampleSite } from '../helpers/sample-site.ts';

test('the policy allows nothing inline, nothing evaluated and nothing from another origin', () => {
  const directives = new Map(
    CONTENT_SECURITY_POLICY.split('; ').map((directive): [string, string[]] => {
      const [name = '', ...sources] = directive.split(' ');
      return [name, sources];
    }),
  );
  for (const source of [...directives.values()].flat()) assert.ok(["'self'", "'none'"].includes(source), `only 'self' or 'none', not ${source}`);
  for (const directive of ['default-src', 'script-src', 'style-src', 'img-src', 'connect-src', 'object-src', 'base-uri', 'form-action']) assert.ok(directives.has(directive), directive);
  assert.doesNotMatch(CONTENT_SECURITY_POLICY, /unsafe|frame-ancestors|report-uri|sandbox/, 'no unsafe sources, and nothing a meta tag ignores');
});

/** What in a page would need an exception to the policy, or comes before it. */
function inspect(html: string): string[] {
  const findings: string[] = [];
  let policySeen = false;
  for (const { name, attributes } of elements(html)) {
    if (name === 'meta' && attributes['http-equiv']?.toLowerCase() === 'content-security-policy') {
      policySeen = attributes.content === CONTENT_SECURITY_POLICY;
      if (!policySeen) findings.push(`a different policy: ${attributes.content ?? ''}`);
    }
    if ((name === 'script' || (name === 'link' && attributes.rel === 'stylesheet')) && !policySeen) findings.push(`<${name}> before the policy`);
    // A JSON-LD block is data, never run, so the policy does not apply to it.
    if (name === 'script' && attributes.src === undefined && attributes.type !== 'application/ld+json') findings.push('an inline script');
    if (name === 'style') findings.push('a <style> element');
    for (const [attribute, value] of Object.entries(attributes)) {
      if (attribute === 'style') findings.push(`a style attribute on <${name}>`);
      if (attribute.startsWith('on')) findings.push(`an ${attribute} attribute on <${name}>`);
      if (/^\s*javascript:/i.test(value)) findings.push(`a javascript: URL on <${name}>`);
    }
  }
  if (!policySeen) findings.push('no Content-Security-Policy meta tag');
  return findings;
}

for (const includeDrafts of [false, true]) {
  test(`every page${includeDrafts ? ' of a --drafts build' : ''} declares the policy first and needs no exception to it`, async () => {
    const build = await sampleSite(includeDrafts);
    assert.ok(build.pages.length > 8);
    assert.deepEqual(
      build.pages.flatMap((page) => inspect(page.html).map((finding) => `${page.file}: ${finding}`)),
      [],
    );
  });
}

test('the inspection finds what it looks for', () => {
  const bad = `<html><head><meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY}"/></head><body><p style="color:red" onClick="x()"><script>alert(1)</script><a href=" JavaScript:void 0">x</a></p><style>p{}</style></body></html>`;
  assert.deepEqual(inspect(bad), ['a style attribute on <p>', 'an onclick attribute on <p>', 'an inline script', 'a javascript: URL on <a>', 'a <style> element']);
  assert.deepEqual(inspect('<html><head><script src="/a.js"></script><link rel="stylesheet" href="/a.css"/></head></html>'), ['<script> before the policy', '<link> before the policy', 'no Content-Security-Policy meta tag']);
  assert.deepEqual(inspect('<meta http-equiv="Content-Security-Policy" content="default-src *"/>'), ['a different policy: default-src *', 'no Content-Security-Policy meta tag']);
});

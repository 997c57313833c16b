/**
 * The two policies of the host (build/host/headers.ts): every page of the
 * site keeps its strict one, and the browser editor's folder alone gets the
 * editor's, which lets it reach exactly what it needs and evaluates nothing.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CONTENT_SECURITY_POLICY, EDITOR_CONTENT_SECURITY_POLICY } from '../../../build/config.ts';
import { CACHE, cacheControlOf, EDITOR_SECURITY_HEADERS, hostedObjects, isEditorFile, SECURITY_HEADERS, securityHeadersOf } from '../../../build/host/index.ts';

/** A policy's directives, each with its sources. */
const directives = (policy: string) => new Map(policy.split(';').map((part) => part.trim().split(/\s+/)).map(([name, ...sources]) => [name ?? '', sources]));

test("every page and file of the site keeps the site's policy, which lets a page load nothing but the site's own files", () => {
  for (const file of ['index.html', 'about/index.html', 'es/insights/part-d/index.html', 'assets/site.ABCDEFGH.css', 'images/administration.png', 'administration/index.html', '404.html']) {
    assert.equal(securityHeadersOf(file), SECURITY_HEADERS, file);
  }
  assert.equal(CONTENT_SECURITY_POLICY, "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'");
});

test("the editor's folder, and nothing else, has the editor's policy, and is kept out of search engines", () => {
  for (const file of ['admin/index.html', 'admin/config.yml', 'admin/sveltia-cms.js', 'admin/fonts/noto-mono-latin-400-normal.woff2']) {
    assert.ok(isEditorFile(file), file);
    assert.equal(securityHeadersOf(file), EDITOR_SECURITY_HEADERS, file);
  }
  assert.equal(EDITOR_SECURITY_HEADERS['x-robots-tag'], 'noindex, nofollow');
  const page = hostedObjects(['admin/index.html'], []).get('admin');
  assert.equal(page?.file, 'admin/index.html', 'the page at /admin is the editor’s too');
});

test("the editor's policy: scripts of the site only, nothing evaluated, and by name only GitHub, its status page and unpkg.com", () => {
  const editor = directives(EDITOR_CONTENT_SECURITY_POLICY);
  assert.deepEqual(editor.get('script-src'), ["'self'"]);
  assert.deepEqual(editor.get('default-src'), ["'self'"]);
  assert.ok(!EDITOR_CONTENT_SECURITY_POLICY.includes('unsafe-eval'));
  assert.deepEqual(editor.get('connect-src'), ["'self'", 'blob:', 'data:', 'https://api.github.com', 'https://www.githubstatus.com', 'https://unpkg.com']);
  assert.deepEqual(editor.get('img-src'), ["'self'", 'blob:', 'data:', 'https://avatars.githubusercontent.com']);
  assert.deepEqual(editor.get('font-src'), ["'self'"]);
  assert.deepEqual(editor.get('object-src'), ["'none'"]);
  const outside = EDITOR_CONTENT_SECURITY_POLICY.match(/https:\/\/[^\s;]+/g) ?? [];
  assert.deepEqual(new Set(outside), new Set(['https://avatars.githubusercontent.com', 'https://api.github.com', 'https://www.githubstatus.com', 'https://unpkg.com']));
});

test("the editor's configuration is never cached; its other files, as the site's, are revalidated", () => {
  assert.equal(cacheControlOf('admin/config.yml'), CACHE.never);
  assert.equal(CACHE.never, 'no-store');
  for (const file of ['admin/index.html', 'admin/sveltia-cms.js', 'admin/editor.js']) assert.equal(cacheControlOf(file), CACHE.revalidate, file);
});

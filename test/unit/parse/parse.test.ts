import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseSource } from '../build/parse.ts';

const file = (text: string) => ({ path: 'content/insights/a.md', text });

test('front matter and body are split, with the line the body starts on', () => {
  const { parsed, diagnostics } = parseSource(file('---\ntitle: A\ndate: 2025-10-17\n---\n\nBody line.\n'));
  assert.deepEqual(diagnostics, []);
  assert.equal(parsed?.attributes.title, 'A');
  assert.equal(parsed?.body, 'Body line.\n');
  // Line 1 of the body is line 6 of the file: front-matter drops the blank line after the fence.
  assert.equal(parsed?.bodyStartLine, 6);
  assert.deepEqual(parsed?.fields.get('date'), { line: 3, raw: '2025-10-17' });
});

test('CRLF line endings read exactly like LF ones', () => {
  const lf = parseSource(file('---\ntitle: "A: b"\nsummary: S\n---\nBody\nmore\n')).parsed;
  const crlf = parseSource(file('---\r\ntitle: "A: b"\r\nsummary: S\r\n---\r\nBody\r\nmore\r\n')).parsed;
  assert.deepEqual(crlf?.attributes, lf?.attributes);
  assert.equal(crlf?.body, lf?.body);
  assert.equal(crlf?.bodyStartLine, lf?.bodyStartLine);
  assert.deepEqual([...(crlf?.fields ?? [])], [...(lf?.fields ?? [])]);
});

test('old Mac CR-only line endings are read too', () => {
  const parsed = parseSource(file('---\rtitle: A\r---\rBody\r')).parsed;
  assert.equal(parsed?.attributes.title, 'A');
  assert.equal(parsed?.body.trim(), 'Body');
});

test('a file with no front matter is all body, with no fields', () => {
  const { parsed, diagnostics } = parseSource(file('Just some text.\n'));
  assert.deepEqual(diagnostics, []);
  assert.deepEqual(parsed?.attributes, {});
  assert.equal(parsed?.body, 'Just some text.\n');
  assert.equal(parsed?.bodyStartLine, 1);
});

test('a front-matter-only file has an empty body', () => {
  const { parsed } = parseSource(file('---\ntitle: Only\n---\n'));
  assert.equal(parsed?.attributes.title, 'Only');
  assert.equal(parsed?.body, '');
});

test('a YAML error is reported at its line in the file', () => {
  const { parsed, diagnostics } = parseSource(file('---\ntitle: A\nsummary: [unclosed\ndate: 2025-10-17\n---\nBody\n'));
  assert.equal(parsed, undefined);
  assert.equal(diagnostics.length, 1);
  assert.equal(diagnostics[0]?.ruleId, 'invalid-front-matter');
  assert.ok((diagnostics[0]?.line ?? 0) >= 3 && (diagnostics[0]?.line ?? 0) <= 5, `line ${String(diagnostics[0]?.line)}`);
  assert.match(diagnostics[0]?.hint ?? '', /key: value/);
});

test('a YAML error after blank lines at the top still points at the right line', () => {
  const { diagnostics } = parseSource(file('---\n\n\ntitle: A\n  bad: indentation\n---\nBody\n'));
  assert.equal(diagnostics[0]?.line, 5);
});

test('a colon in an unquoted title is a clear error, not a silent default', () => {
  const { diagnostics } = parseSource(file('---\ntitle: Medicare: a guide: 2025\n---\nBody\n'));
  assert.equal(diagnostics[0]?.ruleId, 'invalid-front-matter');
  assert.equal(diagnostics[0]?.line, 2);
  assert.match(diagnostics[0]?.hint ?? '', /quotes/);
});

test('front matter that is never closed is an error at line 1', () => {
  const { diagnostics } = parseSource(file('---\ntitle: A\n\nBody without a closing fence\n'));
  assert.equal(diagnostics[0]?.ruleId, 'invalid-front-matter');
  assert.equal(diagnostics[0]?.line, 1);
});

test('front matter that is a list, not fields, is an error', () => {
  const { diagnostics } = parseSource(file('---\n- a\n- b\n---\nBody\n'));
  assert.equal(diagnostics[0]?.ruleId, 'invalid-front-matter');
});

test('raw field values are read without quotes or trailing comments', () => {
  const { parsed } = parseSource(file(`---\ntitle: "Quoted: yes"\nsummary: 'single'\ndate: 2025-02-30 # oops\n---\n`));
  assert.equal(parsed?.fields.get('title')?.raw, 'Quoted: yes');
  assert.equal(parsed?.fields.get('summary')?.raw, 'single');
  assert.equal(parsed?.fields.get('date')?.raw, '2025-02-30');
});

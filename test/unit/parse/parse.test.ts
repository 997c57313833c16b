/**
 * Front matter split from the body, as the build reads every markdown file:
 * line endings and byte order marks make no difference, and a front matter
 * that cannot be read is one problem at its line.
 */
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import type { ContentDiagnostic } from '../../../build/diagnostics/index.ts';
import { digestOf, type LoadedContent } from '../../../build/load/index.ts';
import { readSource } from '../../../build/load/read.ts';
import { Memory } from '../../../build/memory.ts';
import { parseContent } from '../../../build/parse/index.ts';
import { parseFrontMatter, type ParsedSource } from '../../../build/parse/front-matter.ts';
import { temporaryFolder } from '../../helpers/folders.ts';

const FILE = 'content/insights/a.md';

/** What the parse makes of a file's text: the parsed file, or the problem. */
function parse(text: string): { parsed?: ParsedSource; diagnostic?: ContentDiagnostic } {
  return parseFrontMatter({ path: FILE, text, digest: digestOf(text) });
}

/** The parsed file, which must parse. */
function parsedOf(text: string): ParsedSource {
  const { parsed, diagnostic } = parse(text);
  assert.ok(parsed, `parse failed: ${diagnostic?.message ?? ''}`);
  return parsed;
}

/** The problem, which there must be. */
function problemOf(text: string): ContentDiagnostic {
  const { parsed, diagnostic } = parse(text);
  assert.equal(parsed, undefined);
  assert.ok(diagnostic);
  assert.equal(diagnostic.file, FILE);
  return diagnostic;
}

test('front matter and body are split, with the line the body starts on', () => {
  const parsed = parsedOf('---\ntitle: A\ndate: 2025-10-17\n---\n\nBody line.\n');
  assert.equal(parsed.attributes.title, 'A');
  assert.equal(parsed.body, 'Body line.\n');
  // Line 1 of the body is line 6 of the file: front-matter drops the blank line after the fence.
  assert.equal(parsed.bodyStartLine, 6);
  assert.deepEqual(parsed.fields.get('date'), { line: 3, raw: '2025-10-17', writtenKey: 'date:' });
});

test('CRLF line endings read exactly like LF ones', () => {
  const lf = parsedOf('---\ntitle: "A: b"\nsummary: S\n---\nBody\nmore\n');
  const crlf = parsedOf('---\r\ntitle: "A: b"\r\nsummary: S\r\n---\r\nBody\r\nmore\r\n');
  assert.deepEqual(crlf.attributes, lf.attributes);
  assert.equal(crlf.body, lf.body);
  assert.equal(crlf.bodyDigest, lf.bodyDigest, 'the same body for every later stage');
  assert.equal(crlf.bodyStartLine, lf.bodyStartLine);
  assert.deepEqual([...crlf.fields], [...lf.fields]);
});

test('fences with spaces or tabs after the dashes, as editors leave them, read as fences: a draft stays a draft', () => {
  const plain = parsedOf('---\ntitle: Secret Plan\ndraft: true\n---\nBody\n');
  const spaced = parsedOf('--- \ntitle: Secret Plan\ndraft: true\n---\t \nBody\n');
  assert.deepEqual(spaced.attributes, { title: 'Secret Plan', draft: true });
  assert.equal(spaced.body, plain.body);
  assert.equal(spaced.bodyStartLine, plain.bodyStartLine);
  assert.deepEqual([...spaced.fields], [...plain.fields]);
});

test('old Mac CR-only line endings are read too', () => {
  const parsed = parsedOf('---\rtitle: A\r---\rBody\r');
  assert.equal(parsed.attributes.title, 'A');
  assert.equal(parsed.body.trim(), 'Body');
});

test('a file saved with a byte order mark reads as one without', async () => {
  const folder = await temporaryFolder('parse-bom');
  const text = '---\ntitle: With a BOM\n---\nBody\n';
  const file = path.join(folder, 'bom.md');
  await writeFile(file, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]));
  const problems: ContentDiagnostic[] = [];
  const source = await readSource(file, (diagnostic) => problems.push(diagnostic));
  assert.deepEqual(problems, []);
  assert.ok(source);
  assert.equal(source.text, text);
  const parsed = parseFrontMatter(source);
  assert.ok('parsed' in parsed);
  assert.equal(parsed.parsed.attributes.title, 'With a BOM');
  assert.equal(parsed.parsed.fields.get('title')?.line, 2);
});

test('a file with no front matter is all body, with no fields', () => {
  const parsed = parsedOf('Just some text.\n');
  assert.deepEqual(parsed.attributes, {});
  assert.equal(parsed.body, 'Just some text.\n');
  assert.equal(parsed.bodyStartLine, 1);
  assert.equal(parsed.fields.size, 0);
});

test('a front-matter-only file has an empty body', () => {
  const parsed = parsedOf('---\ntitle: Only\n---\n');
  assert.equal(parsed.attributes.title, 'Only');
  assert.equal(parsed.body, '');
});

test('a change to the front matter leaves the body digest as it was', () => {
  const before = parsedOf('---\ntitle: A\n---\nBody\n');
  const after = parsedOf('---\ntitle: B\nsummary: new\n---\nBody\n');
  assert.equal(after.bodyDigest, before.bodyDigest);
  assert.notEqual(parsedOf('---\ntitle: A\n---\nBody, edited\n').bodyDigest, before.bodyDigest);
});

test('a YAML error is reported at its line in the file', () => {
  const diagnostic = problemOf('---\ntitle: A\nsummary: [unclosed\ndate: 2025-10-17\n---\nBody\n');
  assert.equal(diagnostic.ruleId, 'invalid-front-matter');
  assert.equal(diagnostic.severity, 'error');
  assert.equal(diagnostic.line, 3, 'the line that opens the bracket left open');
  assert.match(diagnostic.message, /^The front matter is not valid YAML: .+\.$/);
  assert.match(diagnostic.hint, /key: value/);
});

test('a bracket left open is reported at the line that opens it, however far YAML reads before it gives up; quoted and commented brackets do not count', () => {
  assert.equal(problemOf('---\ntitle: A\nsources: [a, b\n---\nBody\n').line, 3);
  assert.equal(problemOf('---\ntitle: "A [draft"\nsources: [a, b\nsummary: two\n---\nBody\n').line, 3);
  assert.equal(problemOf("---\ntitle: 'x { y'\nsources: [{ title: a, url: b }, # [note\n  { title: c\n---\nBody\n").line, 3);
  assert.equal(problemOf('---\ntitle: [a, {b: c}]\nsummary: [b\n---\nBody\n').line, 3, 'brackets closed before it are not the one left open');
});

test('a YAML error after blank lines at the top still points at the right line', () => {
  assert.equal(problemOf('---\n\n\ntitle: A\n  bad: indentation\n---\nBody\n').line, 5);
});

test('a YAML error in a CRLF file is at the same line as in an LF one', () => {
  assert.equal(problemOf('---\r\ntitle: A\r\n  bad: indentation\r\n---\r\nBody\r\n').line, problemOf('---\ntitle: A\n  bad: indentation\n---\nBody\n').line);
});

test('a colon in an unquoted title is a clear error, not a silent default', () => {
  const diagnostic = problemOf('---\ntitle: Medicare: a guide: 2025\n---\nBody\n');
  assert.equal(diagnostic.ruleId, 'invalid-front-matter');
  assert.equal(diagnostic.line, 2);
  assert.match(diagnostic.hint, /quotes/);
});

test('front matter that is never closed is an error at line 1', () => {
  const diagnostic = problemOf('---\ntitle: A\n\nBody without a closing fence\n');
  assert.equal(diagnostic.ruleId, 'invalid-front-matter');
  assert.equal(diagnostic.line, 1);
  assert.match(diagnostic.message, /never closed/);
  assert.match(diagnostic.hint, /'---'/);
});

test('front matter that is a list, or a lone value, is an error: it is not a list of fields', () => {
  for (const text of ['---\n- a\n- b\n---\nBody\n', '---\njust words\n---\nBody\n']) {
    const diagnostic = problemOf(text);
    assert.equal(diagnostic.ruleId, 'invalid-front-matter', text);
    assert.equal(diagnostic.line, 2, text);
    assert.match(diagnostic.message, /not a list of fields/, text);
  }
});

test('raw field values are read without quotes or trailing comments', () => {
  const parsed = parsedOf(`---\ntitle: "Quoted: yes"\nsummary: 'single'\ndate: 2025-02-30 # oops\n---\n`);
  assert.equal(parsed.fields.get('title')?.raw, 'Quoted: yes');
  assert.equal(parsed.fields.get('summary')?.raw, 'single');
  assert.equal(parsed.fields.get('date')?.raw, '2025-02-30');
});

test('the parse stage keeps the articles it can read and reports each one it cannot, by file', () => {
  const source = (name: string, text: string) => ({ path: `content/insights/${name}`, text, digest: digestOf(text) });
  const loaded: LoadedContent = {
    site: undefined,
    siteTranslations: [],
    topics: undefined,
    figures: undefined,
    articles: [source('good.md', '---\ntitle: Good\n---\nBody\n'), source('bad.md', '---\ntitle: [\n---\nBody\n'), source('open.md', '---\ntitle: Open\n')],
    assets: [],
    diagnostics: [],
  };
  const parsed = parseContent(loaded, new Memory());
  assert.deepEqual(parsed.articles.map((article) => article.file), ['content/insights/good.md']);
  assert.deepEqual(parsed.diagnostics.map((diagnostic) => [diagnostic.file, diagnostic.ruleId]), [
    ['content/insights/bad.md', 'invalid-front-matter'],
    ['content/insights/open.md', 'invalid-front-matter'],
  ]);
});

/**
 * The versions a translation records of its original (issue 57): the first
 * eight hexadecimal digits of a SHA-256, as `sha256sum` prints them; an edit
 * of white space alone is the same version; a record is read back as
 * written, whichever of the two YAML readers reads it.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';
import frontMatter from 'front-matter';
import { parse } from 'yaml';
import { articleVersions, changedParts, partVersionLines, readPartVersions, readVersion, textVersion, versionOf, versionYaml } from '../../../build/lib/translation-version.ts';

const ARTICLE = { title: 'Part D in 2026', summary: 'The cap.', body: 'The cap is $2,100.\n\nIt counts.', sources: [{ title: 'Medicare.gov', url: 'https://www.medicare.gov/' }] };

test('a version is the first eight hexadecimal digits of the SHA-256 of the bytes', () => {
  const bytes = Buffer.from('%PDF-1.7 a handout');
  assert.equal(versionOf(bytes), createHash('sha256').update(bytes).digest('hex').slice(0, 8));
  assert.match(versionOf(''), /^[0-9a-f]{8}$/);
});

test('each part is the version of its text with every run of white space made one space and the ends trimmed', () => {
  const versions = articleVersions(ARTICLE);
  assert.equal(versions.body, versionOf('The cap is $2,100. It counts.'));
  assert.equal(versions.sources, versionOf('Medicare.gov https://www.medicare.gov/'));
  assert.deepEqual(articleVersions({ ...ARTICLE, title: '  Part D\tin  2026 ', body: 'The cap is\n$2,100.\n\n\n\nIt   counts.\n' }), versions, 'white space alone is no change');
  assert.equal(textVersion('a b'), textVersion(' a\n\tb '));
  assert.notEqual(textVersion('ab'), textVersion('a b'), 'a space added between two letters is a change');
});

test('the parts changed are told in order: title, summary, body, sources', () => {
  const before = articleVersions(ARTICLE);
  const after = articleVersions({ ...ARTICLE, sources: [], title: 'Part D in 2027', body: 'The cap is $2,400.' });
  assert.deepEqual(changedParts(before, after), ['title', 'body', 'sources']);
  assert.deepEqual(changedParts(before, before), []);
  assert.deepEqual(changedParts(before, { ...before, summary: versionOf('Another summary.') }), ['summary']);
});

test('a record is read only when it has the four parts, each eight hexadecimal digits', () => {
  const versions = articleVersions(ARTICLE);
  assert.deepEqual(readPartVersions({ ...versions }), versions);
  for (const unreadable of [undefined, 'abc', [versions.title], { ...versions, title: 'ABCDEF12' }, { ...versions, body: '1234567' }, { title: versions.title }, { ...versions, extra: '12345678' }, { ...versions, body: 12345678 }]) {
    assert.equal(readPartVersions(unreadable), undefined, JSON.stringify(unreadable));
  }
  assert.equal(readVersion(' 0c9e5a31 '), '0c9e5a31');
});

test('a version YAML would read as a number is written quoted, and every version reads back as written in front matter and in the topics file', () => {
  const versions = ['12345678', '00000000', '1e345678', '0e123456', '0b010110', '3f2a9c1e', 'abcdef00', '5883094e'];
  for (const version of versions) {
    const record = `translatedFrom:\n${partVersionLines({ title: version, summary: version, body: version, sources: version }).join('\n')}\n`;
    const article = frontMatter<Record<string, unknown>>(`---\n${record}---\n`).attributes;
    assert.deepEqual(readPartVersions(article.translatedFrom), { title: version, summary: version, body: version, sources: version }, `${version} in front matter`);
    assert.equal(readVersion((parse(`translatedFrom: ${versionYaml(version)}`) as { translatedFrom: unknown }).translatedFrom), version, `${version} in the topics file`);
  }
  assert.equal(versionYaml('3f2a9c1e'), '3f2a9c1e', 'one that reads as text is written as it is');
});

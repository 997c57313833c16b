/**
 * What the browser editor writes (build/editor/): every content file it
 * reads is written back byte for byte when nothing changed; a change touches
 * only its own value, keeping the field order, quotes, comments and blank
 * lines; a new file is written as the shipped content is; nothing empty is
 * added; and a field only tools write, wherever it stands, stays as it was.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { readMarkdown, writeMarkdown, WRITTEN_TEXT } from '../../../build/editor/markdown-files.ts';
import { readYaml, writeYaml } from '../../../build/editor/written-yaml.ts';
import { SAMPLE_CONTENT } from '../../helpers/sites.ts';

const sample = (file: string) => readFileSync(path.join(SAMPLE_CONTENT, file), 'utf8');
const markdownFiles = ['site.md', 'site.es.md', ...readdirSync(path.join(SAMPLE_CONTENT, 'insights')).map((name) => `insights/${name}`)];

/** A file's fields as the editor holds them, without the text it was read from: a new entry's, or one the editor made. */
const fieldsOnly = (data: Record<string, unknown>) => Object.fromEntries(Object.entries(data).filter(([key]) => key !== WRITTEN_TEXT));

test('every markdown file of the sample is written back as it was when nothing changed', () => {
  assert.ok(markdownFiles.length >= 10);
  for (const file of markdownFiles) assert.equal(writeMarkdown(readMarkdown(sample(file))), sample(file), file);
});

/** A translation's record of its original's version, which tools write and the editor never does, with its comment. */
const RECORD = /^translatedFrom:.*\n(?:[ \t].*\n)*/m;

test('every article of the sample, written anew from its fields alone, is the same text: the editor writes as the physician does', () => {
  for (const file of markdownFiles.filter((name) => name.startsWith('insights/'))) {
    const { translatedFrom, ...fields } = fieldsOnly(readMarkdown(sample(file)));
    assert.equal(writeMarkdown(fields), sample(file).replace(RECORD, ''), file);
    assert.equal(translatedFrom !== undefined, RECORD.test(sample(file)), file);
  }
});

test("a translation's changed title leaves its record as and where it was, the record's comment on its key's line", () => {
  const text = sample('insights/part-d-2026.es.md');
  const data = readMarkdown(text);
  const written = writeMarkdown({ ...data, title: 'Medicare Parte D en 2026' });
  const [record] = RECORD.exec(text) ?? [''];
  assert.match(record, /^translatedFrom: {2}# .+\n {2}title: /);
  assert.notEqual(written, text);
  assert.equal(written.replace(/^title: .*$/m, ''), text.replace(/^title: .*$/m, ''));
});

test('the YAML files of the sample are written back as they were, comments and blank lines included', () => {
  for (const file of ['education-topics.yaml', 'medicare-figures.yaml']) assert.equal(writeYaml(readYaml(sample(file), 'data').data, 'data', sample(file)), sample(file), file);
});

test("a topic's changed Spanish title changes that line alone, in the quotes it was written in", () => {
  const text = sample('education-topics.yaml');
  const topics = readYaml(text, 'data').data as { title: string; es: { title: string } }[];
  const sciatica = topics.find((topic) => topic.title === 'Sciatica');
  assert.ok(sciatica);
  sciatica.es.title = 'Ciática (nervio ciático)';
  const written = writeYaml(topics, 'data', text);
  assert.equal(written, text.replace('title: "Ciática"', 'title: "Ciática (nervio ciático)"'));
});

test('a new topic is written as the others are, without the fields left empty', () => {
  const text = sample('education-topics.yaml');
  const topics = readYaml(text, 'data').data as Record<string, unknown>[];
  topics.push({ title: 'Knee Pain', system: 'Musculoskeletal', subgroup: '', pdf: 'knee-pain', external: '', sourceTitle: '', es: { title: 'Dolor de rodilla', system: 'Sistema musculoesquelético', subgroup: '' } });
  const written = writeYaml(topics, 'data', text);
  assert.equal(written, `${text}- title: Knee Pain\n  system: Musculoskeletal\n  pdf: knee-pain\n  es:\n    title: Dolor de rodilla\n    system: Sistema musculoesquelético\n`);
});

test('a changed article keeps its comments and order, drops the comment of a value it replaced, and adds no empty field', () => {
  const text = '---\n# Written by hand.\ntitle: Knee Pain\nsummary: ""  # One or two plain sentences.\ndate: 2025-10-17\ndraft: true  # Change to false when ready.\n---\n\nSome words.\n';
  const data = readMarkdown(text);
  const written = writeMarkdown({ ...data, summary: 'Why knees hurt.', draft: false, author: '', sources: [], reviewedBy: undefined });
  assert.equal(written, '---\n# Written by hand.\ntitle: Knee Pain\nsummary: "Why knees hurt."\ndate: 2025-10-17\ndraft: false\n---\n\nSome words.\n');
});

test('a comment after an unchanged value keeps the spaces written before it; a changed value takes its own', () => {
  const text = '---\ntitle: Knee Pain  # In title case.\nsummary: Old words.\ndraft: true   # Not yet.\n---\n';
  const written = writeMarkdown({ ...readMarkdown(text), summary: 'New words.', title: 'Knee Pain' });
  assert.equal(written, '---\ntitle: Knee Pain  # In title case.\nsummary: New words.\ndraft: true   # Not yet.\n---\n');
});

test('a field added to a file goes after the field before it in the editor’s order', () => {
  const text = '---\ntitle: Knee Pain\ndate: 2025-10-17\nsources:\n  - title: Medicare.gov\n    url: https://www.medicare.gov/\n---\n\nWords.\n';
  const data = readMarkdown(text);
  const written = writeMarkdown({ title: 'Knee Pain', summary: 'Why knees hurt.', date: '2025-10-17', draft: true, reviewedBy: 'Dr. Test', sources: data.sources, body: data.body, [WRITTEN_TEXT]: data[WRITTEN_TEXT] });
  assert.equal(written, '---\ntitle: Knee Pain\nsummary: Why knees hurt.\ndate: 2025-10-17\ndraft: true\nreviewedBy: Dr. Test\nsources:\n  - title: Medicare.gov\n    url: https://www.medicare.gov/\n---\n\nWords.\n');
});

test('a group that only tools write stays as and where it was, whatever the editor gives back in its place', () => {
  const text = '---\ntitle: Dolor de rodilla\ntranslatedFrom:\n  title: 1a2b\n  body: 3c4d\ndate: 2025-10-17\n---\n\nPalabras.\n';
  const data = readMarkdown(text);
  // The editor hands back the fields in its own order, the hidden group last.
  const { translatedFrom, ...others } = data;
  assert.equal(writeMarkdown({ ...others, title: 'Dolor de rodilla: qué ayuda', translatedFrom }), text.replace('title: Dolor de rodilla', 'title: "Dolor de rodilla: qué ayuda"'));
});

test('front matter is written for the YAML 1.1 reader the build uses: words it reads as true or false are quoted, days are not', () => {
  const written = writeMarkdown({ title: 'Yes', summary: 'on', date: '2025-10-17', author: '2025', draft: true, body: 'Words.' });
  assert.equal(written, '---\ntitle: "Yes"\nsummary: "on"\ndate: 2025-10-17\nauthor: "2025"\ndraft: true\n---\n\nWords.\n');
});

test('a file read with CRLF line endings or a byte order mark is read as the build reads it, and written with LF', () => {
  const data = readMarkdown('\uFEFF---\r\ntitle: A\r\n---\r\n\r\nWords.\r\n');
  assert.deepEqual(fieldsOnly(data), { title: 'A', body: 'Words.' });
  assert.equal(writeMarkdown(fieldsOnly(data)), '---\ntitle: A\n---\n\nWords.\n');
});

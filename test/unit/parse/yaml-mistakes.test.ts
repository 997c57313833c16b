/**
 * The mistakes of typing YAML by hand, told in plain words at the line to
 * mend, in front matter and in the YAML files alike, where the YAML library
 * would name its own grammar at the line where it gave up.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ContentDiagnostic } from '../../../build/diagnostics/index.ts';
import { digestOf } from '../../../build/load/index.ts';
import { parseFrontMatter } from '../../../build/parse/front-matter.ts';
import { parseYaml } from '../../../build/parse/yaml.ts';

const FILE = 'content/insights/a.md';

/** The problem the parse finds in a file's text, which there must be. */
function problemOf(text: string): ContentDiagnostic {
  const result = parseFrontMatter({ path: FILE, text, digest: digestOf(text) });
  assert.ok('diagnostic' in result, `no problem found in ${JSON.stringify(text)}`);
  return result.diagnostic;
}

test('a field with no space after its colon is named at its own line, with the line to write instead', () => {
  for (const text of ['---\ntitle: A\ndraft:true\ndate: 2025-10-17\n---\nBody\n', '---\ntitle: A\ndraft:true\n---\nBody\n', '---\ntitle: A\n\ndraft:true\n\n---\nBody\n'.replace('\n\ndraft', '\ndraft')]) {
    const diagnostic = problemOf(text);
    assert.deepEqual([diagnostic.ruleId, diagnostic.severity, diagnostic.line], ['yaml-mistake', 'error', 3], text);
    assert.equal(diagnostic.message, "'draft:true' has no space after its colon, so it is not read as the field 'draft'.");
    assert.equal(diagnostic.hint, "Write 'draft: true', with a space after the colon.");
  }
  const alone = problemOf('---\ndraft:true\n---\nBody\n');
  assert.deepEqual([alone.ruleId, alone.line], ['yaml-mistake', 2], 'YAML reads a lone such line as text, not fields: the same mistake');
});

test('a line indented with a tab is an error at that line, even where YAML would read the block with the field in the wrong place', () => {
  const sources = '---\ntitle: A\nsources:\n\t- title: Medicare.gov\n\t  url: https://www.medicare.gov\n---\nBody\n';
  const diagnostic = problemOf(sources);
  assert.deepEqual([diagnostic.ruleId, diagnostic.line], ['yaml-mistake', 4]);
  assert.match(diagnostic.message, /indented with a tab/);
  assert.match(diagnostic.hint, /spaces/);
  assert.equal(problemOf('---\ntitle: A\nsources:\n  - title: Medicare.gov\n\t  url: https://www.medicare.gov\n---\nBody\n').line, 5, 'a tab after spaces too');
  const tabInValue = parseFrontMatter({ path: FILE, text: '---\ntitle: A\tB\n---\n\tcode in the body\n', digest: 'd' });
  assert.ok('parsed' in tabInValue, 'a tab inside a value or in the body is no indentation');
});

test('a quote never closed is an error at the line that opens it, not where YAML reached the end', () => {
  for (const [text, quote] of [['---\ntitle: "Part D in 2026\ndate: 2025-10-17\nsummary: S\n---\nBody\n', '"'], ["---\ntitle: A\nsummary: 'What changes\ndate: 2025-10-17\n---\nBody\n", "'"]] as const) {
    const diagnostic = problemOf(text);
    assert.equal(diagnostic.ruleId, 'yaml-mistake', text);
    assert.equal(diagnostic.line, text.startsWith('---\ntitle: "') ? 2 : 3, text);
    assert.match(diagnostic.message, new RegExp(`quote \\(${quote}\\) that opens this value is never closed`));
  }
  const closedAcrossLines = problemOf('---\nsummary: "two\n  lines"\ntitle: "open\n---\nBody\n');
  assert.equal(closedAcrossLines.line, 4, 'a value quoted over two lines and closed is not the one left open');
  assert.equal(problemOf("---\ntitle: 'It''s open\n---\nBody\n").line, 2, "'' inside single quotes is a quote, not the close");
});

test('the YAML files tell the same mistakes at the same lines', () => {
  const mistakeOf = (text: string): ContentDiagnostic | undefined => parseYaml({ path: 'content/education-topics.yaml', text, digest: digestOf(text) }).mistake;
  assert.deepEqual(
    [mistakeOf('- title: Knee\n\tpdf: knee.pdf\n'), mistakeOf('- title: "Knee\n  pdf: knee.pdf\n'), mistakeOf('- title:Knee pain\n  pdf: knee.pdf\n')].map((d) => [d?.ruleId, d?.line, d?.message.split(' ')[0]]),
    [
      ['yaml-mistake', 2, 'This'],
      ['yaml-mistake', 1, 'The'],
      ['yaml-mistake', 1, "'title:Knee"],
    ],
  );
  assert.equal(mistakeOf('- title: Knee\n  pdf: knee.pdf\n'), undefined, 'a file YAML reads has no mistake');
});

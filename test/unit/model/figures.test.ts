/**
 * The year-bound figures (content/medicare-figures.yaml): the file read with
 * each figure's line, and what is wrong with it.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ContentDiagnostic } from '../../../build/diagnostics/index.ts';
import { digestOf } from '../../../build/load/index.ts';
import { modelFigures } from '../../../build/model/figures.ts';
import { parseYaml } from '../../../build/parse/yaml.ts';
import { FIGURES_YAML } from '../../helpers/figures.ts';

/** The figures file modelled, with what the build says about it. */
function read(text: string | undefined, file = 'content/medicare-figures.yaml') {
  const diagnostics: ContentDiagnostic[] = [];
  const yaml = text === undefined ? undefined : parseYaml({ path: file, text, digest: digestOf(text) });
  return { figures: modelFigures(yaml, (diagnostic) => diagnostics.push(diagnostic)), diagnostics };
}

test('the figures file is read with each value, year, description and source', () => {
  const { figures, diagnostics } = read(FIGURES_YAML);
  assert.deepEqual(diagnostics, []);
  assert.deepEqual([...figures.keys()], ['capA', 'oldCap']);
  assert.deepEqual(figures.get('capA'), { name: 'capA', value: '$2,100', year: 2026, about: 'A cap', source: { title: 'Medicare.gov', url: 'https://www.medicare.gov/' }, translations: {} });
});

test('a site may have no figures file, or an empty one', () => {
  assert.deepEqual(read(undefined), { figures: new Map(), diagnostics: [] });
  assert.deepEqual(read('# none yet\n'), { figures: new Map(), diagnostics: [] });
});

test('a figure without a year, a value or a proper source is an error at its line', () => {
  const broken = 'noYear:\n  value: "$1"\n  source: { title: T, url: https://x.example/ }\nnoSource:\n  value: "$1"\n  year: 2026\nbad-name:\n  value: "$1"\n  year: 2026\n  source: { title: T, url: https://x.example/ }\n';
  const { diagnostics, figures } = read(broken, 'f.yaml');
  assert.equal(figures.size, 0);
  assert.deepEqual(
    diagnostics.map((d) => [d.ruleId, d.file, d.line]),
    [
      ['invalid-figure', 'f.yaml', 1],
      ['invalid-figure', 'f.yaml', 4],
      ['invalid-figure', 'f.yaml', 7],
    ],
  );
  assert.deepEqual(diagnostics.map((d) => d.message), [
    'The figure noYear needs a value and the year it applies to.',
    'The figure noSource needs a source with a title and a web address.',
    '"bad-name" is not a usable figure name: use letters and digits only, starting with a letter.',
  ]);
});

// bug: an empty `value:` was read as the text "null", which articles then printed.
test('an empty value or source title is missing, not the word "null"', () => {
  const empty = 'capA:\n  value:\n  year: 2026\n  source: { title: T, url: https://x.example/ }\ncapB:\n  value: "$1"\n  year: 2026\n  source: { title: , url: https://x.example/ }\n';
  const { diagnostics, figures } = read(empty, 'f.yaml');
  assert.equal(figures.size, 0);
  assert.deepEqual(diagnostics.map((d) => [d.ruleId, d.line]), [['invalid-figure', 1], ['invalid-figure', 5]]);
});

test('a value, description or source that is a list or a group of fields is an error at its figure, never printed as JSON', () => {
  const source = '  source: { title: T, url: https://x.example/ }\n';
  const grouped = `capA:\n  value:\n    amount: 2000\n    per: year\n  year: 2026\n${source}capB:\n  value: ["$2,000"]\n  year: 2026\n${source}capC:\n  value: "$1"\n  about: [a, b]\n  year: 2026\n${source}capD:\n  value: "$1"\n  year: 2026\n  source: { title: [T], url: https://x.example/ }\n`;
  const { diagnostics, figures } = read(grouped, 'f.yaml');
  assert.equal(figures.size, 0);
  assert.deepEqual(
    diagnostics.map((d) => [d.ruleId, d.line, d.message]),
    [
      ['invalid-figure', 1, 'The figure capA has a list or a group of fields as its value: it must be one line of text, which articles print as written.'],
      ['invalid-figure', 7, 'The figure capB has a list or a group of fields as its value: it must be one line of text, which articles print as written.'],
      ['invalid-figure', 11, 'The figure capC has a list or a group of fields as its about: it must be one line of text, which articles print as written.'],
      ['invalid-figure', 16, 'The figure capD has a list or a group of fields as its source title: it must be one line of text, which articles print as written.'],
    ],
  );
});

test('a figures file that is not valid YAML, or not named figures, is one error at its line', () => {
  const syntax = read('capA:\n  value: "$1"\n  value: "$2"\n');
  assert.deepEqual(syntax.diagnostics.map((d) => [d.ruleId, d.line, d.message]), [['invalid-figure', 3, 'The figures file is not valid YAML: Map keys must be unique.']]);
  assert.equal(syntax.figures.size, 0);
  const list = read('\n- capA\n- capB\n');
  assert.deepEqual(list.diagnostics.map((d) => [d.ruleId, d.line, d.message]), [['invalid-figure', 2, 'The figures file must be a list of named figures.']]);
});

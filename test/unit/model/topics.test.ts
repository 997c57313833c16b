import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ContentDiagnostic } from '../../../build/diagnostics/index.ts';
import { digestOf, type AssetFile } from '../../../build/load/index.ts';
import { modelTopics } from '../../../build/model/topics.ts';
import { parseYaml } from '../../../build/parse/yaml.ts';

/** A PDF of assets/ as the load stage describes it: 2,048 bytes and one page. */
const pdfAt = (relativePath: string): AssetFile => ({ relativePath, absolutePath: `/x/${relativePath}`, size: 2048, digest: relativePath, pdf: { pages: 1, title: relativePath, subject: undefined } });
/** Handouts in assets/pdfs/, by file name. */
const pdfs = (...names: string[]) => names.map((name) => pdfAt(`pdfs/${name}`));
const PDFS = pdfs('low-back-pain.pdf', 'carpal-tunnel-syndrome.pdf', 'arthritis.pdf', 'custom.pdf', 'rotator-cuff-tears.pdf');

/** The topics file modelled, with what the build says about it. */
function read(text: string, available = PDFS) {
  const diagnostics: ContentDiagnostic[] = [];
  const yaml = parseYaml({ path: 'content/education-topics.yaml', text, digest: digestOf(text) });
  return { ...modelTopics(yaml, available, (diagnostic) => diagnostics.push(diagnostic)), diagnostics };
}

const TOPICS = `# comment line
- title: Low Back Pain
  system: Musculoskeletal
  subgroup: Back
  pdf: low-back-pain
- title: Carpal Tunnel Syndrome
  system: Musculoskeletal
  subgroup: Hand/Wrist
  pdf: ""
- title: Arthritis
  system: Musculoskeletal
  subgroup: ""
- title: Rotator Cuff Tears
  system: Musculoskeletal
  subgroup: Shoulder
  pdf: rotator-cuff-tears
  external: https://orthoinfo.aaos.org/en/diseases--conditions/rotator-cuff-tears/
  sourceTitle: ""
`;

test('topics are grouped by system, then subgroup, in the order written', () => {
  const { systems, diagnostics } = read(TOPICS);
  assert.deepEqual(diagnostics, []);
  assert.equal(systems.length, 1);
  assert.equal(systems[0]?.anchor, 'musculoskeletal');
  assert.deepEqual(
    systems[0]?.subgroups.map((group) => [group.name, group.anchor, group.topics.map((t) => t.title)]),
    [
      ['Back', 'back', ['Low Back Pain']],
      ['Hand/Wrist', 'hand-wrist', ['Carpal Tunnel Syndrome']],
      ['Shoulder', 'shoulder', ['Rotator Cuff Tears']],
    ],
  );
});

// spec §4: a topic with no subgroup is placed in a flat list under its system.
test('a topic with no subgroup sits in a flat list under its system, linked to the system anchor', () => {
  const { systems, topics } = read(TOPICS);
  assert.deepEqual(systems[0]?.ungrouped.map((t) => t.title), ['Arthritis']);
  assert.equal(topics.find((t) => t.title === 'Arthritis')?.sectionAnchor, 'musculoskeletal');
  assert.equal(topics.find((t) => t.title === 'Carpal Tunnel Syndrome')?.sectionAnchor, 'hand-wrist');
});

test('the PDF URL comes from the pdf field, or the slugified title when it is empty', () => {
  const { topics } = read(TOPICS);
  assert.deepEqual(
    topics.map((t) => t.pdfUrl),
    ['/pdfs/low-back-pain.pdf', '/pdfs/carpal-tunnel-syndrome.pdf', '/pdfs/arthritis.pdf', '/pdfs/rotator-cuff-tears.pdf'],
  );
});

test("each topic knows its handout's size and pages", () => {
  const topic = read(TOPICS).topics[0];
  assert.deepEqual([topic?.pdfBytes, topic?.pdfPages], [2048, 1]);
});

test('missing fields default to empty text', () => {
  const arthritis = read(TOPICS).topics.find((t) => t.title === 'Arthritis');
  assert.equal(arthritis?.external, '');
  assert.equal(arthritis?.sourceTitle, '');
});

test('a missing PDF is an error at the topic line, naming the file to add', () => {
  const { diagnostics } = read(TOPICS, pdfs('low-back-pain.pdf', 'arthritis.pdf', 'rotator-cuff-tears.pdf'));
  assert.equal(diagnostics.length, 1);
  assert.equal(diagnostics[0]?.ruleId, 'missing-pdf');
  assert.equal(diagnostics[0]?.line, 6);
  assert.match(diagnostics[0]?.message ?? '', /assets\/pdfs\/carpal-tunnel-syndrome\.pdf/);
});

test('a missing handout saved elsewhere in assets/, or with capitals in its name, is found, and the hint says where it is and where it goes', () => {
  const misplaced = { 'handouts/carpal-tunnel-syndrome.pdf': 'assets/handouts/carpal-tunnel-syndrome.pdf', 'pdfs/Carpal-Tunnel-Syndrome.PDF': 'assets/pdfs/Carpal-Tunnel-Syndrome.PDF' };
  for (const [at, shown] of Object.entries(misplaced)) {
    const { diagnostics } = read(TOPICS, [...pdfs('low-back-pain.pdf', 'arthritis.pdf', 'rotator-cuff-tears.pdf'), pdfAt(at)]);
    assert.deepEqual(diagnostics.map((d) => [d.ruleId, d.line]), [['missing-pdf', 6]]);
    assert.match(diagnostics[0]?.message ?? '', /assets\/pdfs\/carpal-tunnel-syndrome\.pdf does not exist/);
    assert.equal(diagnostics[0]?.hint, `The file is at ${shown}: move or rename it to assets/pdfs/carpal-tunnel-syndrome.pdf, exactly so, since web addresses tell capitals apart.`);
  }
});

test('when assets/pdfs/ holds no handout at all, one error says so at the first topic, naming a few of the files, rather than one for each topic', () => {
  const { diagnostics } = read(TOPICS, []);
  assert.deepEqual(diagnostics.map((d) => [d.ruleId, d.line]), [['missing-pdf', 2]]);
  assert.equal(diagnostics[0]?.message, 'None of the 4 handouts the topics name is in assets/pdfs/ (low-back-pain.pdf, carpal-tunnel-syndrome.pdf, arthritis.pdf and 1 more).');
  assert.equal(diagnostics[0]?.hint, `Put the handouts in a folder assets/pdfs/, each named as its topic's 'pdf' field says (content/README.md, "Handouts").`);
});

test('handouts saved in another folder, or a file where the folder belongs, are named in that one error', () => {
  const misplaced = read(TOPICS, [pdfAt('PDFs/low-back-pain.pdf'), pdfAt('PDFs/arthritis.pdf')]).diagnostics;
  assert.deepEqual(misplaced.map((d) => [d.ruleId, d.line]), [['missing-pdf', 2]]);
  assert.equal(misplaced[0]?.hint, 'Move the handouts from assets/PDFs/ to a folder named assets/pdfs/, exactly so, since web addresses tell capitals apart.');
  const file = read(TOPICS, [{ relativePath: 'pdfs', absolutePath: '/x/pdfs', size: 2, digest: 'pdfs' }]).diagnostics;
  assert.match(file[0]?.message ?? '', /: assets\/pdfs is a file, not a folder\.$/);
  assert.match(file[0]?.hint ?? '', /^Rename the file assets\/pdfs, then put the handouts in a folder assets\/pdfs\//);
});

test('one topic, or one handout of several, missing is told at its own topic', () => {
  assert.deepEqual(read('- title: Arthritis\n  system: Musculoskeletal\n', []).diagnostics.map((d) => [d.ruleId, d.line, d.message]), [['missing-pdf', 1, 'The handout for "Arthritis" is missing: assets/pdfs/arthritis.pdf does not exist.']]);
  assert.deepEqual(read(TOPICS, pdfs('low-back-pain.pdf')).diagnostics.map((d) => [d.ruleId, d.line]), [['missing-pdf', 6], ['missing-pdf', 10], ['missing-pdf', 13]]);
});

test('a topic without title or system is an error', () => {
  const { diagnostics } = read('- system: Musculoskeletal\n- title: Lonely\n');
  assert.deepEqual(
    diagnostics.map((d) => [d.ruleId, d.line]),
    [
      ['invalid-topic', 1],
      ['invalid-topic', 2],
    ],
  );
});

test('an external source that is not a web address is an error', () => {
  const { diagnostics } = read('- title: Arthritis\n  system: Musculoskeletal\n  external: "javascript:alert(1)"\n');
  assert.equal(diagnostics[0]?.ruleId, 'invalid-topic');
  assert.match(diagnostics[0]?.message ?? '', /not a web address/);
});

test('a pdf name that leaves the folder is an error', () => {
  for (const pdf of ['../secret', 'sub/file', 'has space', '.hidden']) {
    const { diagnostics } = read(`- title: Arthritis\n  system: Musculoskeletal\n  pdf: "${pdf}"\n`);
    assert.equal(diagnostics[0]?.ruleId, 'invalid-topic', pdf);
  }
});

test('a YAML mistake is reported with its line', () => {
  const { diagnostics, topics } = read('- title: A\n  system: B\n - title: C\n');
  assert.equal(topics.length, 0);
  assert.equal(diagnostics[0]?.ruleId, 'invalid-topic');
  assert.equal(diagnostics[0]?.line, 3);
});

test('a file that is not a list is an error', () => {
  assert.equal(read('title: A\nsystem: B\n').diagnostics[0]?.ruleId, 'invalid-topic');
});

test('a file with no topics builds, with a warning naming it: an emptied file is not published silently', () => {
  for (const [text, line] of [['', undefined], ['# nothing yet\n', undefined], ['# none\n[]\n', 2]] as const) {
    const { topics, systems, diagnostics } = read(text);
    assert.deepEqual({ topics, systems }, { topics: [], systems: [] }, text);
    assert.deepEqual(
      diagnostics.map(({ file, severity, ruleId, message }) => ({ file, line: diagnostics[0]?.line, severity, ruleId, message })),
      [{ file: 'content/education-topics.yaml', line, severity: 'warning', ruleId: 'no-topics', message: 'The topics file lists no topics, so the education page offers no handouts and the home page no topics.' }],
      text,
    );
  }
});

test('an unknown field is a warning', () => {
  const { diagnostics } = read('- title: Arthritis\n  system: Musculoskeletal\n  subgrup: Back\n');
  assert.equal(diagnostics[0]?.severity, 'warning');
  assert.equal(diagnostics[0]?.line, 3);
});

test("a section whose anchor the page's layout uses (main, top) is an error: a link to it would lead to the layout's element", () => {
  const { diagnostics } = read('- title: Low Back Pain\n  system: Back\n  pdf: low-back-pain\n- title: Arthritis\n  system: Top\n  subgroup: Main\n  pdf: arthritis\n');
  assert.deepEqual(diagnostics.map((diagnostic) => [diagnostic.ruleId, /\/education#(\w+)/.exec(diagnostic.message)?.[1], diagnostic.line]), [['duplicate-anchor', 'top', 4], ['duplicate-anchor', 'main', 4]]);
});

test('two sections sharing an anchor are an error, since links name the anchor alone', () => {
  const { diagnostics } = read('- title: Arthritis\n  system: Musculoskeletal\n  subgroup: Hand/Wrist\n- title: Custom\n  system: Other\n  subgroup: Hand Wrist\n  pdf: custom\n');
  assert.equal(diagnostics[0]?.ruleId, 'duplicate-anchor');
  assert.match(diagnostics[0]?.message ?? '', /#hand-wrist/);
  assert.equal(diagnostics[0]?.line, 4, 'at the topic that names the second section');
});

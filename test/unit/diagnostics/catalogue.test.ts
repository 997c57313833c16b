/**
 * The catalogue of content problems and how they are told: every problem
 * breaks a rule that exists, every rule is used, the physician's guide lists
 * the rules as the build has them, each problem prints as one line
 * `file:line error rule message Hint: …`, and many warnings of a kind as one.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { PROBLEMS, RULES, type ProblemId } from '../../../build/diagnostics/catalogue.ts';
import { formatDiagnostic, groupWarnings, hasErrors, inTellingOrder, problem, sortDiagnostics, TOLD_TOGETHER_FROM, type ContentDiagnostic } from '../../../build/diagnostics/index.ts';

const PROBLEM_IDS = Object.keys(PROBLEMS) as ProblemId[];

/** Values for any entry: every name a message uses is given, lists as lists. */
const ANY_VALUES = new Proxy({}, { get: (_, key) => (key === 'known' || key === 'files' ? ['first', 'second'] : `‹${String(key)}›`) });

/** Any entry made into a diagnostic, without naming its values' type. */
const anyProblem = (id: ProblemId, line?: number) => (problem as (id: ProblemId, at: { file: string; line?: number }, values: unknown) => ContentDiagnostic)(id, { file: 'content/x.md', line }, ANY_VALUES);

test("every problem breaks a rule of the catalogue, and takes that rule's severity", () => {
  for (const id of PROBLEM_IDS) {
    const { rule } = PROBLEMS[id];
    assert.ok(Object.hasOwn(RULES, rule), `${id} breaks ${rule}, which is not a rule`);
    assert.equal(anyProblem(id).severity, RULES[rule].severity, id);
    assert.equal(anyProblem(id).ruleId, rule, id);
  }
});

test('every rule is broken by at least one problem: the guide lists no rule the build never reports', () => {
  const used = new Set(PROBLEM_IDS.map((id) => PROBLEMS[id].rule));
  for (const rule of Object.keys(RULES)) assert.ok(used.has(rule as keyof typeof RULES), `no problem breaks ${rule}`);
});

test('every message says what happened and every hint what to do, each as a sentence, with no "Error:" or "Oops"', () => {
  for (const id of PROBLEM_IDS) {
    const { message, hint } = anyProblem(id);
    for (const [what, text] of [['message', message], ['hint', hint]] as const) {
      assert.match(text, /^["'‹A-Z]/, `${id}'s ${what} starts a sentence: ${text}`);
      assert.match(text, /[.)]$/, `${id}'s ${what} ends one: ${text}`);
      assert.doesNotMatch(text, /\b(Error|Oops|Warning):?\s/, `${id}'s ${what}: ${text}`);
      assert.doesNotMatch(text, /undefined|\[object /, `${id}'s ${what} shows every value: ${text}`);
    }
  }
});

const GUIDE = readFileSync(fileURLToPath(new URL('../../../content/README.md', import.meta.url)), 'utf8');

/** The rows of the guide's table of rules: id, whether it stops the build, what it means. */
function guideRules(): Map<string, { stops: string; summary: string }> {
  const section = GUIDE.split(/^## /m).find((part) => part.startsWith('What the build checks\n'));
  assert.ok(section, 'content/README.md has a section "## What the build checks"');
  const rows = section.split('\n').filter((line) => line.startsWith('| `'));
  const rules = new Map<string, { stops: string; summary: string }>();
  for (const row of rows) {
    const match = /^\| `([a-z-]+)` \| ([^|]+) \| ([^|]+) \|$/.exec(row);
    assert.ok(match, `a row of the table: ${row}`);
    const [, id = '', stops = '', summary = ''] = match;
    assert.ok(!rules.has(id), `${id} is listed once`);
    rules.set(id, { stops, summary });
  }
  return rules;
}

test("the physician's guide lists every rule with whether it stops the build and what it means, as the catalogue has them", () => {
  const expected = new Map(Object.entries(RULES).map(([id, rule]) => [id, { stops: rule.severity === 'error' ? 'yes' : 'no, a warning', summary: rule.summary }]));
  assert.deepEqual(guideRules(), expected);
});

test("the guide's example line is exactly what the build prints", () => {
  const example = /^```\n(content\/insights\/knee-pain\.md:3 .+)\n```$/m.exec(GUIDE.split('## What the build checks')[1] ?? '')?.[1];
  assert.ok(example, 'the section shows an example line');
  assert.equal(example, formatDiagnostic(problem('invalidDate', { file: 'content/insights/knee-pain.md', line: 3 }, { field: 'date', written: '2025-02-30' })));
});

test('a problem prints as one line: file:line, error or warning, the rule, the message and the hint', () => {
  const error = problem('invalidDate', { file: 'content/insights/x.md', line: 3 }, { field: 'date', written: '2025-13-01' });
  assert.equal(formatDiagnostic(error), `content/insights/x.md:3 error invalid-date 'date' is not a real calendar day: "2025-13-01". Hint: Write the date as YYYY-MM-DD, for example 2025-10-17, and check the month and day exist.`);
  const warning = problem('unknownField', { file: 'content/insights/x.md', line: 2 }, { field: 'tittle', known: ['title', 'date'] });
  assert.equal(formatDiagnostic(warning), `content/insights/x.md:2 warning unknown-field 'tittle' is not a field this file uses, so it is ignored. Hint: Did you mean 'title'? Check the spelling; the fields are: title, date.`);
  for (const id of PROBLEM_IDS) assert.doesNotMatch(formatDiagnostic(anyProblem(id, 1)), /\n/, `${id} prints on one line`);
});

test('a problem with no line is placed at its file alone; an absolute path is shown from the folder the command runs in', () => {
  const unlined = problem('staleReview', { file: 'content/insights/x.md' }, { reviewed: '2025-01-01', months: 12 });
  assert.equal(unlined.line, undefined);
  assert.ok(!('line' in unlined), 'no line, rather than a line of undefined');
  assert.match(formatDiagnostic(unlined), /^content\/insights\/x\.md warning stale-review This article was last reviewed on 2025-01-01, more than 12 months ago\. Hint: /);
  assert.match(problem('staleHandouts', { file: 'content/site.md' }, { reviewed: '2025-01-01', months: 1 }).message, /, more than 1 month ago\.$/, 'one month, not "1 months"');
  const absolute = problem('invalidPdf', { file: '/site/assets/pdfs/a.pdf' });
  assert.match(formatDiagnostic(absolute, '/site'), /^assets\/pdfs\/a\.pdf error invalid-pdf /);
  assert.match(formatDiagnostic(absolute, '/elsewhere'), /^\.\.\/site\/assets\/pdfs\/a\.pdf error /);
});

test('problems are told in order of file, then line, whatever order they were found in', () => {
  const at = (file: string, line?: number) => problem('invalidPdf', { file, line });
  const sorted = sortDiagnostics([at('b.md', 2), at('a.md', 9), at('b.md'), at('a.md', 1)]);
  assert.deepEqual(sorted.map((d) => [d.file, d.line]), [['a.md', 1], ['a.md', 9], ['b.md', undefined], ['b.md', 2]]);
});

test('warnings alone do not stop the build; one error does', () => {
  const warning = problem('ignoredFile', { file: 'content/insights/notes.txt' });
  assert.equal(hasErrors([]), false);
  assert.equal(hasErrors([warning, warning]), false);
  assert.equal(hasErrors([warning, problem('invalidPdf', { file: 'a.pdf' })]), true);
});

test('a newline or a terminal escape in a file name or a field is printed as an escape: the problem stays one line, and the terminal takes no command from the content', () => {
  const line = formatDiagnostic(problem('invalidDate', { file: 'content/insights/a\nb\u001b[2J.md', line: 3 }, { field: 'date', written: '2025\r\u009b13-01' }));
  assert.equal(line, `content/insights/a\\u000ab\\u001b[2J.md:3 error invalid-date 'date' is not a real calendar day: "2025\\u000d\\u009b13-01". Hint: Write the date as YYYY-MM-DD, for example 2025-10-17, and check the month and day exist.`);
});

test("every grouped form says what happened to all and what to do about all, each as a sentence, and names every place", () => {
  for (const id of PROBLEM_IDS) {
    const { together } = PROBLEMS[id] as { together?: { message: (group: { count: number; places: string }) => string; hint: string } };
    if (together === undefined) continue;
    const message = together.message({ count: 25, places: 'a.pdf, b.pdf, c.pdf and 22 more' });
    for (const [what, text] of [['message', message], ['hint', together.hint]] as const) {
      assert.match(text, /^["'A-Z0-9]/, `${id}'s grouped ${what} starts a sentence: ${text}`);
      assert.match(text, /[.)]$/, `${id}'s grouped ${what} ends one: ${text}`);
    }
    assert.match(message, /\b25\b/, `${id}'s grouped message says how many: ${message}`);
    assert.ok(message.includes('a.pdf, b.pdf, c.pdf and 22 more'), `${id}'s grouped message names the places: ${message}`);
  }
});

/** Sample handouts left in assets/pdfs/, by file name. */
const sampleHandouts = (names: readonly string[]) => names.map((name) => problem('sampleHandout', { file: `assets/pdfs/${name}.pdf` }, { text: `Sample patient-education handout: ${name}` }));

// bug: a build after an identity change printed the same warning for each of the 25 sample handouts, 25 lines above the one that mattered.
test(`${TOLD_TOGETHER_FROM} or more warnings of one kind are told as one line at the first one's place, naming the first few places and how many more, with the rule and one hint`, () => {
  const handouts = sampleHandouts(['about-your-back', 'about-your-knee', 'achilles-tendinitis', ...Array.from({ length: 22 }, (_, index) => `other-${index}`)]);
  const told = groupWarnings(handouts);
  assert.equal(told.length, 1);
  assert.equal(
    formatDiagnostic(told[0] as ContentDiagnostic),
    `assets/pdfs/about-your-back.pdf warning sample-left 25 handouts are still the sample's, their 'Subject' saying "Sample patient-education handout", though the identity is now the practice's own: assets/pdfs/about-your-back.pdf, assets/pdfs/about-your-knee.pdf, assets/pdfs/achilles-tendinitis.pdf and 22 more. Hint: They are sample handouts: put your own in their place, each under the same file name (content/README.md, "Handouts").`,
  );
  const example = /^```\n(assets\/pdfs\/about-your-back\.pdf .+)\n```$/m.exec(GUIDE.split('## What the build checks')[1] ?? '')?.[1];
  assert.equal(example, formatDiagnostic(told[0] as ContentDiagnostic), "the guide's example of a grouped line is exactly what the build prints");
  const bylines = [1, 2, 3].map((line) => problem('sampleByline', { file: 'content/insights/a.md', line }, { field: 'author', text: 'Dr. Alex Sample, MD' }));
  assert.match(formatDiagnostic(groupWarnings(bylines)[0] as ContentDiagnostic), /^content\/insights\/a\.md:1 warning sample-left .* in 3 places: content\/insights\/a\.md:1, content\/insights\/a\.md:2, content\/insights\/a\.md:3\. Hint: /, 'each place with its line');
});

test('fewer than three of a kind, a kind with no grouped form, and other kinds of one rule are told a line each, in the order given', () => {
  const two = sampleHandouts(['a', 'b']);
  assert.deepEqual(groupWarnings(two), two);
  const figures = ['a', 'b', 'c'].map((name) => problem('figureYearOver', { file: `content/insights/${name}.md`, line: 9 }, { figures: `${name}2025 ($1, 2025)` }));
  assert.deepEqual(groupWarnings(figures), figures, 'each article names its own figures, which a group would lose');
  const picture = problem('samplePicture', { file: 'assets/images/physician.svg' }, { field: 'photo', text: 'SAMPLE' });
  const mixed = groupWarnings([picture, ...sampleHandouts(['a', 'b', 'c']), problem('sampleLeft', { file: 'content/site.md', line: 3 }, { field: 'photoAlt', text: 'Sample' })]);
  assert.deepEqual(mixed.map((warning) => [warning.problemId, warning.file]), [['samplePicture', 'assets/images/physician.svg'], ['sampleHandout', 'assets/pdfs/a.pdf'], ['sampleLeft', 'content/site.md']]);
});

test('the warnings are told before the errors, whatever their files', () => {
  const error = problem('invalidDate', { file: 'content/insights/a.md', line: 3 }, { field: 'date', written: '2025-02-30' });
  const warning = problem('unknownField', { file: 'content/insights/b.md', line: 2 }, { field: 'tittle', known: ['title'] });
  assert.deepEqual(inTellingOrder([error, warning]), { warnings: [warning], errors: [error] });
});

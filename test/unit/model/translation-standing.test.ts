/**
 * Each translation's standing against its original (issue 57), as the model
 * makes it from the translation's `translatedFrom` and the original as it
 * is: current, outdated since which parts changed, or not known; and how
 * the build tells it: a warning for a published translation, as for an old
 * review, and the notice on its page, a draft's too in a drafts preview.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { partVersionLines, type PartVersions } from '../../../build/lib/translation-version.ts';
import { standingOf, withStandings } from '../../../build/model/index.ts';
import { articleOf } from '../../helpers/model.ts';
import { article, buildFrom, SPANISH_FILES } from '../../helpers/sites.ts';

const ENGLISH = article({ title: 'Knee Pain', date: '2025-10-01', summary: 'What helps.' }, 'Rest, then walk.');
const english = articleOf(ENGLISH, 'content/insights/knee.md');

/** A Spanish translation of knee.md recording these versions (none when undefined), its other fields given. */
function spanish(recorded: PartVersions | string | undefined, fields: Record<string, string | boolean> = {}): string {
  const record = recorded === undefined ? '' : typeof recorded === 'string' ? `translatedFrom: ${recorded}\n` : `translatedFrom:\n${partVersionLines(recorded).join('\n')}\n`;
  const front = Object.entries({ title: 'Dolor de rodilla', date: '2025-10-01', ...fields }).map(([key, value]) => `${key}: ${String(value)}\n`);
  return `---\n${front.join('')}${record}---\n\nDescanse y camine.\n`;
}

test('a translation is current while its record is the original as it is, and outdated since the parts that changed', () => {
  const translation = articleOf(spanish(english.versions), 'content/insights/knee.es.md');
  assert.deepEqual(standingOf(translation, english), { state: 'current' });
  const edited = articleOf(ENGLISH.replace('Knee Pain', 'Knee Pain at 70').replace('Rest, then walk.', 'Rest for two days.'), 'content/insights/knee.md');
  assert.deepEqual(standingOf(translation, edited), { state: 'outdated', changed: ['title', 'body'] });
  assert.deepEqual(standingOf(articleOf(spanish(undefined), 'content/insights/knee.es.md'), english), { state: 'unrecorded' });
  assert.deepEqual(standingOf(articleOf(spanish('3f2a9c1e'), 'content/insights/knee.es.md'), english), { state: 'unreadable' });
});

test('only a translation of an original among the articles has a standing: not an original, whatever it records, nor a Spanish article of its own', () => {
  const translation = articleOf(spanish(english.versions), 'content/insights/knee.es.md');
  const own = articleOf(spanish(english.versions), 'content/insights/rodilla.es.md');
  const recording = articleOf(`${ENGLISH.replace('---\n\n', `translatedFrom:\n${partVersionLines(english.versions).join('\n')}\n---\n\n`)}`, 'content/insights/other.md');
  assert.equal(recording.translatedFrom, undefined, "an original's record is not read");
  const standings = withStandings([english, translation, own, recording]).map((one) => [one.sourcePath, one.standing?.state]);
  assert.deepEqual(standings, [
    ['content/insights/knee.md', undefined],
    ['content/insights/knee.es.md', 'current'],
    ['content/insights/rodilla.es.md', undefined],
    ['content/insights/other.md', undefined],
  ]);
});

test('a draft translation behind its original is not warned of, as an old review of a draft is not, but its page in a drafts preview says so', async () => {
  const outdated = { ...english.versions, body: 'ffffffff' };
  const files = { ...SPANISH_FILES, 'content/insights/knee.md': ENGLISH, 'content/insights/knee.es.md': spanish(outdated, { draft: true }) };
  const built = await buildFrom(files, { includeDrafts: true, today: '2025-11-01' });
  assert.deepEqual(built.warnings.filter((warning) => warning.ruleId === 'translation-outdated'), []);
  const page = built.pages.find((one) => one.url === '/es/insights/dolor-de-rodilla');
  assert.match(page?.html ?? '', /<div class="translation-notice" role="note"/);
  const published = await buildFrom({ ...files, 'content/insights/knee.es.md': spanish(outdated, { draft: false }) }, { today: '2025-11-01' });
  assert.deepEqual(published.warnings.map((warning) => [warning.ruleId, warning.line]), [['translation-outdated', 5]], 'the line of translatedFrom, after title, date and draft');
});

test("a translation whose original is a draft left out of the site is warned of, but its page has no notice: there is no original's page to link", async () => {
  const built = await buildFrom({ ...SPANISH_FILES, 'content/insights/knee.md': ENGLISH.replace('---\n\n', 'draft: true\n---\n\n'), 'content/insights/knee.es.md': spanish({ ...english.versions, title: 'ffffffff' }) }, { today: '2025-11-01' });
  assert.deepEqual(built.warnings.map((warning) => warning.ruleId), ['translation-outdated']);
  assert.match(built.warnings[0]?.message ?? '', /whose title has changed since\.$/);
  assert.doesNotMatch(built.pages.find((one) => one.url === '/es/insights/dolor-de-rodilla')?.html ?? '', /translation-notice/);
});

/**
 * What the preview tells of a mistake in the content: in the terminal, the
 * warnings not told before and then, apart, the errors; over the open page,
 * the errors alone and how many warnings the terminal holds besides.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { listen, startPreviewSite, type PreviewSite } from '../../helpers/preview.ts';

let site: PreviewSite;
before(async () => (site = await startPreviewSite()));
after(() => site.close());

const ARTICLE = 'insights/medicare-advantage-vs-medigap.md';
const MISTAKE = 'date: 2025-02-30\nsubtitle: "A field the site does not use"';

// bug: the overlay listed every warning of the build above its one error, and the terminal told them among the errors.
test('over the page a mistake shows its errors alone and how many warnings there are; the terminal tells new warnings first, then, apart, the errors', async () => {
  await site.quiet();
  const events = listen(site.preview.url);
  const logged = site.log.length;
  try {
    await site.edit(ARTICLE, (text) => text.replace('date: 2025-10-17', MISTAKE));
    const failure = await events.next();
    assert.equal(failure.event, 'build-error');
    const { lines, warnings } = failure.data as { lines: string[]; warnings: number };
    assert.ok(warnings >= 1, 'the warnings are counted');
    assert.equal(lines.length, 2, lines.join('\n'));
    assert.match(lines[0] ?? '', /medicare-advantage-vs-medigap\.md:4 error invalid-date /);
    assert.equal(lines[1], `The build stopped: 1 problem to fix in the content, and ${warnings} warning${warnings === 1 ? '' : 's'} that alone would not stop it. The previous out/ was left as it was.`);
    const told = site.log.slice(logged);
    const warningAt = told.findIndex((line) => /medicare-advantage-vs-medigap\.md:5 warning unknown-field /.test(line));
    const errorAt = told.findIndex((line) => /medicare-advantage-vs-medigap\.md:4 error invalid-date /.test(line));
    assert.ok(warningAt >= 0 && warningAt < errorAt, told.join('\n'));
    assert.equal(told[errorAt - 1], '', 'a blank line between them');
  } finally {
    events.close();
    await site.edit(ARTICLE, (text) => text.replace(MISTAKE, 'date: 2025-10-17'));
  }
});

test('a warning told before a mistake is not told again with it, nor after it is fixed', async () => {
  await site.quiet();
  const logged = site.log.length;
  await site.edit(ARTICLE, (text) => text.replace('date: 2025-10-17', 'date: 2025-10-17\nsubtitle: "A field the site does not use"'));
  await site.edit(ARTICLE, (text) => text.replace('date: 2025-10-17', 'date: 2025-02-30'));
  await site.edit(ARTICLE, (text) => text.replace('date: 2025-02-30', 'date: 2025-10-17'));
  const told = site.log.slice(logged);
  assert.equal(told.filter((line) => / warning unknown-field /.test(line)).length, 1, told.join('\n'));
  assert.ok(!told.includes(''), 'no blank line where no warning came before the errors');
  await site.edit(ARTICLE, (text) => text.replace('date: 2025-10-17\nsubtitle: "A field the site does not use"', 'date: 2025-10-17'));
});

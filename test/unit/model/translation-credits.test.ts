/**
 * Who translated an article and who reviewed the translation
 * (`translatedBy`, `translationReviewedBy`): read and checked as the other
 * names are, kept on a translation only (build/model/translation-credits.ts),
 * and warned of when still the sample's (build/model/sample.ts).
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import type { ContentDiagnostic } from '../../../build/diagnostics/index.ts';
import { model } from '../../helpers/model.ts';
import { article, buildFrom, pageAt, SITE_MD, SPANISH_FILES } from '../../helpers/sites.ts';

const SPANISH = 'content/insights/knee.es.md';

/** Where a diagnostic is, as `file:line`, with its rule. */
const placed = (diagnostic: ContentDiagnostic) => [`${path.basename(diagnostic.file)}:${diagnostic.line}`, diagnostic.ruleId];

test('the translator and the reviewer of the translation are read as the other names are: trimmed text at its line, a list refused, curly quotes, a figure and a misspelling warned', () => {
  const read = model('---\ntitle: Rodilla\ntranslatedBy: "  Lucía Gómez "\ntranslationReviewedBy: Dr. Test Person, MD\n---\nCuerpo.\n', SPANISH);
  assert.deepEqual(read.diagnostics, []);
  assert.deepEqual([read.article?.translatedBy, read.article?.translationReviewedBy], ['Lucía Gómez', 'Dr. Test Person, MD']);
  assert.deepEqual([read.article?.bylineLines.translatedBy, read.article?.bylineLines.translationReviewedBy], [3, 4]);
  const empty = model('---\ntitle: Rodilla\ntranslatedBy:\ntranslationReviewedBy: ""\n---\nCuerpo.\n', SPANISH);
  assert.deepEqual([empty.diagnostics, empty.article?.translatedBy, empty.article?.translationReviewedBy], [[], undefined, undefined], 'left empty, as `npm run new -- --translate` writes them: nobody named');
  const wrong = model('---\ntitle: Rodilla\ntranslatedBy:\n  - Lucía Gómez\n  - Ana Ruiz\ntranslationReviewedBy: “Dr. Test Person”\ntranslatedby: Ana Ruiz\n---\nCuerpo.\n', SPANISH);
  assert.deepEqual(wrong.diagnostics.map(placed), [
    ['knee.es.md:7', 'unknown-field'],
    ['knee.es.md:6', 'curly-quotes'],
    ['knee.es.md:3', 'invalid-field'],
  ]);
  assert.equal(wrong.diagnostics[2]?.message, "'translatedBy' must be plain text, not a list or a group of fields.");
  assert.match(wrong.diagnostics[0]?.hint ?? '', /^Did you mean 'translatedBy'\?/);
  const figure = model('---\ntitle: Rodilla\ntranslationReviewedBy: "Ana Ruiz, {{capA}}"\n---\nCuerpo.\n', SPANISH);
  assert.deepEqual(figure.diagnostics.map(placed), [['knee.es.md:3', 'figure-outside-text']]);
});

test('on an article that translates none, each credit is a warning at its line saying why, with a hint, and no page shows it; a translation is credited, even when its original is a draft', async () => {
  const credits = { translatedBy: 'Lucía Gómez', translationReviewedBy: 'Ana Ruiz, RN' };
  const built = await buildFrom({
    ...SPANISH_FILES,
    'content/insights/knee.md': article({ title: 'Knee Pain', date: '2025-10-01', ...credits }),
    'content/insights/knee.es.md': article({ title: 'Dolor de rodilla', date: '2025-10-01', ...credits }),
    'content/insights/hip.es.md': article({ title: 'Dolor de cadera', date: '2025-10-02', translationReviewedBy: 'Ana Ruiz, RN' }),
    'content/insights/neck.md': article({ title: 'Neck Pain', date: '2025-10-03', draft: true }),
    'content/insights/neck.es.md': article({ title: 'Dolor de cuello', date: '2025-10-03', translatedBy: 'Lucía Gómez' }),
  });
  const warned = built.warnings.filter((warning) => warning.ruleId === 'unknown-field');
  assert.deepEqual(
    warned.map((warning) => [...placed(warning), warning.message, warning.hint]),
    [
      ['hip.es.md:4', 'unknown-field', "'translationReviewedBy' names who reviewed this article as a translation, but it translates no article: there is no hip.md beside it, so its page does not show the name.", "If it translates an article, name it as that article's file with the language's code before .md (part-d-2026.es.md translates part-d-2026.md); if it was written in this language first, delete the line: who wrote it is its 'author'."],
      ['knee.md:4', 'unknown-field', "'translatedBy' names who translated this article, but it is an original, not a translation, so its page does not show the name.", "Move the line into the file of its translation, named as this one with the language's code before .md (part-d-2026.es.md translates part-d-2026.md), or delete it."],
      ['knee.md:5', 'unknown-field', "'translationReviewedBy' names who reviewed this article as a translation, but it is an original, not a translation, so its page does not show the name.", "Move the line into the file of its translation, named as this one with the language's code before .md (part-d-2026.es.md translates part-d-2026.md), or delete it."],
    ],
  );
  const credited = (file: string) => {
    const found = built.model.articles.find((shown) => path.basename(shown.sourcePath) === file);
    return [found?.translatedBy, found?.translationReviewedBy];
  };
  assert.deepEqual(credited('knee.md'), [undefined, undefined]);
  assert.deepEqual(credited('hip.es.md'), [undefined, undefined]);
  assert.deepEqual(credited('knee.es.md'), ['Lucía Gómez', 'Ana Ruiz, RN']);
  assert.deepEqual(credited('neck.es.md'), ['Lucía Gómez', undefined], 'a translation of a draft is still a translation');
  for (const url of ['/insights/knee-pain', '/es/insights/dolor-de-cadera']) assert.doesNotMatch(pageAt(built, url), /Lucía|Ana Ruiz/, url);
});

test("once the identity is the practice's own, a sample name left as a published translation's translator or reviewer is a sample-left warning at its line, as a reviewer's is", async () => {
  const sampleCredits = article({ title: 'Dolor de rodilla', date: '2025-10-01', translatedBy: 'Dana Sample', translationReviewedBy: 'Dr. Alex Sample, MD' });
  const files = {
    ...SPANISH_FILES,
    'content/insights/knee.md': article({ title: 'Knee Pain', date: '2025-10-01' }),
    'content/insights/knee.es.md': sampleCredits,
    'content/insights/hip.md': article({ title: 'Hip Pain', date: '2025-10-02' }),
    'content/insights/hip.es.md': article({ title: 'Dolor de cadera', date: '2025-10-02', draft: true, translatedBy: 'Dana Sample' }),
  };
  const own = await buildFrom({ ...files, 'content/site.md': SITE_MD.replace('https://test.example', 'https://www.drperson.com').replace('555-0123', '555-2368') });
  const left = own.warnings.filter((warning) => warning.ruleId === 'sample-left' && warning.file.endsWith('.md'));
  assert.deepEqual(
    left.map((warning) => [...placed(warning), warning.message]),
    [
      ['knee.es.md:4', 'sample-left', `'translatedBy' still says "Dana Sample", from the sample site, though the identity is now the practice's own.`],
      ['knee.es.md:5', 'sample-left', `'translationReviewedBy' still says "Dr. Alex Sample, MD", from the sample site, though the identity is now the practice's own.`],
    ],
  );
  assert.match(left[0]?.hint ?? '', /^Write the name of whoever wrote, reviewed or translated it/);
  const sample = await buildFrom(files);
  assert.deepEqual(sample.warnings.filter((warning) => warning.ruleId === 'sample-left'), [], 'the sample site itself is not warned about: the deploy refuses it whole');
});

test("a translation's record of an original that is not beside it (renamed or deleted) is a translation-outdated warning at the record, saying what to do; an article written in Spanish alone has none", async () => {
  const record = 'translatedFrom:\n  title: 0123abcd\n  summary: 0123abcd\n  body: 0123abcd\n  sources: 0123abcd\n';
  const built = await buildFrom({
    ...SPANISH_FILES,
    'content/insights/knee-pain.md': article({ title: 'Knee Pain', date: '2025-10-01' }),
    'content/insights/knee.es.md': `---\ntitle: Dolor de rodilla\ndate: 2025-10-01\n${record}---\n\nCuerpo.\n`,
    'content/insights/hip.es.md': article({ title: 'Dolor de cadera', date: '2025-10-02' }),
  });
  const gone = built.warnings.filter((warning) => warning.message.includes('renamed or deleted'));
  assert.deepEqual(gone.map(placed), [['knee.es.md:4', 'translation-outdated']]);
  assert.equal(gone[0]?.message, 'This translation records which version of knee.md it was made from, but there is no knee.md beside it: the English article was renamed or deleted, and this one is now published on its own, with no link to an English version.');
  assert.equal(gone[0]?.hint, "If knee.md was renamed, give this file the new name with the language's code before .md; if it now stands on its own, delete its translatedFrom lines.");
  assert.match(pageAt(built, '/es/insights/dolor-de-rodilla'), /Cuerpo/, 'it is still published, on its own');
});

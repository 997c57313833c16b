/**
 * The handouts of the Spanish education page (issue 56, DECISIONS.md
 * "Languages"): each topic links its Spanish PDF; where one is missing, the
 * build warns and the Spanish page offers the English PDF, marked as in
 * English. Built once from a copy of the sample without one Spanish PDF.
 */
import assert from 'node:assert/strict';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { before, test } from 'node:test';
import { elements } from '../helpers/elements.ts';
import { buildInMemory, copySampleSite, pageAt, SAMPLE_ASSETS, type SiteBuild } from '../helpers/sites.ts';

const REMOVED = 'knee-osteoarthritis';

let build: SiteBuild;
before(async () => {
  const copy = await copySampleSite();
  try {
    await rm(path.join(copy.assetsDir, `pdfs/${REMOVED}.es.pdf`));
    build = await buildInMemory({ contentDir: copy.contentDir, assetsDir: copy.assetsDir });
  } finally {
    await copy.cleanup();
  }
});

/** Each topic's handout link on a page, by the topic's title: its address, its hreflang and what it says. */
function handoutLinks(html: string): Map<string, { href: string; hreflang: string | undefined; text: string }> {
  const topics = html.matchAll(/<span class="topic__title">([^<]+)<\/span><span class="topic__links">(<a class="topic__link"[^>]*>)(.*?)<\/a>/g);
  return new Map(
    [...topics].map(([, title = '', opening = '', inside = '']) => {
      const { href = '', hreflang } = elements(opening)[0]?.attributes ?? {};
      return [title, { href, hreflang, text: inside.replace(/<[^>]+>/g, '') }];
    }),
  );
}

test('each Spanish topic links its Spanish PDF, in Spanish, with no mark of another language', async () => {
  const spanish = (await readdir(path.join(SAMPLE_ASSETS, 'pdfs'))).filter((name) => name.endsWith('.es.pdf') && name !== `${REMOVED}.es.pdf`);
  const links = [...handoutLinks(pageAt(build, '/es/education')).values()].filter((link) => link.href.endsWith('.es.pdf'));
  assert.deepEqual(links.map((link) => link.href.replace('/pdfs/', '')).sort(), spanish.sort());
  for (const link of links) {
    assert.equal(link.hreflang, undefined, link.href);
    assert.match(link.text, /^Descargar PDF/, link.href);
    assert.doesNotMatch(link.text, /inglés/, link.href);
  }
  assert.deepEqual(handoutLinks(pageAt(build, '/es/education')).get('Dolor lumbar')?.href, '/pdfs/low-back-pain.es.pdf');
});

test('without its Spanish PDF, the build warns untranslated-handout naming the topic', () => {
  const warnings = build.warnings.filter((warning) => warning.ruleId === 'untranslated-handout');
  assert.equal(warnings.length, 1, warnings.map((warning) => warning.message).join('\n'));
  const [warning] = warnings;
  assert.match(warning?.message ?? '', /The Spanish handout of "Knee Osteoarthritis" is not in assets\/pdfs\//);
  assert.equal(warning?.file, `assets/pdfs/${REMOVED}.es.pdf`, 'the file to save');
});

test('the Spanish page then links the English PDF, marked "(en inglés)" with hreflang="en"; the English page is as before', () => {
  const spanish = handoutLinks(pageAt(build, '/es/education')).get('Artrosis de rodilla');
  assert.deepEqual([spanish?.href, spanish?.hreflang], [`/pdfs/${REMOVED}.pdf`, 'en']);
  assert.match(spanish?.text ?? '', /\(en inglés\)$/);
  const english = handoutLinks(pageAt(build, '/education')).get('Knee Osteoarthritis');
  assert.deepEqual([english?.href, english?.hreflang], [`/pdfs/${REMOVED}.pdf`, undefined]);
  assert.doesNotMatch(english?.text ?? '', /inglés|in English/);
  assert.ok(build.files.has(`pdfs/${REMOVED}.pdf`) && !build.files.has(`pdfs/${REMOVED}.es.pdf`));
});

test("a topic's outside source, named in English, is marked as English on the Spanish page, in words, lang and hreflang; the English page is as before", () => {
  const sourceLink = (html: string) => html.match(/<a class="topic__link" href="https:\/\/orthoinfo[^"]*"[^>]*>.*?<\/a>/)?.[0] ?? '';
  const spanish = sourceLink(pageAt(build, '/es/education'));
  assert.equal(elements(spanish)[0]?.attributes.hreflang, 'en');
  assert.match(spanish, /<span lang="en">OrthoInfo \(American Academy of Orthopaedic Surgeons\): Rotator Cuff Tears<\/span><span class="topic__language"> \(en inglés\)<\/span>/);
  const english = sourceLink(pageAt(build, '/education'));
  assert.equal(elements(english)[0]?.attributes.hreflang, undefined);
  assert.doesNotMatch(english, /lang=|topic__language/);
});

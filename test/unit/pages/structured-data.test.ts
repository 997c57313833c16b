/**
 * The structured data of every page (build/pages/structured-data.ts): one
 * JSON-LD graph per page, with the website and the physician linked by @id;
 * articles and the education page as MedicalWebPages for patients.
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { jsonForScript } from '../../../templates/Document.tsx';
import { buildFrom, pageAt, SITE_MD, type SiteBuild } from '../../helpers/sites.ts';
import { CREDITED_FILES, CREDITED_URLS } from '../../helpers/credited-site.ts';
import { DISCOVERY_FILES } from '../../helpers/discovery-site.ts';

let build: SiteBuild;
before(async () => {
  build = await buildFrom(DISCOVERY_FILES);
});

type Graph = { '@context': string; '@graph': Record<string, unknown>[] };

/** Every JSON-LD block of a page, parsed. */
function jsonLd(html: string): Graph[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1] ?? '') as Graph);
}

const node = (graph: Record<string, unknown>[], type: string) => graph.find((item) => ([] as unknown[]).concat(item['@type']).includes(type));
const graphOf = (url: string) => jsonLd(pageAt(build, url))[0]?.['@graph'] ?? [];

test('every page has one JSON-LD graph with the website and the physician, linked by @id', () => {
  assert.ok(build.pages.length >= 8);
  for (const page of build.pages) {
    const blocks = jsonLd(page.html);
    assert.equal(blocks.length, 1, page.file);
    const graph = blocks[0]?.['@graph'] ?? [];
    assert.equal(blocks[0]?.['@context'], 'https://schema.org');
    assert.deepEqual(node(graph, 'WebSite')?.['@id'], 'https://test.example/#website');
    const physician = node(graph, 'IndividualPhysician');
    assert.deepEqual(physician?.['@type'], ['Person', 'IndividualPhysician']);
    assert.equal(physician?.['@id'], 'https://test.example/#physician');
    assert.equal(physician?.name, 'Dr. Test Person');
    assert.equal(physician?.honorificSuffix, 'MD');
    assert.match(String(physician?.jobTitle), /Family Medicine/);
    assert.deepEqual(physician?.workLocation, { '@type': 'Place', name: 'Testville' });
    assert.equal(physician?.telephone, '+1-786-555-0123', page.file);
    assert.deepEqual(physician?.address, { '@type': 'PostalAddress', streetAddress: '1 Test Way', addressLocality: 'Testville', addressRegion: 'FL', postalCode: '33101', addressCountry: 'US' });
    const weekdays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'].map((day) => `https://schema.org/${day}`);
    assert.deepEqual(physician?.openingHoursSpecification, [{ '@type': 'OpeningHoursSpecification', dayOfWeek: weekdays, opens: '09:00', closes: '17:00' }]);
    assert.equal(physician?.availableLanguage, undefined, 'no languages written, none claimed');
    assert.deepEqual(physician?.worksFor, { '@type': 'MedicalClinic', name: 'Test Practice', areaServed: 'Testville', logo: 'https://test.example/apple-touch-icon.png' }, 'the practice, with its logo as a square raster');
  }
});

test("the physician's languages and every entry of the hours are in the graph: days as schema.org URLs, times as HH:MM", async () => {
  const contact = 'languages:\n  - English\n  - Spanish\nhours:\n  - days: Mon–Thu\n    opens: 8:00 a.m.\n    closes: 5:00 p.m.\n  - days: Friday\n    opens: 8:00\n    closes: 1:00 PM\n---';
  const site = await buildFrom({ 'content/site.md': SITE_MD.replace(/^hours:[\s\S]*?^---/m, contact) });
  for (const page of site.pages.filter((built) => built.kind === 'page')) {
    const [block] = jsonLd(page.html);
    const physician = node(block?.['@graph'] ?? [], 'IndividualPhysician');
    assert.deepEqual(physician?.availableLanguage, ['English', 'Spanish'], page.file);
    assert.deepEqual(physician?.knowsLanguage, ['English', 'Spanish']);
    assert.deepEqual(physician?.openingHoursSpecification, [
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday'].map((day) => `https://schema.org/${day}`), opens: '08:00', closes: '17:00' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['https://schema.org/Friday'], opens: '08:00', closes: '13:00' },
    ]);
    for (const hours of physician?.openingHoursSpecification as { opens: string; closes: string }[]) {
      assert.match(hours.opens, /^([01]\d|2[0-3]):[0-5]\d$/);
      assert.match(hours.closes, /^([01]\d|2[0-3]):[0-5]\d$/);
    }
    assert.match(String(physician?.hasMap), /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=1%20Test%20Way/);
  }
});

test('an article is a MedicalWebPage for patients, reviewed by the physician, and an Article with author, dates, publisher and its card', () => {
  const graph = graphOf('/insights/newest-thing');
  const webPage = node(graph, 'MedicalWebPage');
  assert.deepEqual(webPage?.audience, { '@type': 'Patient' });
  assert.equal(webPage?.lastReviewed, '2025-11-02');
  assert.deepEqual(webPage?.reviewedBy, { '@id': 'https://test.example/#physician' });
  const articleNode = node(graph, 'Article');
  assert.equal(articleNode?.headline, 'Newest Thing');
  assert.equal(articleNode?.datePublished, '2025-10-21');
  assert.equal(articleNode?.dateModified, '2025-11-02');
  assert.deepEqual(articleNode?.author, { '@type': 'Person', name: 'Dr. Guest' });
  assert.deepEqual(articleNode?.publisher, { '@id': 'https://test.example/#physician' });
  assert.equal(articleNode?.image, 'https://test.example/og/newest-thing.png');
});

test('an article reviewed by someone else names that reviewer, as its page does; one that names the physician links the physician', async () => {
  const reviewed = (reviewer: string) => `---\ntitle: Knee Pain\ndate: 2025-10-01\nlastReviewed: 2025-11-01\nreviewedBy: ${reviewer}\n---\n\nBody.\n`;
  const site = await buildFrom({ 'content/insights/knee.md': reviewed('Jane Roe, PharmD'), 'content/insights/hip.md': reviewed('Dr. Test Person, MD').replace('Knee', 'Hip') });
  const reviewerOf = (url: string) => node(jsonLd(pageAt(site, url))[0]?.['@graph'] ?? [], 'MedicalWebPage')?.reviewedBy;
  assert.deepEqual(reviewerOf('/insights/knee-pain'), { '@type': 'Person', name: 'Jane Roe, PharmD' });
  assert.match(pageAt(site, '/insights/knee-pain'), /by Jane Roe, PharmD/);
  assert.deepEqual(reviewerOf('/insights/hip-pain'), { '@id': 'https://test.example/#physician' });
});

test("an article whose author is the physician, by either of the physician's names, links the physician; a guest author stays a person", async () => {
  const written = (author: string, title: string) => `---\ntitle: ${title}\ndate: 2025-10-01\nauthor: ${author}\n---\n\nBody.\n`;
  const site = await buildFrom({
    'content/insights/knee.md': written('Dr. Test Person, MD', 'Knee Pain'),
    'content/insights/hip.md': written('Dr. Test Person', 'Hip Pain'),
    'content/insights/neck.md': written('Jane Roe, PharmD', 'Neck Pain'),
  });
  const authorOf = (url: string) => node(jsonLd(pageAt(site, url))[0]?.['@graph'] ?? [], 'Article')?.author;
  assert.deepEqual(authorOf('/insights/knee-pain'), { '@id': 'https://test.example/#physician' });
  assert.deepEqual(authorOf('/insights/hip-pain'), { '@id': 'https://test.example/#physician' });
  assert.deepEqual(authorOf('/insights/neck-pain'), { '@type': 'Person', name: 'Jane Roe, PharmD' });
});

test("a translation's Article names its translator (schema.org's translator) and the reviewer of the translation as a contributor in that Role, the physician by @id; the medical review stays the page's; an original and a translation naming neither carry neither", async () => {
  const credited = await buildFrom(CREDITED_FILES);
  const graph = (url: string) => jsonLd(pageAt(credited, url))[0]?.['@graph'] ?? [];
  const credits = (url: string) => {
    const articleNode = node(graph(url), 'Article');
    return { translator: articleNode?.translator, contributor: articleNode?.contributor };
  };
  const reviewer = (contributor: unknown) => ({ '@type': 'Role', roleName: 'Revisor de la traducción', contributor });
  const translator = { '@type': 'Person', name: 'Lucía Gómez' };
  const physician = { '@id': 'https://test.example/#physician' };
  assert.deepEqual(credits(CREDITED_URLS.kneeEs), { translator, contributor: reviewer(physician) });
  assert.deepEqual(credits(CREDITED_URLS.hipEs), { translator, contributor: undefined });
  assert.deepEqual(credits(CREDITED_URLS.neckEs), { translator: undefined, contributor: reviewer({ '@type': 'Person', name: 'Dra. Ana Ruiz' }) });
  for (const url of [CREDITED_URLS.backEs, CREDITED_URLS.knee]) assert.deepEqual(credits(url), { translator: undefined, contributor: undefined }, url);
  assert.deepEqual(node(graph(CREDITED_URLS.neckEs), 'MedicalWebPage')?.reviewedBy, physician, 'the medical review is the physician\'s, not the translation\'s reviewer');
});

test('the education page is a MedicalWebPage for patients', () => {
  assert.deepEqual(node(graphOf('/education'), 'MedicalWebPage')?.audience, { '@type': 'Patient' });
});

test('JSON in a script element cannot end it early', () => {
  assert.equal(jsonForScript({ title: '</script><script>alert(1)</script>' }), '{"title":"\\u003c/script>\\u003cscript>alert(1)\\u003c/script>"}');
});

test('a title that would close the script element is kept inside it', async () => {
  const hostile = await buildFrom({ 'content/insights/a.md': '---\ntitle: "Knee </script><script>alert(1)</script>"\n---\n\nBody.\n' });
  const html = hostile.pages.find((page) => page.kind === 'page' && page.url.startsWith('/insights/knee'))?.html ?? '';
  assert.equal(jsonLd(html).length, 1);
  assert.equal(node(jsonLd(html)[0]?.['@graph'] ?? [], 'Article')?.headline, 'Knee </script><script>alert(1)</script>');
  assert.doesNotMatch(html, /<script>alert/);
});

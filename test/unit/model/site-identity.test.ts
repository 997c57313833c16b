import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { PDFDocument } from '@cantoo/pdf-lib';
import type { ContentDiagnostic } from '../../../build/diagnostics/index.ts';
import { digestOf, type AssetFile } from '../../../build/load/index.ts';
import { sampleTraits } from '../../../build/model/sample.ts';
import { modelSite } from '../../../build/model/site.ts';
import { parseSiteFile } from '../../../build/parse/site.ts';
import { article, buildFrom, samplePdf, SITE_CONTACT, SITE_MD } from '../../helpers/sites.ts';

const image = (relativePath: string, width = 100, height = 100): [string, AssetFile] => [relativePath, { relativePath, absolutePath: `/x/${relativePath}`, size: 1000, digest: relativePath, dimensions: { width, height } }];
const ASSETS = new Map([image('images/logo.svg'), image('images/favicon.svg'), image('images/physician.svg', 480, 600), image('images/social-default.png', 1200, 630)]);

/** The identity file modelled, with what the build says about it. */
function model(text: string, baseUrl?: string, assets: ReadonlyMap<string, AssetFile> = ASSETS) {
  const result = parseSiteFile({ path: 'content/site.md', text, digest: digestOf(text) });
  assert.ok('parsed' in result);
  const diagnostics: ContentDiagnostic[] = [];
  const site = modelSite(result.parsed, assets, baseUrl, (diagnostic) => diagnostics.push(diagnostic));
  return { site, diagnostics };
}

test('the identity file gives the name, address, images with their sizes, and the biography', () => {
  const { site, diagnostics } = model(SITE_MD);
  assert.deepEqual(diagnostics, []);
  assert.equal(site?.name, 'Dr. Test Person');
  assert.equal(site?.siteUrl, 'https://test.example');
  assert.deepEqual(site?.photo, { url: '/images/physician.svg', width: 480, height: 600, sources: [] }, 'an SVG photo needs no smaller copies');
  assert.equal(site?.biography, 'A short biography.\n');
  assert.equal(site?.biographyStartLine, 29);
});

test('--base-url wins over siteUrl', () => {
  assert.equal(model(SITE_MD, 'http://localhost:4321/').site?.siteUrl, 'http://localhost:4321');
});

test('a name or an image written between curly quotes, as an editor curls them, is a warning at its line', () => {
  const { site, diagnostics } = model(SITE_MD.replace('name: "Dr. Test Person"', 'name: “Dr. Test Person”').replace('logo: "/images/logo.svg"', 'logo: “/images/logo.svg”'));
  assert.equal(site, undefined, 'the logo is then not found');
  const curly = diagnostics.filter((d) => d.ruleId === 'curly-quotes').map((d) => [d.line, d.severity, d.message]);
  assert.deepEqual(curly, [
    [2, 'warning', "'name' is written between curly quotes, “Dr. Test Person”, which are kept as part of its value, as if they were letters of it."],
    [8, 'warning', "'logo' is written between curly quotes, “/images/logo.svg”, which are kept as part of its value, as if they were letters of it, so the image is looked for under a name with them."],
  ]);
});

test('a missing required field is an error naming it', () => {
  const { site, diagnostics } = model(SITE_MD.replace(/^name: .*\n/m, ''));
  assert.equal(site, undefined);
  assert.equal(diagnostics[0]?.ruleId, 'invalid-site');
  assert.match(diagnostics[0]?.message ?? '', /'name'/);
});

test("an identity file whose first '---' line is gone is one error at line 1, not every field told missing", () => {
  for (const text of [SITE_MD.replace(/^---\n/, ''), `\n${SITE_MD}`]) {
    const result = parseSiteFile({ path: 'content/site.md', text, digest: digestOf(text) });
    assert.ok('diagnostic' in result);
    assert.deepEqual([result.diagnostic.ruleId, result.diagnostic.line, result.diagnostic.message], ['invalid-front-matter', 1, "The site identity file does not start with a '---' line, so none of its fields can be read."]);
  }
});

test('credentials and practice are optional', () => {
  const { site } = model(SITE_MD.replace(/^credentials: .*\n/m, '').replace(/^practice: .*\n/m, ''));
  assert.equal(site?.credentials, '');
  assert.equal(site?.practice, '');
});

test('a siteUrl that is not a web address is an error at its line', () => {
  const { diagnostics } = model(SITE_MD.replace('https://test.example', 'test.example'));
  assert.equal(diagnostics[0]?.ruleId, 'invalid-site');
  assert.equal(diagnostics[0]?.line, 7);
});

test('an image that is not in assets/ is an error at its line', () => {
  const { diagnostics } = model(SITE_MD.replace('/images/physician.svg', '/images/missing.jpg'));
  assert.equal(diagnostics[0]?.ruleId, 'missing-asset');
  assert.equal(diagnostics[0]?.line, 10);
  assert.match(diagnostics[0]?.message ?? '', /missing\.jpg/);
});

test('an image that differs from a file of assets/ only in capitals is an error whose hint names the file', () => {
  const { diagnostics } = model(SITE_MD.replace('/images/physician.svg', '/images/Physician.SVG'));
  assert.deepEqual(
    diagnostics.map((d) => [d.ruleId, d.line, d.hint]),
    [['missing-asset', 10, 'The site has /images/physician.svg, which differs only in capitals: write it so, since web addresses tell capitals apart.']],
  );
});

test('an image whose size cannot be read is an error', () => {
  const assets = new Map(ASSETS);
  assets.set('images/physician.svg', { relativePath: 'images/physician.svg', absolutePath: '/x', size: 10, digest: 'x' });
  assert.equal(model(SITE_MD, undefined, assets).diagnostics[0]?.ruleId, 'missing-asset');
});

// bug: a site.md without one of its images stopped the build with "0 problems to fix" and no message.
test('a missing image field is an error naming it', () => {
  for (const key of ['logo', 'favicon', 'photo', 'socialImage']) {
    const { site, diagnostics } = model(SITE_MD.replace(new RegExp(`^${key}: .*\\n`, 'm'), ''));
    assert.equal(site, undefined, key);
    assert.deepEqual(diagnostics.map((d) => [d.ruleId, d.severity]), [['invalid-site', 'error']], key);
    assert.match(diagnostics[0]?.message ?? '', new RegExp(`'${key}'`));
  }
});

test('an image field that is empty is missing; one that is a list is said to be one, once', () => {
  const empty = model(SITE_MD.replace('logo: "/images/logo.svg"', 'logo: ""'));
  assert.deepEqual(empty.diagnostics.map((d) => [d.ruleId, d.line, d.message]), [['invalid-site', 8, "The site identity has no 'logo'."]]);
  const list = model(SITE_MD.replace('logo: "/images/logo.svg"', 'logo:\n  - /images/logo.svg'));
  assert.deepEqual(list.diagnostics.map((d) => [d.ruleId, d.line]), [['invalid-field', 8]]);
  assert.equal(list.site, undefined);
});

/** The fixture with its contact lines (from phone: to the closing ---) replaced. */
const withContact = (contact: string) => SITE_MD.replace(/^phone:[\s\S]*?(?=^---$)/m, contact);
const CONTACT = SITE_CONTACT;
/** Line of `phone:` in the fixture; the others follow as CONTACT lays them out. */
const PHONE_LINE = 17;

test('the contact details: phone as shown and as dialled, the address with a map link, the hours on the 24-hour clock', () => {
  const { site, diagnostics } = model(SITE_MD);
  assert.deepEqual(diagnostics, []);
  assert.deepEqual(site?.contact.phone, { display: '(786) 555-0123', dial: '+17865550123' });
  assert.deepEqual(site?.contact.address, { street: '1 Test Way', city: 'Testville', state: 'FL', zip: '33101', country: 'US' });
  assert.equal(site?.contact.mapUrl, 'https://www.google.com/maps/search/?api=1&query=1%20Test%20Way%2C%20Testville%2C%20FL%2033101');
  assert.deepEqual(site?.contact.hours, [{ days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '09:00', closes: '17:00' }]);
  assert.deepEqual([site?.contact.languages, site?.contact.insurancePlans, site?.contact.appointmentUrl, site?.contact.acceptsMedicare, site?.contact.afterHoursPhone], [[], [], undefined, undefined, undefined], 'the others may be left out');
});

test('every contact field, as the guide shows them', () => {
  const text = withContact(`${CONTACT}languages: English, Spanish
appointmentUrl: https://portal.test.example/appointments
acceptsMedicare: yes
insurancePlans:
  - Original Medicare
  - "Plan A, Plan B"
afterHoursPhone: 1-786-555-0124
afterHours: Call the answering service.
`).replace('  zip: "33101"', '  zip: 02134').replace('    closes: 5:00 p.m.', '    closes: 17:30\n  - days: [Sat]\n    opens: 9 AM\n    closes: noon');
  const { site, diagnostics } = model(text);
  assert.deepEqual(diagnostics, []);
  const contact = site?.contact;
  assert.equal(contact?.address.zip, '02134', 'a ZIP code keeps its leading zero');
  assert.deepEqual(contact?.hours.map((entry) => [entry.days.length, entry.opens, entry.closes]), [[5, '09:00', '17:30'], [1, '09:00', '12:00']], 'an unquoted 17:30 is read as written');
  assert.deepEqual(contact?.languages, ['English', 'Spanish']);
  assert.deepEqual(contact?.insurancePlans, ['Original Medicare', 'Plan A, Plan B']);
  assert.equal(contact?.appointmentUrl, 'https://portal.test.example/appointments');
  assert.equal(contact?.acceptsMedicare, true);
  assert.deepEqual(contact?.afterHoursPhone, { display: '(786) 555-0124', dial: '+17865550124' });
  assert.equal(contact?.afterHours, 'Call the answering service.');
});

test('each contact mistake is an invalid-site error naming the file, the field and its line', () => {
  const cases: [string, string, number, RegExp][] = [
    ['a phone number too short', CONTACT.replace('(786) 555-0123', '555-0123'), PHONE_LINE, /'phone' is not a US phone number: "555-0123"/],
    ['a phone number with letters', CONTACT.replace('(786) 555-0123', '1-800-MEDICARE'), PHONE_LINE, /'phone' is not a US phone number/],
    ['no phone', CONTACT.replace(/^phone: .*\n/m, ''), 1, /The site identity has no 'phone'/],
    ['no address', CONTACT.replace(/^address:\n( {2}.*\n)+/m, ''), 1, /The site identity has no 'address'/],
    ['an address on one line', CONTACT.replace(/^address:\n( {2}.*\n)+/m, 'address: 1 Test Way, Testville\n'), PHONE_LINE + 1, /'address' must be a group of fields/],
    ['an address with no city', CONTACT.replace(/^ {2}city: .*\n/m, ''), PHONE_LINE + 2, /The address has no 'city'/],
    ['a ZIP code of 4 digits', CONTACT.replace('"33101"', '"3310"'), PHONE_LINE + 5, /'zip' is not a US ZIP code: "3310"/],
    ['no hours', CONTACT.replace(/^hours:\n( {2}.*\n)+/m, ''), 1, /The site identity has no 'hours'/],
    ['hours on one line', CONTACT.replace(/^hours:\n( {2}.*\n)+/m, 'hours: 9 to 5\n'), PHONE_LINE + 6, /'hours' must be a list/],
    ['a day that is not a day', CONTACT.replace('Monday–Friday', 'Weekdays'), PHONE_LINE + 7, /Entry 1 of 'hours': "Weekdays" is not a day/],
    ['a range backwards', CONTACT.replace('Monday–Friday', 'Friday–Monday'), PHONE_LINE + 7, /Entry 1 of 'hours': "Friday–Monday" is not a day/],
    ['a time that is not a time', CONTACT.replace('9:00 a.m.', 'morning'), PHONE_LINE + 8, /Entry 1 of 'hours': 'opens' is not a time of day: "morning"/],
    ['closing without p.m.', CONTACT.replace('5:00 p.m.', '5:00'), PHONE_LINE + 7, /Entry 1 of 'hours' closes \(5:00\) before it opens \(9:00 a\.m\.\)/],
    ['no closing time', CONTACT.replace(/^ {4}closes: .*\n/m, ''), PHONE_LINE + 7, /Entry 1 of 'hours' has no 'closes'/],
    ['a day given twice at overlapping times', CONTACT.replace('closes: 5:00 p.m.\n', 'closes: 5:00 p.m.\n  - days: Friday\n    opens: 9:00 a.m.\n    closes: 1:00 p.m.\n'), PHONE_LINE + 10, /Entries 1 and 2 of 'hours' both give Friday, at times that overlap/],
  ];
  for (const [mistake, contact, line, message] of cases) {
    const { site, diagnostics } = model(withContact(contact));
    assert.equal(site, undefined, mistake);
    const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
    assert.deepEqual(errors.map((d) => [d.file, d.ruleId, d.line]), [['content/site.md', 'invalid-site', line]], mistake);
    assert.match(errors[0]?.message ?? '', message, mistake);
    assert.notEqual(errors[0]?.hint, '', mistake);
  }
});

test('a day may have two sessions that do not overlap, as a practice closed for lunch has', () => {
  const { site, diagnostics } = model(withContact(CONTACT.replace('closes: 5:00 p.m.\n', 'closes: 12:00 p.m.\n  - days: Monday–Friday\n    opens: 1:00 p.m.\n    closes: 5:00 p.m.\n')));
  assert.deepEqual(diagnostics, []);
  assert.deepEqual(site?.contact.hours.map(({ opens, closes }) => [opens, closes]), [['09:00', '12:00'], ['13:00', '17:00']]);
});

test('the optional contact fields are checked too', () => {
  const cases: [string, RegExp][] = [
    ['afterHoursPhone: "555"', /'afterHoursPhone' is not a US phone number/],
    ['acceptsMedicare: sometimes', /'acceptsMedicare' is not valid: "sometimes"/],
    ['appointmentUrl: portal.test.example', /'appointmentUrl' is not valid/],
    ['languages:\n  - English\n  - [Spanish]', /'languages' must be a list/],
  ];
  for (const [line, message] of cases) {
    const { site, diagnostics } = model(withContact(`${CONTACT}${line}\n`));
    assert.equal(site, undefined, line);
    assert.deepEqual(diagnostics.map((d) => d.ruleId), ['invalid-site'], line);
    assert.match(diagnostics[0]?.message ?? '', message, line);
  }
});

test('a misspelt field inside the address or the hours is a warning at its line', () => {
  const { site, diagnostics } = model(withContact(CONTACT.replace('  city:', '  cty: Testville\n  city:').replace('    opens:', '    open: 9\n    opens:')));
  assert.ok(site);
  assert.deepEqual(diagnostics.map((d) => [d.ruleId, d.severity, d.line]), [['unknown-field', 'warning', PHONE_LINE + 3], ['unknown-field', 'warning', PHONE_LINE + 9]]);
  assert.match(diagnostics[0]?.message ?? '', /'cty'/);
});

test('the sample identity is told by its example address, "Sample" in a name, and a 555-01xx phone; the physician\'s own has none', () => {
  const sample = model(SITE_MD.replace('Dr. Test Person', 'Dr. Alex Sample').replace('https://test.example', 'https://www.example.com'));
  assert.deepEqual(sampleTraits(sample.site ?? assert.fail()), ['the site address https://www.example.com', 'the name "Dr. Alex Sample"', 'the phone number (786) 555-0123']);
  const own = model(SITE_MD.replace('https://test.example', 'https://www.drperson.com').replace('555-0123', '555-2368'));
  assert.deepEqual(sampleTraits(own.site ?? assert.fail()), []);
  for (const [address, sample] of [['https://example.org', true], ['http://localhost:4321', true], ['https://staging.example.net', true], ['https://site.test', true], ['https://sampleclinic.com', false], ['https://examples.com', false]] as const) {
    const site = model(SITE_MD.replace('555-0123', '555-2368'), address).site ?? assert.fail();
    assert.equal(sampleTraits(site).length > 0, sample, address);
  }
});

/** A handout as `npm run sample-handouts` marks it, in its document information. */
async function sampleHandout(title: string): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.setTitle(title);
  document.setSubject(`Sample patient-education handout: ${title}`);
  document.addPage([612, 792]);
  return document.save();
}

test("once the identity is the practice's own, what still names the sample is a sample-left warning: an article's author or reviewer, the photo's description, an insurance plan, a sample handout, the sample's portrait and sharing image", async () => {
  const own = SITE_MD.replace('https://test.example', 'https://www.drperson.com').replace('555-0123', '555-2368').replace(/^photoAlt: .*$/m, 'photoAlt: "Illustrated portrait of Dr. Alex Sample"').replace('\n---', '\ninsurancePlans:\n  - "Original Medicare"\n  - "Sample Health Plan"\n---');
  const articles = {
    'content/insights/a.md': article({ title: 'Knee Care', date: '2025-10-01', reviewedBy: 'Dr. Alex Sample, MD' }),
    'content/insights/b.md': article({ title: 'Hip Care', date: '2025-10-02', author: 'Dr. Test Person', reviewedBy: 'Jane Roe, PharmD' }),
    'content/insights/c.md': article({ title: 'Unfinished Shoulder Notes', date: '2025-10-03', draft: true, author: 'Dr. Alex Sample' }),
  };
  const handouts = { 'assets/pdfs/low-back-pain.pdf': await sampleHandout('Low Back Pain'), 'assets/pdfs/rotator-cuff-tears.pdf': await samplePdf('Rotator Cuff Tears') };
  const built = await buildFrom({ 'content/site.md': own, ...articles, ...handouts });
  const found = built.warnings.filter((warning) => warning.ruleId === 'sample-left').map((warning) => [`${path.basename(warning.file)}${warning.line === undefined ? '' : `:${warning.line}`}`, warning.message]);
  assert.deepEqual(found, [
    ['physician.svg', `'photo' still says "SAMPLE", from the sample site, though the identity is now the practice's own.`],
    ['social-default.png', `'socialImage' still says "Dr. Alex Sample, MD", from the sample site, though the identity is now the practice's own.`],
    ['low-back-pain.pdf', `'Subject' still says "Sample patient-education handout: Low Back Pain", from the sample site, though the identity is now the practice's own.`],
    ['a.md:4', `'reviewedBy' still says "Dr. Alex Sample, MD", from the sample site, though the identity is now the practice's own.`],
    ['site.md:11', `'photoAlt' still says "Illustrated portrait of Dr. Alex Sample", from the sample site, though the identity is now the practice's own.`],
    ['site.md:29', `'insurancePlans' still says "Sample Health Plan", from the sample site, though the identity is now the practice's own.`],
  ]);
  const sample = await buildFrom({ ...articles, ...handouts });
  assert.deepEqual(sample.warnings.filter((warning) => warning.ruleId === 'sample-left'), [], 'the sample site itself is not warned about: the deploy refuses it whole');
});

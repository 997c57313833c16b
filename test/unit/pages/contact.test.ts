/**
 * How a patient reaches the practice (issue 24), on the pages themselves:
 * the home and About pages' contact block (a tap-to-call phone, the address
 * with a plain link to a map, the hours in 12-hour US time, languages,
 * appointments, Medicare, after hours), the phone in every footer, and the
 * legal notice's "contacting the practice" leading to it.
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { addressLanguage } from '../../../build/lib/languages.ts';
import { assertContains, buildFrom, buildInMemory, pageAt, SAMPLE_ASSETS, SAMPLE_CONTENT, SITE_MD, type SiteBuild } from '../../helpers/sites.ts';

let real: SiteBuild;
let minimal: SiteBuild;
before(async () => {
  real = await buildInMemory({ contentDir: SAMPLE_CONTENT, assetsDir: SAMPLE_ASSETS, year: 2026 });
  minimal = await buildFrom();
});

/** A phone number as a link shows it: its two groups each kept whole, after the link's label if any. */
const shownPhone = (display: string, label = '') => {
  const [areaCode, number] = display.split(' ');
  return `<span>${label}<span class="phone-group">${areaCode}</span> <span class="phone-group">${number}</span></span>`;
};

/** The contact section of a page's HTML. */
function contactSection(html: string): string {
  const start = html.indexOf('<section class="contact" id="contact"');
  assert.ok(start >= 0, 'the page has the contact section');
  return html.slice(start, html.indexOf('</section>', start));
}

test('the home and About pages show how to reach the practice: phone, address and map link, hours, languages, appointments, Medicare, after hours', () => {
  for (const url of ['/', '/about']) {
    const section = contactSection(pageAt(real, url));
    assertContains(section, [
      '<h2 id="contact-title">Contact the practice</h2>',
      `<a class="contact__phone" href="tel:+13055550142">${shownPhone('(305) 555-0142')}</a>`,
      '<address class="contact__address">Sample Family Medicine<br/>123 Sample Street, Suite 100<br/>Miami, FL 33101</address>',
      '<a href="https://www.google.com/maps/search/?api=1&amp;query=123%20Sample%20Street%2C%20Suite%20100%2C%20Miami%2C%20FL%2033101">Map and directions',
      '<dl class="contact__hours">',
      '<dt>Monday–Thursday</dt><dd><time dateTime="08:00">8:00 a.m.</time>–<time dateTime="17:00">5:00 p.m.</time></dd>',
      '<dt>Friday</dt><dd><time dateTime="08:00">8:00 a.m.</time>–<time dateTime="13:00">1:00 p.m.</time></dd>',
      '<dt>Saturday and Sunday</dt><dd>Closed</dd>',
      'The office speaks English and Spanish.',
      `To ask for an appointment, call <a href="tel:+13055550142">${shownPhone('(305) 555-0142')}</a>`,
      'The practice accepts Medicare.',
      '<li>Original Medicare (Part A and Part B)</li>',
      'In a medical emergency, call <a href="tel:911">911</a>',
      `After-hours line: <a href="tel:+13055550143">${shownPhone('(305) 555-0143')}</a>`,
      '!<iframe',
      '!<img',
    ]);
  }
  assertContains(pageAt(real, '/'), [`<a class="button button--secondary" href="tel:+13055550142">${shownPhone('(305) 555-0142', 'Call ')}</a>`]);
});

test('every page gives the phone in its footer, and the legal notice leads to the contact details, in the page’s language', () => {
  const footers = {
    en: [`Sample Family Medicine: call <a href="tel:+13055550142">${shownPhone('(305) 555-0142')}</a>`, '<a class="footer-contact__directions" href="/about#contact">Address, office hours and directions</a>', 'downloading a handout or <a href="/about#contact">contacting the practice</a> through it'],
    es: [`Sample Family Medicine: llame al <a href="tel:+13055550142">${shownPhone('(305) 555-0142')}</a>`, '<a class="footer-contact__directions" href="/es/about#contact">Dirección, horario y cómo llegar</a>', 'descargar un folleto o <a href="/es/about#contact">comunicarse con el consultorio</a> a través de él'],
  };
  for (const page of real.pages) {
    const footer = page.html.slice(page.html.indexOf('<footer'));
    assertContains(footer, footers[addressLanguage(page.url)]);
  }
});

test('a portal address offers the appointment online; a practice that does not take Medicare says so; left out, languages, plans and after hours are not shown', async () => {
  const portal = await buildFrom({ 'content/site.md': SITE_MD.replace('---\n\nA short', 'appointmentUrl: https://portal.test.example/\nacceptsMedicare: false\n---\n\nA short') });
  assertContains(contactSection(pageAt(portal, '/about')), ['or <a href="https://portal.test.example/">request one through the patient portal</a>.', 'The practice does not accept Medicare.']);
  assertContains(contactSection(pageAt(minimal, '/about')), [
    'during office hours.</p>',
    '!patient portal',
    '!<h3>Languages</h3>',
    '!<h3>Medicare and insurance</h3>',
    '!After-hours line',
    'In a medical emergency, call',
    '<dt>Monday–Friday</dt>',
    '<dt>Saturday and Sunday</dt><dd>Closed</dd>',
  ]);
});

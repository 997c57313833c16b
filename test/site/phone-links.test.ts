/**
 * Issue 24: a patient reading on a phone taps a phone number to call it.
 * Every 1-800-MEDICARE, and every Florida Elder Helpline number, in the
 * built pages is a `tel:` link whose text gives the digits.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sampleSite } from '../helpers/sample-site.ts';

const build = await sampleSite();
const pages = build.pages.filter((page) => page.kind === 'page');

/** The page with every `tel:` link to `number` taken out, each link's text passed to `check`. */
function withoutLinksTo(html: string, number: string, check: (text: string) => void): string {
  const link = new RegExp(`<a [^>]*href="tel:${number.replace('+', '\\+')}"[^>]*>([^<]*)</a>`, 'g');
  return html.replace(link, (_, text: string) => {
    check(text);
    return '';
  });
}

const NUMBERS = [
  { name: '1-800-MEDICARE', tel: '+18006334227', digits: '1-800-633-4227', written: /1-800-MEDICARE|1-800-633-4227/i },
  { name: 'the Florida Elder Helpline', tel: '+18009635337', digits: '1-800-963-5337', written: /1-800-963-5337/ },
];

for (const { name, tel, digits, written } of NUMBERS) {
  test(`every ${name} in the built pages is a tel: link with its digits`, () => {
    let links = 0;
    for (const page of pages) {
      const rest = withoutLinksTo(page.html, tel, (text) => {
        links += 1;
        assert.ok(text.includes(digits), `${page.url}: the link "${text}" gives the digits ${digits}`);
      });
      assert.doesNotMatch(rest, written, `${page.url}: ${name} outside a tel:${tel} link`);
    }
    assert.ok(links >= 3, `${links} links to ${name}`);
  });
}

test('no page has a tel: link to anything but a phone number', () => {
  for (const page of pages) {
    for (const [, href = ''] of page.html.matchAll(/href="(tel:[^"]*)"/gi)) assert.match(href, /^tel:\+?[0-9]+(?:[-.][0-9]+)*$/, page.url);
  }
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pdfFileStem, pdfUrl } from '../../../build/lib/pdf-url.ts';

// spec §7: /pdfs/{file}.pdf, file = the pdf field or, failing that, the slugified title.
const CASES: [string, string, string][] = [
  ['low-back-pain', 'Low Back Pain', '/pdfs/low-back-pain.pdf'],
  ['', 'Low Back Pain', '/pdfs/low-back-pain.pdf'],
  ['   ', "Golfer's Elbow", '/pdfs/golfers-elbow.pdf'],
  ['custom-name', 'Anything', '/pdfs/custom-name.pdf'],
  ['with-extension.pdf', 'Anything', '/pdfs/with-extension.pdf'],
  ['UPPER.PDF', 'Anything', '/pdfs/UPPER.pdf'],
  ['handout v2', 'Anything', '/pdfs/handout%20v2.pdf'],
];

for (const [pdf, title, url] of CASES) {
  test(`pdf ${JSON.stringify(pdf)} of ${JSON.stringify(title)} is at ${url}`, () => {
    assert.equal(pdfUrl(pdfFileStem(pdf, title)), url);
  });
}

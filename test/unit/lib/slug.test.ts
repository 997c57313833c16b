import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileNameSlug, toSlug } from '../../../build/lib/slug.ts';

// DECISIONS.md "Slug": slugify(title, { lower: true, strict: true }).
const TITLES: [string, string][] = [
  ['Medicare Part D in 2026', 'medicare-part-d-in-2026'],
  ['Café Crème Brûlée', 'cafe-creme-brulee'],
  ['Insurance & Direct Primary Care', 'insurance-and-direct-primary-care'],
  ['Medicare Advantage vs. Original Medicare: 2025', 'medicare-advantage-vs-original-medicare-2025'],
  ["De Quervain's Tendinosis", 'de-quervains-tendinosis'],
  ['What? Why! (And how…)', 'what-why-and-how'],
  ['  spaced   out  ', 'spaced-out'],
  ['Hand/Wrist', 'handwrist'],
  ['UPPER lower', 'upper-lower'],
  ['100% covered', '100percent-covered'],
  ['日本語', ''],
  ['!!!', ''],
  ['', ''],
];

for (const [title, slug] of TITLES) {
  test(`slug of ${JSON.stringify(title)} is ${JSON.stringify(slug)}`, () => {
    assert.equal(toSlug(title), slug);
  });
}

// spec §3: "an article is also reachable by the slugified file name".
const FILE_NAMES: [string, string][] = [
  ['part-d-2026.md', 'part-d-2026'],
  ['Open Enrollment 2025.md', 'open-enrollment-2025'],
  ['NOTES.MD', 'notes'],
  ['über_uns.md', 'uberuns'],
  ['a.b.md', 'ab'],
];

for (const [fileName, slug] of FILE_NAMES) {
  test(`file-name slug of ${fileName} is ${slug}`, () => {
    assert.equal(fileNameSlug(fileName), slug);
  });
}

/**
 * Sharing cards laid out from their title alone (build/outputs/card-layout.ts):
 * the SVG must be satori's layout of the whole card, to the byte.
 */
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { test } from 'node:test';
import fm from 'front-matter';
import { CardLayouts, frameOf, spliced, textElementsOf, titleShape } from '../build/outputs/card-layout.ts';
import { cardLayout, titleLayout } from '../build/outputs/og-images.ts';
import { seededRandom } from '../build/lib/random-pick.ts';

const TEXT = (x: number, y: number, text: string, size = 60) => `<text x="${x}" y="${y}" width="10" height="20" font-size="${size}" fill="#163a5f">${text}</text>`;

test("a title's shape is its size and its lines' baselines; a title without text has none", () => {
  assert.equal(titleShape(textElementsOf(`<svg>${TEXT(0, 59, 'Knee ')}${TEXT(120.5, 59, 'Pain')}${TEXT(0, 135, 'Today')}</svg>`)), '60|59,135');
  assert.equal(titleShape(textElementsOf(`<svg>${TEXT(0, 49, 'Knee', 52)}</svg>`)), '52|49');
  assert.equal(titleShape(textElementsOf('<svg><mask id="m"><rect/></mask></svg>')), undefined);
});

test("the title's elements are found in the card's layout, one after another and moved alike, and another title takes their place", () => {
  const title = textElementsOf(`<svg>${TEXT(0, 59, 'Knee ')}${TEXT(120.5, 59, 'Pain')}</svg>`);
  const card = `<svg><rect/>${TEXT(72, 119, 'HEADER')}${TEXT(72, 292, 'Knee ')}${TEXT(192.5, 292, 'Pain')}${TEXT(72, 509, 'Author')}</svg>`;
  const frame = frameOf(card, title);
  assert.deepEqual(frame, { before: `<svg><rect/>${TEXT(72, 119, 'HEADER')}`, after: `${TEXT(72, 509, 'Author')}</svg>`, dx: 72, dy: 233 });
  assert.equal(spliced(frame, title), card);
  assert.equal(spliced(frame, textElementsOf(`<svg>${TEXT(0, 59, 'Hip ')}${TEXT(90.25, 59, 'Care')}</svg>`)), `<svg><rect/>${TEXT(72, 119, 'HEADER')}${TEXT(72, 292, 'Hip ')}${TEXT(162.25, 292, 'Care')}${TEXT(72, 509, 'Author')}</svg>`);

  assert.equal(frameOf(`<svg>${TEXT(72, 292, 'Knee ')}<g/>${TEXT(192.5, 292, 'Pain')}</svg>`, title), undefined, 'not one after another');
  assert.equal(frameOf(`<svg>${TEXT(72, 292, 'Knee ')}${TEXT(193, 292, 'Pain')}</svg>`, title), undefined, 'not moved alike');
  assert.equal(frameOf(`<svg>${TEXT(72, 292, 'Knee ')}${TEXT(192.5, 292, 'Pain', 52)}</svg>`, title), undefined, 'in another style');
  assert.equal(frameOf(`<svg>${TEXT(72, 292, 'Knee ')}</svg>`, title), undefined, 'not all there');
});

/** Titles of every size and line count, with the punctuation, numbers and long words articles have. */
function titles(count: number): string[] {
  const random = seededRandom('card titles');
  const words = ['Knee', 'Osteoarthritis', 'Medicare', 'Part', 'D', 'in', '2026:', 'What', 'to', 'Know', 'About', 'Your', 'Heart', 'Failure', '—', 'and', '&', 'Why', 'We’re', '“Different”', 'self-care', 'A1c', '$2,100', 'café', 'Tylenol®', 'Hypothyroidism', 'Pneumococcal', 'Vaccines', 'for', 'Adults', '65+', '(and', 'Older)', 'Plantar', 'Fasciitis?', 'Carpal', 'Tunnel', 'Syndrome', 'at', 'Home', 'Supercalifragilisticexpialidociousnesses-and-more-joined-words'];
  return Array.from({ length: count }, () => {
    const length = 1 + Math.floor(random() * 22);
    return Array.from({ length }, () => words[Math.floor(random() * words.length)]).join(' ');
  });
}

test('a card laid out from its title alone is the layout of the whole card, to the byte, for a thousand titles and two authors', async () => {
  const logo = `data:image/svg+xml;base64,${(await readFile(new URL('../assets/images/logo.svg', import.meta.url))).toString('base64')}`;
  const insights = new URL('../content/insights/', import.meta.url);
  const siteTitles = await Promise.all((await readdir(insights)).map(async (file) => fm<{ title: string }>(await readFile(new URL(file, insights), 'utf8')).attributes.title));
  const layouts = new CardLayouts(cardLayout, titleLayout);
  let whole = 0;
  const shapes = new Set<string>();
  for (const [index, title] of [...siteTitles, ...titles(1000)].entries()) {
    const props = { title, author: index % 7 === 0 ? 'Dr. Guest Writer, DO' : 'Dr. Alex Sample, MD', byline: 'Family Medicine · South Florida', logo };
    const expected = await cardLayout(props);
    const titleElements = textElementsOf(await titleLayout(title));
    shapes.add(titleShape(titleElements) ?? '');
    if (frameOf(expected, titleElements) === undefined) whole++;
    assert.equal(await layouts.layout(props), expected, title);
  }
  assert.equal(whole, 0, 'every title is found in its card');
  assert.ok(shapes.size >= 9, `titles of each size on one line and more: ${[...shapes].join(' ')}`);
});

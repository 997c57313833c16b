/**
 * The sharing cards' painter (build/outputs/card-painter.ts): it must draw a
 * card as satori and resvg draw it whole, letter for letter, and leave to
 * them what it cannot draw exactly.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import sharp from 'sharp';
import { readLayout } from '../build/outputs/card-painter.ts';
import { cardLayout, drawCard, drawnWhole } from '../build/outputs/og-images.ts';

const logo = `data:image/svg+xml;base64,${(await readFile(new URL('../assets/images/logo.svg', import.meta.url))).toString('base64')}`;
const card = (title: string, author = 'Dr. Alex Sample, MD') => ({ title, author, byline: 'Family Medicine · South Florida', logo });

async function rgb(png: Buffer): Promise<Buffer> {
  return sharp(png).removeAlpha().raw().toBuffer();
}

test('the painter draws a card as satori and resvg draw it whole, for each title size and for letters that kern, join or carry accents', async () => {
  const titles = [
    'Short',
    'Medicare Part D in 2026: How to Pay for Your Prescription Drugs',
    'Open Enrollment 2025: Choosing Insurance and Considering Direct Primary Care',
    'Office “Fixes” & Why We’re Different — Waffles, Fjords, AVAST, Tylenol®, café and $2,100 caps',
    'Understanding Knee Osteoarthritis: What Patients Should Know About Treatment and Recovery at Home This Year',
  ];
  for (const [index, title] of titles.entries()) {
    const props = card(title, index === 3 ? 'Dr. Guest Writer, DO' : undefined);
    const painted = await rgb(await drawCard(props));
    const whole = await rgb(await drawnWhole(props));
    assert.equal(painted.length, whole.length, 'the same size');
    let total = 0;
    let largest = 0;
    for (let byte = 0; byte < painted.length; byte++) {
      const difference = Math.abs((painted[byte] as number) - (whole[byte] as number));
      total += difference;
      largest = Math.max(largest, difference);
    }
    // Measured: 0.03–0.07 on average, 60 at most, at the edges of letters whose place the painter rounds to a tenth of a pixel before satori's rounding.
    assert.ok(total / painted.length < 0.15, `${title}: differs by ${(total / painted.length).toFixed(3)} a channel on average`);
    assert.ok(largest <= 64, `${title}: a pixel differs by ${largest}, more than a quarter of an edge`);
  }
});

test('a card with a letter the fonts lack is drawn whole, by satori and resvg', async () => {
  for (const title of ['Stethoscope 🩺 check-ups', 'Ωmega-3 and your heart']) {
    const { CardPainter } = await import('../build/outputs/card-painter.ts');
    const fonts = await Promise.all([400, 700].map(async (weight) => ({ name: 'Source Sans 3', weight, style: 'normal' as const, data: await readFile(new URL(`../node_modules/@fontsource/source-sans-3/files/source-sans-3-latin-${weight}-normal.woff`, import.meta.url)) })));
    const painter = await CardPainter.load(fonts);
    assert.equal(painter.paint(await cardLayout(card(title))), undefined, `${title}: not painted`);
    assert.deepEqual(await drawCard(card(title)), await drawnWhole(card(title)));
  }
});

const TEXT = (x: number, y: number, text: string, extra = '', style = { weight: '700', size: 60, fill: '#163a5f' }) =>
  `<text x="${x}" y="${y}" width="10" height="20" font-weight="${style.weight}" font-style="normal" font-size="${style.size}" font-family="source sans 3" fill="${style.fill}"${extra}>${text}</text>`;
const BYLINE = { weight: 'normal', size: 30, fill: '#3d4756' };

test('the layout is read as satori draws it: a word and the spaces after it are one run, placed on the whole pixel in a block of several lines', () => {
  const svg = [
    '<svg width="1200" height="630" xmlns="http://www.w3.org/2000/svg"><rect x="0" y="0" width="1200" height="630" fill="#fbfaf7"/>',
    '<mask id="title"><rect x="72" y="209" width="1056" height="201" fill="#fff"/></mask>',
    TEXT(72.4, 261, 'Knee'),
    TEXT(210.6, 261, ' '),
    TEXT(222.6, 261, '3'),
    TEXT(250.3, 261, ':'),
    TEXT(72, 328, 'Pain &amp; &lt;Sleep&gt;'),
    '<mask id="byline"><rect x="72" y="527" width="1056" height="43" fill="#fff"/></mask>',
    TEXT(72.4, 557, 'Family', '', BYLINE),
    TEXT(154.83, 557, ' ', '', BYLINE),
    TEXT(160.83, 557, 'Medicine', '', BYLINE),
    '</svg>',
  ].join('');
  const layout = readLayout(svg);
  assert.ok(layout);
  assert.deepEqual(
    layout.runs.map(({ text, x, baseline, font, size, colour }) => ({ text, x, baseline, font, size, colour })),
    [
      { text: 'Knee ', x: 72, baseline: 261, font: 'source sans 3|700|normal', size: 60, colour: [0x16, 0x3a, 0x5f] },
      { text: '3:', x: 223, baseline: 261, font: 'source sans 3|700|normal', size: 60, colour: [0x16, 0x3a, 0x5f] },
      { text: 'Pain & <Sleep>', x: 72, baseline: 328, font: 'source sans 3|700|normal', size: 60, colour: [0x16, 0x3a, 0x5f] },
      { text: 'Family ', x: 72.4, baseline: 557, font: 'source sans 3|400|normal', size: 30, colour: [0x3d, 0x47, 0x56] },
      { text: 'Medicine', x: 160.83, baseline: 557, font: 'source sans 3|400|normal', size: 30, colour: [0x3d, 0x47, 0x56] },
    ],
  );
  assert.doesNotMatch(layout.backdrop, /<text|<mask/, 'the backdrop keeps neither the words nor the masks nothing uses');
  assert.match(layout.backdrop, /<rect x="0" y="0" width="1200" height="630" fill="#fbfaf7"\/>/);
});

test('a mask that something uses stays in the backdrop, and text the painter does not draw is refused', () => {
  const used = '<svg xmlns="http://www.w3.org/2000/svg"><mask id="m"><rect width="9" height="9" fill="#fff"/></mask><image href="data:," mask="url(#m)"/></svg>';
  assert.equal(readLayout(used)?.backdrop, used);
  for (const extra of [' clip-path="url(#c)"', ' transform="matrix(1,0,0,1,0,0)"', ' fill-opacity="0.5"']) {
    assert.equal(readLayout(`<svg>${TEXT(1, 2, 'Knee', extra)}</svg>`), undefined, extra);
  }
  assert.equal(readLayout(`<svg>${TEXT(1, 2, 'Knee').replace('#163a5f', 'rgba(0,0,0,0.5)')}</svg>`), undefined, 'a colour other than #rrggbb');
});

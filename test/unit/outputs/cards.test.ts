/**
 * Each article's sharing card (build/outputs/cards.ts): a 1200×630 PNG drawn
 * with the site's font and colours, the same bytes for the same text on any
 * run, declared in the article's head with its size and description.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { before, test } from 'node:test';
import { imageSize } from 'image-size';
import { cardPainter, loadCanvas, loadLogo, type CardPainter, type CardText } from '../../../build/outputs/cards.ts';
import { loadSharp } from '../../../build/outputs/sharp.ts';
import { temporaryFolder } from '../../helpers/folders.ts';
import { buildFrom, pageAt, SAMPLE_ASSETS, type SiteBuild } from '../../helpers/sites.ts';
import { DISCOVERY_FILES, fileOf } from '../../helpers/discovery-site.ts';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const LOGO = path.join(SAMPLE_ASSETS, 'images/logo.svg');
const TEXT: CardText = { heading: 'PHYSICIAN’S INSIGHTS', title: 'Knee Pain & Sleep', author: 'Dr. Test Person, MD', byline: 'Family Medicine · Testville' };

let build: SiteBuild;
let painter: CardPainter;
before(async () => {
  [build, painter] = await Promise.all([buildFrom(DISCOVERY_FILES), cardPainter(LOGO)]);
});

function assertCard(png: Buffer, what: string): void {
  assert.deepEqual(png.subarray(0, 8), PNG_SIGNATURE, `${what} is a PNG`);
  const { width, height, type } = imageSize(png);
  assert.deepEqual([width, height, type], [1200, 630, 'png'], what);
}

test('a card is a 1200×630 PNG, whatever the length or the letters of its title', async () => {
  for (const title of ['A', TEXT.title, 'A very long title about Medicare Part D, Medigap, Medicare Advantage and what each of them costs in 2026, explained', 'Ärzte, señales, 漢字 and 🩺: letters the font lacks', '']) {
    assertCard(await painter.draw({ ...TEXT, title }), JSON.stringify(title));
  }
});

test('the same text gives the same bytes, from the same painter or a new one; other text gives other bytes', async () => {
  const first = await painter.draw(TEXT);
  await painter.draw({ ...TEXT, title: 'Something else drawn in between' });
  assert.ok((await painter.draw(TEXT)).equals(first), 'the canvas keeps nothing of the card drawn before');
  assert.ok((await (await cardPainter(LOGO)).draw(TEXT)).equals(first), 'a new painter draws it alike');
  for (const other of [{ heading: 'ANOTHER LANGUAGE’S HEADING' }, { title: 'Knee Pain & Sleep!' }, { author: 'Dr. Guest' }, { byline: 'Internal Medicine · Testville' }]) {
    assert.ok(!(await painter.draw({ ...TEXT, ...other })).equals(first), JSON.stringify(other));
  }
});

test('a logo that is not square is drawn whole on the card, centred in its square, not squeezed into it', async () => {
  const sharp = await loadSharp();
  const folder = await temporaryFolder('card-logo');
  const wide = path.join(folder, 'wide.png');
  await sharp({ create: { width: 300, height: 100, channels: 4, background: { r: 200, g: 20, b: 20, alpha: 1 } } }).png().toFile(wide);
  const context = (await loadLogo(wide, await loadCanvas())).getContext('2d');
  const alpha = (x: number, y: number) => context.getImageData(x, y, 1, 1).data[3];
  assert.deepEqual([alpha(36, 36), alpha(1, 36), alpha(70, 36)], [255, 255, 255], 'the logo across the middle, edge to edge');
  assert.deepEqual([alpha(36, 4), alpha(36, 67)], [0, 0], 'clear above and below it');
});

test("each article's card shows its title, its author and the site's specialty and place", async () => {
  const card = (title: string, author: string) => painter.draw({ ...TEXT, title, author });
  assert.ok(fileOf(build, 'og/newest-thing.png').equals(await card('Newest Thing', 'Dr. Guest')));
  assert.ok(fileOf(build, 'og/old-news.png').equals(await card('Old News', 'Dr. Test Person, MD')));
  assert.ok(![...build.files.keys()].some((file) => file.startsWith('og/') && file.includes('secret')), 'a draft has no card');
});

test('each article declares its own card, with its size and a description; other pages the site’s sharing image', () => {
  for (const slug of ['newest-thing', 'old-news']) {
    const html = pageAt(build, `/insights/${slug}`);
    assert.ok(html.includes(`<meta property="og:image" content="https://test.example/og/${slug}.png"/>`), slug);
    assert.ok(html.includes(`<meta name="twitter:image" content="https://test.example/og/${slug}.png"/>`), slug);
    assert.ok(html.includes('<meta property="og:image:width" content="1200"/><meta property="og:image:height" content="630"/>'), slug);
    assert.match(html, /<meta property="og:image:alt" content="[^"]+, by [^"]+"\/>/);
  }
  assert.ok(pageAt(build, '/').includes('<meta property="og:image" content="https://test.example/images/social-default.png"/>'));
});

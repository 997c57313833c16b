import sharp from 'sharp';
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const bold = require.resolve('@fontsource/source-sans-3/files/source-sans-3-latin-700-normal.woff');
const t0 = performance.now();
const title = await sharp({ text: { text: '<span foreground="#163a5f">Medicare Advantage vs. Original Medicare + Medigap: What to Know for 2025</span>', font: 'Source Sans 3 Bold 51', fontfile: bold, width: 1056, rgba: true, dpi: 72 } }).png().toBuffer({ resolveWithObject: true });
console.log('title', title.info.width, title.info.height, (performance.now() - t0).toFixed(1));
const t1 = performance.now();
for (let i = 0; i < 50; i++) {
  const text = await sharp({ text: { text: `<span foreground="#163a5f">Medicare Advantage vs. Original Medicare ${i}</span>`, font: 'Source Sans 3 Bold 51', fontfile: bold, width: 1056, rgba: true, dpi: 72 } }).png().toBuffer();
  await sharp({ create: { width: 1200, height: 630, channels: 3, background: '#fbfaf7' } }).composite([{ input: text, left: 72, top: 220 }]).png({ compressionLevel: 6 }).toBuffer();
}
console.log('per card', ((performance.now() - t1) / 50).toFixed(2));
await sharp({ create: { width: 1200, height: 630, channels: 3, background: '#fbfaf7' } }).composite([{ input: title.data, left: 72, top: 220 }]).png().toFile('/tmp/sharp-card.png');

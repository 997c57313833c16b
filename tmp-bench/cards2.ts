import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { createRequire } from 'node:module';
import { loadLogo } from '../build/outputs/cards.ts';
const require = createRequire(import.meta.url);
for (const w of [400, 700]) GlobalFonts.registerFromPath(require.resolve(`@fontsource/source-sans-3/files/source-sans-3-latin-${w}-normal.woff`), 'Source Sans 3');
const logo = await loadLogo('assets/images/logo.svg');
const sharp = (await import('sharp')).default;
const n = 200;
const cpu0 = process.cpuUsage();
let t = performance.now();
const raws: Buffer[] = [];
const c = createCanvas(1200, 630); const g = c.getContext('2d', { alpha: false });
for (let i = 0; i < n; i++) {
  g.fillStyle = '#fbfaf7'; g.fillRect(0, 0, 1200, 630); g.drawImage(logo, 72, 74);
  g.fillStyle = '#163a5f'; g.font = '700 68px "Source Sans 3"';
  for (const line of ['Medicare Part D in 2026: How', `to Pay ${i}`]) { g.measureText(line); g.fillText(line, 72, 300); }
  g.font = '400 30px "Source Sans 3"'; g.fillText('Family Medicine · South Florida', 72, 560);
  if (i < 20) raws.push(c.data()); else c.data();
}
const u0 = process.cpuUsage(cpu0); console.log('paint+data ms', ((performance.now() - t) / n).toFixed(2), 'user', (u0.user / 1000 / n).toFixed(2), 'sys', (u0.system / 1000 / n).toFixed(2));
const cpu1 = process.cpuUsage();
t = performance.now();
for (let i = 0; i < n; i++) await sharp(raws[i % 20] as Buffer, { raw: { width: 1200, height: 630, channels: 4 } }).png({ compressionLevel: 6 }).toBuffer();
console.log('sharp png ms', ((performance.now() - t) / n).toFixed(2), 'cpu', ((process.cpuUsage(cpu1).user) / 1000 / n).toFixed(2));

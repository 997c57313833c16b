import { CardPainter, loadLogo } from '../build/outputs/cards.ts';
import { createCanvas } from '@napi-rs/canvas';
const sharp = (await import('sharp')).default; sharp.concurrency(1);
const painter = new CardPainter(await loadLogo('assets/images/logo.svg'));
const png = await painter.draw({ title: 'Understanding Hypothyroidism With Other Conditions and More Words', author: 'Dr. Alex Sample, MD', byline: 'Family Medicine · South Florida' });
const raw = await sharp(png).ensureAlpha().raw().toBuffer();
for (const level of [1, 2, 3, 4, 6]) for (const adaptive of [false, true]) {
  const cpu0 = process.cpuUsage(); let bytes = 0;
  for (let i = 0; i < 100; i++) bytes = (await sharp(raw, { raw: { width: 1200, height: 630, channels: 4 } }).png({ compressionLevel: level, adaptiveFiltering: adaptive }).toBuffer()).length;
  const u = process.cpuUsage(cpu0); console.log('level', level, 'adaptive', adaptive, ((u.user + u.system) / 1000 / 100).toFixed(2), 'ms', Math.round(bytes / 1024), 'KB');
}
const c = createCanvas(1200, 630); c.getContext('2d', { alpha: false });
let cpu0 = process.cpuUsage(); for (let i = 0; i < 200; i++) { const d = c.data(); await sharp(d, { raw: { width: 1200, height: 630, channels: 4 } }).removeAlpha().png({ compressionLevel: 2 }).toBuffer(); } let u = process.cpuUsage(cpu0); console.log('data+png2 rgb', ((u.user + u.system) / 1000 / 200).toFixed(2));

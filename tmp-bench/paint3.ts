import { createCanvas } from '@napi-rs/canvas';
const sharp = (await import('sharp')).default;
const run = async (name: string, f: () => unknown, n = 100) => { const t = performance.now(); for (let i = 0; i < n; i++) await f(); console.log(name, ((performance.now() - t) / n).toFixed(3)); };
for (const alpha of [true, false]) {
  const base = () => { const c = createCanvas(1200, 630); const g = c.getContext('2d', { alpha }); g.fillStyle = '#fbfaf7'; g.fillRect(0, 0, 1200, 630); g.fillStyle = '#163a5f'; g.fillRect(100, 100, 300, 40); return c; };
  await run(`alpha ${alpha} data`, () => base().data());
  await run(`alpha ${alpha} jpeg sync`, () => base().encodeSync('jpeg', 90));
  await run(`alpha ${alpha} png sync`, () => base().encodeSync('png'), 30);
  await run(`alpha ${alpha} data+sharp png`, () => sharp(base().data(), { raw: { width: 1200, height: 630, channels: 4 } }).png({ compressionLevel: 6 }).toBuffer());
}

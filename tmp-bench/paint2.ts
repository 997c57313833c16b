import { createCanvas } from '@napi-rs/canvas';
const run = async (name: string, f: () => unknown, n = 200) => { const t = performance.now(); for (let i = 0; i < n; i++) await f(); console.log(name, ((performance.now() - t) / n).toFixed(3)); };
const base = () => { const c = createCanvas(1200, 630); const g = c.getContext('2d'); g.fillStyle = '#fbfaf7'; g.fillRect(0, 0, 1200, 630); return [c, g] as const; };
await run('data', () => { const [c] = base(); return c.data(); });
await run('getImageData', () => { const [, g] = base(); return g.getImageData(0, 0, 1200, 630).data; });
const [c1, g1] = base();
await run('reuse canvas getImageData', () => { g1.fillRect(0, 0, 1200, 630); return g1.getImageData(0, 0, 1200, 630).data; });
await run('reuse canvas data', () => { g1.fillRect(0, 0, 1200, 630); return c1.data(); });

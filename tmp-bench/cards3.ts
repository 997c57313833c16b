import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
for (const w of [400, 700]) GlobalFonts.registerFromPath(require.resolve(`@fontsource/source-sans-3/files/source-sans-3-latin-${w}-normal.woff`), 'Source Sans 3');
const n = 200;
const draw = (g: ReturnType<ReturnType<typeof createCanvas>['getContext']>, i: number) => { g.fillStyle = '#fbfaf7'; g.fillRect(0, 0, 1200, 630); g.fillStyle = '#163a5f'; g.font = '700 68px "Source Sans 3"'; g.fillText(`Medicare Part D in 2026: How to Pay ${i}`, 72, 300); };
for (const mode of ['sync-reuse', 'async-4', 'sync-new']) {
  const cpu0 = process.cpuUsage(); const t = performance.now();
  if (mode === 'sync-reuse') { const c = createCanvas(1200, 630); const g = c.getContext('2d', { alpha: false }); for (let i = 0; i < n; i++) { draw(g, i); c.encodeSync('jpeg', 90); } }
  if (mode === 'sync-new') { for (let i = 0; i < n; i++) { const c = createCanvas(1200, 630); const g = c.getContext('2d', { alpha: false }); draw(g, i); c.encodeSync('jpeg', 90); } }
  if (mode === 'async-4') { const cs = Array.from({ length: 4 }, () => createCanvas(1200, 630)); let next = 0; await Promise.all(cs.map(async (c) => { const g = c.getContext('2d', { alpha: false }); while (next < n) { const i = next++; draw(g, i); await c.encode('jpeg', 90); } })); }
  const u = process.cpuUsage(cpu0);
  console.log(mode, 'wall', ((performance.now() - t) / n).toFixed(2), 'user', (u.user / 1000 / n).toFixed(2), 'sys', (u.system / 1000 / n).toFixed(2));
}

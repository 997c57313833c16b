import { createCanvas, GlobalFonts, loadImage } from '@napi-rs/canvas';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const sharp = require('sharp');
GlobalFonts.register(readFileSync('node_modules/@fontsource/source-sans-3/files/source-sans-3-latin-700-normal.woff'), 'Source Sans 3');
const logo = await loadImage(readFileSync('assets/images/logo.svg'));
console.log('logo', logo.width, logo.height);
function draw(title){
  const c = createCanvas(1200,630); const g = c.getContext('2d');
  g.fillStyle='#fbfaf7'; g.fillRect(0,0,1200,630);
  g.drawImage(logo, 72, 74, 72, 72);
  g.fillStyle='#163a5f'; g.font='700 68px "Source Sans 3"'; g.fillText(title,72,300);
  return c;
}
const titles = Array.from({length:300},(_,i)=>`Medicare Part D in 2026: How to Pay ${i}`);
const time = async (name, f) => { const t=performance.now(); let bytes=0; for (const ti of titles) bytes += (await f(ti)).length; console.log(name, ((performance.now()-t)/titles.length).toFixed(2), 'ms', Math.round(bytes/titles.length/1024), 'KB'); };
for (let r=0;r<2;r++){
await time('canvas jpeg90', async (ti) => draw(ti).toBuffer('image/jpeg', 90));
await time('canvas png', async (ti) => draw(ti).toBuffer('image/png'));
await time('sharp png lvl3', async (ti) => sharp(draw(ti).data(), {raw:{width:1200,height:630,channels:4}}).png({compressionLevel:3, adaptiveFiltering:false}).toBuffer());
await time('sharp png lvl6', async (ti) => sharp(draw(ti).data(), {raw:{width:1200,height:630,channels:4}}).png({compressionLevel:6}).toBuffer());
await time('sharp jpeg90', async (ti) => sharp(draw(ti).data(), {raw:{width:1200,height:630,channels:4}}).jpeg({quality:90}).toBuffer());
await time('draw+data', async (ti) => draw(ti).data());
await time('draw', async (ti) => { draw(ti); return ''; });
}
import { writeFileSync } from 'node:fs';
writeFileSync('/tmp/card-test.png', draw('Medicare Advantage vs Original Medicare').toBuffer('image/png'));

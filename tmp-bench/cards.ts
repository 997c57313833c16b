import { drawCard, loadLogo } from '../build/outputs/cards.ts';
const logo = await loadLogo('assets/images/logo.svg');
const n = 300;
const conc = Number(process.env.CONC ?? 32);
if (process.env.SHARPC) { const { default: sharp } = await import('sharp'); sharp.concurrency(Number(process.env.SHARPC)); }
const t = performance.now();
let next = 0;
await Promise.all(Array.from({ length: conc }, async () => { while (next < n) { const i = next++; await drawCard({ title: `Medicare Part D in 2026: How to Pay for Your Prescription Drugs ${i}`, author: 'Dr. Alex Sample, MD', byline: 'Family Medicine · South Florida' }, logo); } }));
console.log('conc', conc, 'sharpc', process.env.SHARPC ?? '-', ((performance.now() - t) / n).toFixed(2), 'ms/card wall');

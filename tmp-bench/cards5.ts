import { CardPainter, loadLogo } from '../build/outputs/cards.ts';
const painter = new CardPainter(await loadLogo('assets/images/logo.svg'));
const n = 1000; let next = 0;
await Promise.all(Array.from({ length: Number(process.env.CONC ?? 32) }, async () => { while (next < n) { const i = next++; await painter.draw({ title: `Understanding Hypothyroidism With Other Conditions ${i}`, author: 'Dr. Alex Sample, MD', byline: 'Family Medicine · South Florida' }); } }));

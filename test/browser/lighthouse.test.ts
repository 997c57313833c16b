/**
 * Lighthouse on the English pages a patient meets first: home, an article and
 * the education page on the mobile preset, and home on the desktop one. The
 * gates are in lighthouse-gates.ts; the Spanish pages have a file of their own.
 */
import { testLighthouseIn } from './lighthouse-gates.ts';

testLighthouseIn('en', [
  ['home', 'mobile'],
  ['article', 'mobile'],
  ['education', 'mobile'],
  ['home', 'desktop'],
]);

/**
 * Lighthouse on the Spanish pages a patient meets first, on the mobile
 * preset: home, an article and the education page (gates in lighthouse-gates.ts).
 */
import { testLighthouseIn } from './lighthouse-gates.ts';

testLighthouseIn('es', [
  ['home', 'mobile'],
  ['article', 'mobile'],
  ['education', 'mobile'],
]);

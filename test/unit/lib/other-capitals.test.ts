/** Finding the name an author meant when only the capitals differ (build/lib/other-capitals.ts). */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sameButCapitals } from '../../../build/lib/other-capitals.ts';

test('the candidate that differs only in capitals is found; an exact or an unlike name is not one', () => {
  const files = ['images/chart.png', 'pdfs/low-back-pain.pdf'];
  assert.equal(sameButCapitals(files, 'images/Chart.PNG'), 'images/chart.png');
  assert.equal(sameButCapitals(new Set(files).keys(), 'PDFS/Low-Back-Pain.pdf'), 'pdfs/low-back-pain.pdf');
  assert.equal(sameButCapitals(files, 'images/chart.jpg'), undefined);
  assert.equal(sameButCapitals([], 'images/chart.png'), undefined);
});

/**
 * `npm run lighthouse`: Lighthouse 12 with the Chromium of `@sparticuz/chromium` (or `CHROME_PATH`) on every page
 * type of the real site (home, an article, education, about), on the mobile
 * preset (and desktop with --desktop). Prints a table of the four scores.
 */
import { parseArgs } from 'node:util';
import { auditedSite, CATEGORIES } from '../helpers/lighthouse.ts';

const { values } = parseArgs({ options: { desktop: { type: 'boolean', default: false } } });
const device = values.desktop ? 'desktop' : 'mobile';
const site = await auditedSite();
try {
  console.log(`Lighthouse 12, ${device} preset, the real site served locally:\n`);
  console.log(`| page | ${CATEGORIES.join(' | ')} |`);
  console.log(`|---|${CATEGORIES.map(() => '---:').join('|')}|`);
  for (const [name, pagePath] of Object.entries(site.paths)) {
    const { scores, failing } = await site.audit(pagePath, device);
    const cells = CATEGORIES.map((category) => (scores[category] === null || scores[category] === undefined ? '–' : String(Math.round((scores[category] ?? 0) * 100))));
    console.log(`| ${name} (${pagePath}) | ${cells.join(' | ')} |${failing.length > 0 ? ` failing: ${failing.join(', ')}` : ''}`);
  }
} finally {
  await site.close();
}

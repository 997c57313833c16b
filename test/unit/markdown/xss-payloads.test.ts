/**
 * Known XSS payloads through the markdown stage (spec §5): each of the 595
 * lines of ../shared/testdata/xss-payloads.txt, beside the repository as CI
 * has it, as a body of its own, as a link's address and as a reference's
 * definition. None may leave a script, an event handler or a URL whose
 * scheme is not allowed (javascript:, vbscript:, data: and the rest) in the
 * HTML. A missing or shortened file fails the test rather than skip it.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { processMarkdown } from '../../../build/markdown/process.ts';
import { dangers } from '../../helpers/html-dangers.ts';
import { PROJECT_ROOT } from '../../helpers/sites.ts';
import { markdownWords } from '../../../templates/messages/index.ts';

const PAYLOADS_FILE = path.join(PROJECT_ROOT, '../shared/testdata/xss-payloads.txt');
const SETTINGS = { words: markdownWords(), figures: new Map(), imageSizes: new Map([['/images/knee.png', { width: 1000, height: 750 }]]) };

/** The payloads, one a line, after the line that names their source. */
function payloads(): string[] {
  const [source, ...lines] = readFileSync(PAYLOADS_FILE, 'utf8').replace(/\n$/, '').split('\n');
  assert.match(source ?? '', /^# source: /);
  return lines;
}

/** Where a payload can stand in markdown: the whole body, a link's or an image's address, a definition. */
const PLACES: [string, (payload: string) => string][] = [
  ['a body', (payload) => payload],
  ['a link', (payload) => `[x](${payload})`],
  ['an image', (payload) => `![x](${payload})`],
  ['a definition', (payload) => `[x][p] ![y][p]\n\n[p]: ${payload}`],
];

test('each of the 595 XSS payloads, as a body, a link, an image or a definition, leaves no script, event handler or unsafe URL in the HTML', () => {
  const all = payloads();
  assert.equal(all.length, 595);
  const found: string[] = [];
  for (const payload of all) {
    for (const [place, body] of PLACES) {
      const document = processMarkdown(body(payload), '/insights/payload', SETTINGS);
      assert.ok(!('tooDeep' in document), `refused: ${payload}`);
      const html = document.html;
      const bad = [...dangers(html), ...(/(?:href|src|srcset)="\s*(?:javascript|vbscript|data):/i.test(html) ? ['a script URL'] : [])];
      if (bad.length > 0) found.push(`${place} ${JSON.stringify(payload)}: ${bad.join(', ')}\n  ${html}`);
    }
  }
  assert.deepEqual(found, []);
});

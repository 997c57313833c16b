import assert from 'node:assert/strict';
import { test } from 'node:test';
import { textIsAddress } from '../../../build/lib/link-text.ts';

const CASES: [text: string, href: string, expected: boolean][] = [
  ['https://www.medicare.gov', 'https://www.medicare.gov', true],
  ['www.ssa.gov', 'http://www.ssa.gov', true],
  ['https://www.cms.gov/', 'https://www.cms.gov', true],
  ['HTTPS://WWW.CMS.GOV', 'https://www.cms.gov/', true],
  [' www.kff.org/medicare ', 'https://www.kff.org/medicare/', true],
  ['Medicare.gov', 'https://www.medicare.gov/', false],
  ['shiphelp.org', 'https://www.shiphelp.org', false],
  ['http://www.ssa.gov', 'https://www.ssa.gov', false],
  ['Medicare.gov', 'https://www.medicare.gov/plan-compare/', false],
  ['the Plan Finder', 'https://www.medicare.gov/plan-compare/', false],
  ['Medicare.gov: Medicare Plan Finder', 'https://www.medicare.gov/plan-compare/', false],
  ['', 'https://www.medicare.gov', false],
];

for (const [text, href, expected] of CASES) {
  test(`the text ${JSON.stringify(text)} ${expected ? 'is' : 'is not'} the address ${href}`, () => {
    assert.equal(textIsAddress(text, href), expected);
  });
}

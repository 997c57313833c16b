/** `npm run report`: run as the author runs it, on the real content. */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { TARGET_GRADE } from '../../../build/lib/reading-grade.ts';
import { PROJECT_ROOT, TEST_CACHE_DIR } from '../../helpers/sites.ts';

test('npm run report lists each article with its words and grade against the target', () => {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'build/cli/report.ts', '--cache', TEST_CACHE_DIR], { cwd: PROJECT_ROOT, encoding: 'utf8' });
  assert.equal(result.status, 0, result.stderr);
  assert.match(result.stdout, new RegExp(`target: ${TARGET_GRADE} or below`));
  const rows = result.stdout.split('\n').filter((line) => /\.md \| \d+ \| \d+ \| -?\d+\.\d \|/.test(line));
  assert.equal(rows.length, 4, result.stdout);
  assert.ok(rows.some((row) => row.includes('(draft)')));
  for (const row of rows) {
    const grade = Number(row.split('|')[4]);
    assert.ok(grade <= TARGET_GRADE, `every bundled article reads at grade ${TARGET_GRADE} or below: ${row}`);
  }
});

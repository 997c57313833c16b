/**
 * The build's moment: SOURCE_DATE_EPOCH when set, in the reproducible-builds
 * convention's form, otherwise the clock; any other value stops the command.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { buildTime } from '../../../build/cli/build-time.ts';
import { UsageError } from '../../../build/diagnostics/index.ts';
import { assertOneLine, runWith } from '../../helpers/command.ts';
import { temporaryFolder } from '../../helpers/folders.ts';

const now = new Date('2026-11-22T12:00:00Z');

test('the copyright year comes from SOURCE_DATE_EPOCH when set, and from the clock when it is not', () => {
  const year = (epoch: string | undefined) => buildTime(epoch, now).getUTCFullYear();
  assert.equal(year(undefined), 2026);
  assert.equal(year(''), 2026);
  assert.equal(year('1735689599'), 2024); // 2024-12-31T23:59:59Z
  assert.equal(year('1735689600'), 2025); // 2025-01-01T00:00:00Z
  assert.equal(buildTime('1761955200', now).toISOString(), '2025-11-01T00:00:00.000Z');
  assert.equal(buildTime(' 1761955200\n', now).toISOString(), '2025-11-01T00:00:00.000Z', 'as read from a file, with its line end');
  assert.equal(buildTime('0', now).toISOString(), '1970-01-01T00:00:00.000Z');
  assert.equal(buildTime('253402300799', now).toISOString(), '9999-12-31T23:59:59.000Z');
  assert.equal(buildTime(undefined, now), now);
});

test('a SOURCE_DATE_EPOCH not in whole seconds since 1970 is a mistake to be told, not a reason to read the clock', () => {
  for (const malformed of ['not a number', '1e9', '1761955200.5', '-1', '0x10', '253402300800', '99999999999999999999']) {
    assert.throws(() => buildTime(malformed, now), (error) => error instanceof UsageError && error.message.includes(`"${malformed}"`) && error.message.startsWith('SOURCE_DATE_EPOCH must be whole seconds since 1970'), malformed);
  }
});

test('a SOURCE_DATE_EPOCH that is not whole seconds since 1970 is one line and exit code 2, told before anything is built', async () => {
  const out = path.join(await temporaryFolder('build-time-test'), 'out');
  for (const malformed of ['1e20', 'today']) {
    const { code, stdout, stderr } = runWith({ SOURCE_DATE_EPOCH: malformed }, '--out', out);
    assert.equal(code, 2, stderr);
    assert.equal(stdout, '');
    assertOneLine(stderr);
    assert.match(stderr, new RegExp(`SOURCE_DATE_EPOCH must be whole seconds since 1970, as \`date \\+%s\` prints them, not "${malformed}"`));
  }
  assert.ok(!existsSync(out), 'out/ not made');
});

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { calendarDayOfUTCDate, dayFormat, localCalendarDay, monthsBetween, parseCalendarDay } from '../../../build/lib/calendar-day.ts';

/** The project's folder, where the scripts below import the module from. */
const PROJECT_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

const VALID: [string, string][] = [
  ['2025-10-17', '2025-10-17'],
  ['  2025-10-17 ', '2025-10-17'],
  ['2024-02-29', '2024-02-29'],
  ['2000-02-29', '2000-02-29'],
  ['2025-12-31', '2025-12-31'],
  ['1970-01-01', '1970-01-01'],
  ['2025-10-17T23:30:00-05:00', '2025-10-17'],
  ['2025-10-17T00:00:00Z', '2025-10-17'],
  ['2025-10-17 09:00', '2025-10-17'],
];

const INVALID = ['0000-01-01', '0000-12-31', '2025-13-01', '2025-00-10', '2025-02-30', '2025-02-29', '1900-02-29', '2025-04-31', '2025-10-00', '2025-10-32', 'October 17, 2025', '10/17/2025', '2025-1-7', 'soon', '', '2025-10-17T25'];

for (const [text, day] of VALID) {
  test(`${JSON.stringify(text)} is the calendar day ${day}`, () => {
    assert.equal(parseCalendarDay(text), day);
  });
}

for (const text of INVALID) {
  test(`${JSON.stringify(text)} is not a real calendar day`, () => {
    assert.equal(parseCalendarDay(text), null);
  });
}

// DECISIONS.md "date": 2025-10-17 shows as 10/17/2025 and October 17, 2025.
const FORMATS: [string, string, string][] = [
  ['2025-10-17', '10/17/2025', 'October 17, 2025'],
  ['2025-01-05', '1/5/2025', 'January 5, 2025'],
  ['1970-01-01', '1/1/1970', 'January 1, 1970'],
  ['2024-12-31', '12/31/2024', 'December 31, 2024'],
];

for (const [day, us, long] of FORMATS) {
  test(`${day} shows as ${us} and ${long}`, () => {
    assert.equal(dayFormat('en-US', 'numeric')(day as never), us);
    assert.equal(dayFormat('en-US', 'long')(day as never), long);
  });
}

test('a YAML timestamp read at UTC midnight keeps its day', () => {
  assert.equal(calendarDayOfUTCDate(new Date(Date.UTC(2025, 9, 17))), '2025-10-17');
  assert.equal(calendarDayOfUTCDate(new Date('invalid')), null);
});

// The same day whatever the time zone of the machine: run the formatting in
// zones on both sides of UTC, as far apart as they go.
for (const zone of ['Pacific/Kiritimati', 'America/New_York', 'Pacific/Pago_Pago', 'Asia/Kolkata']) {
  test(`dates format the same with TZ=${zone}`, () => {
    const script = `import('./build/lib/calendar-day.ts').then((m) => console.log(m.dayFormat('en-US', 'numeric')('2025-10-17'), '|', m.dayFormat('en-US', 'long')('2025-10-17'), '|', m.parseCalendarDay('2025-10-17T23:30:00-05:00')))`;
    const output = execFileSync(process.execPath, ['--import', 'tsx', '-e', script], { env: { ...process.env, TZ: zone }, cwd: PROJECT_ROOT, encoding: 'utf8' });
    assert.equal(output.trim(), '10/17/2025 | October 17, 2025 | 2025-10-17');
  });
}

test("today, for a new article, is the day on the author's own clock", () => {
  assert.equal(localCalendarDay(new Date(2025, 9, 17, 23, 59)), '2025-10-17');
  assert.equal(localCalendarDay(new Date(2025, 0, 1, 0, 0)), '2025-01-01');
  // 9:30 pm in Florida is already the next day in UTC.
  const script = `import('./build/lib/calendar-day.ts').then((m) => console.log(m.localCalendarDay(new Date('2025-10-18T01:30:00Z')), m.calendarDayOf(new Date('2025-10-18T01:30:00Z'))))`;
  const output = execFileSync(process.execPath, ['--import', 'tsx', '-e', script], { env: { ...process.env, TZ: 'America/New_York' }, cwd: PROJECT_ROOT, encoding: 'utf8' });
  assert.equal(output.trim(), '2025-10-17 2025-10-18');
});

// How old a review is: whole months, each over on the same day of the next month.
const MONTHS: [string, string, number][] = [
  ['2025-10-17', '2025-10-17', 0],
  ['2025-10-17', '2026-10-16', 11],
  ['2025-10-17', '2026-10-17', 12],
  ['2025-01-31', '2025-02-28', 0],
  ['2024-02-29', '2025-02-28', 11],
  ['2020-06-15', '2026-06-15', 72],
];

for (const [from, to, months] of MONTHS) {
  test(`${months} whole months from ${from} to ${to}`, () => {
    assert.equal(monthsBetween(from as never, to as never), months);
  });
}

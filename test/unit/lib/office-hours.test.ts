import assert from 'node:assert/strict';
import { test } from 'node:test';
import { closedDays, daysLabel, formatTime, parseDays, parseTime } from '../../../build/lib/office-hours.ts';
import { en } from '../../../templates/messages/en.ts';

/** The English catalogue's names of days and its joining of a list. */
const ENGLISH = { weekdays: en.contact.weekdays, list: en.lists.and };

test('days as a physician writes them: one, a range, a list, a YAML list, short names', () => {
  const cases: [string | string[], string[]][] = [
    ['Friday', ['Friday']],
    ['Monday–Thursday', ['Monday', 'Tuesday', 'Wednesday', 'Thursday']],
    ['Monday - Friday', ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']],
    ['Mon to Wed', ['Monday', 'Tuesday', 'Wednesday']],
    ['monday through tuesday', ['Monday', 'Tuesday']],
    ['Monday, Wednesday and Friday', ['Monday', 'Wednesday', 'Friday']],
    ['Tues, Thurs', ['Tuesday', 'Thursday']],
    [['Sat', 'Sunday'], ['Saturday', 'Sunday']],
    ['Friday, Monday', ['Monday', 'Friday']],
  ];
  for (const [written, days] of cases) assert.deepEqual(parseDays(written), days, String(written));
  for (const written of ['Weekdays', 'Friday–Monday', 'Mo', 'Monday–', '', 'Monday, Funday']) assert.equal(parseDays(written), undefined, written);
});

test('times as a physician writes them, on the 24-hour clock for schema.org', () => {
  const cases: [string, string][] = [
    ['8:00 a.m.', '08:00'],
    ['8 am', '08:00'],
    ['5:30 PM', '17:30'],
    ['12:00 p.m.', '12:00'],
    ['12:15 a.m.', '00:15'],
    ['noon', '12:00'],
    ['08:00', '08:00'],
    ['17:00', '17:00'],
    ['5:00', '05:00'],
  ];
  for (const [written, time] of cases) assert.equal(parseTime(written), time, written);
  for (const written of ['morning', '13:00 p.m.', '25:00', '8:60', '0 am', '800']) assert.equal(parseTime(written), undefined, written);
});

test('times shown in 12-hour US time: 8:00 a.m., 5:00 p.m.', () => {
  assert.deepEqual(['00:00', '08:00', '12:00', '13:05', '17:00', '23:59'].map(formatTime), ['12:00 a.m.', '8:00 a.m.', '12:00 p.m.', '1:05 p.m.', '5:00 p.m.', '11:59 p.m.']);
});

test('days named as a reader says them, and the days the office never opens', () => {
  assert.equal(daysLabel(['Monday', 'Tuesday', 'Wednesday', 'Thursday'], ENGLISH), 'Monday–Thursday');
  assert.equal(daysLabel(['Saturday', 'Sunday'], ENGLISH), 'Saturday and Sunday');
  assert.equal(daysLabel(['Monday', 'Wednesday', 'Friday'], ENGLISH), 'Monday, Wednesday and Friday');
  assert.equal(daysLabel(['Monday', 'Tuesday', 'Wednesday', 'Friday'], ENGLISH), 'Monday–Wednesday and Friday');
  const initials = { weekdays: { Monday: 'M', Tuesday: 'T', Wednesday: 'W', Thursday: 'Th', Friday: 'F', Saturday: 'Sa', Sunday: 'Su' }, list: (items: readonly string[]) => items.join(' + ') };
  assert.equal(daysLabel(['Monday', 'Tuesday', 'Wednesday', 'Friday'], initials), 'M–W + F', "another language's names and list");
  assert.deepEqual(
    closedDays([
      { days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday'], opens: '08:00', closes: '17:00' },
      { days: ['Friday'], opens: '08:00', closes: '13:00' },
    ]),
    ['Saturday', 'Sunday'],
  );
});

/**
 * Office hours as the physician writes them ("Monday–Thursday", "8:00 a.m.",
 * "17:00") and as the site shows them to a US reader ("Monday–Thursday",
 * "8:00 a.m.–5:00 p.m.", in the words of the page's language), with
 * schema.org's 24-hour form in between.
 */

/** A day of the week, by its English name (also schema.org's name for it). */
export type Weekday = 'Monday' | 'Tuesday' | 'Wednesday' | 'Thursday' | 'Friday' | 'Saturday' | 'Sunday';

/** Days on which the office opens and closes at the same times. */
export interface OfficeHours {
  /** In week order, Monday first. */
  days: Weekday[];
  /** 24-hour `HH:MM`, as schema.org's opens and closes are written. */
  opens: string;
  closes: string;
}

const WEEKDAYS: readonly Weekday[] = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** A day's name or a usual short form of it (Mon, Tues, Thurs), in any case. */
function weekdayOf(word: string): Weekday | undefined {
  const lower = word.trim().replace(/\.$/, '').toLowerCase();
  if (lower.length < 2) return undefined;
  return WEEKDAYS.find((day) => {
    const name = day.toLowerCase();
    return name === lower || (lower.length >= 3 && name.startsWith(lower)) || (name === 'tuesday' && lower === 'tues') || (name === 'thursday' && (lower === 'thur' || lower === 'thurs'));
  });
}

/** Monday–Friday, Monday to Friday, Mon-Fri, Monday through Friday. */
const RANGE = /^\s*([A-Za-z.]+)\s*(?:[-–—]|\bto\b|\bthrough\b|\bthru\b)\s*([A-Za-z.]+)\s*$/i;

/**
 * @param written one day ("Friday"), a range ("Monday–Thursday", "Mon to Thu"), a list
 *   ("Monday, Wednesday and Friday"), or a YAML list of any of these
 * @returns the days in week order, or undefined when a part is not a day
 */
export function parseDays(written: string | readonly string[]): Weekday[] | undefined {
  const parts = (typeof written === 'string' ? [written] : written).flatMap((part) => part.split(/\s*(?:,|&|\band\b)\s*/i)).filter((part) => part.trim() !== '');
  if (parts.length === 0) return undefined;
  const days = new Set<Weekday>();
  for (const part of parts) {
    const range = RANGE.exec(part);
    if (range) {
      const first = weekdayOf(range[1] ?? '');
      const last = weekdayOf(range[2] ?? '');
      if (first === undefined || last === undefined || WEEKDAYS.indexOf(last) < WEEKDAYS.indexOf(first)) return undefined;
      for (const day of WEEKDAYS.slice(WEEKDAYS.indexOf(first), WEEKDAYS.indexOf(last) + 1)) days.add(day);
      continue;
    }
    const day = weekdayOf(part);
    if (day === undefined) return undefined;
    days.add(day);
  }
  return WEEKDAYS.filter((day) => days.has(day));
}

const TWELVE_HOUR = /^(\d{1,2})(?:[:.](\d{2}))?\s*([ap])\.?\s*m\.?$/i;
const TWENTY_FOUR_HOUR = /^(\d{1,2}):(\d{2})$/;

/**
 * @param written "8:00 a.m.", "8 am", "5:30 PM", "noon", or 24-hour "08:00", "17:00"
 * @returns the time as `HH:MM` (24-hour), or undefined when it is not a time of day
 */
export function parseTime(written: string): string | undefined {
  const text = written.trim();
  if (/^(12\s*)?noon$/i.test(text)) return '12:00';
  const twelve = TWELVE_HOUR.exec(text);
  const twentyFour = TWENTY_FOUR_HOUR.exec(text);
  let hour: number;
  let minute: number;
  if (twelve) {
    hour = Number(twelve[1]);
    minute = Number(twelve[2] ?? '0');
    if (hour < 1 || hour > 12) return undefined;
    hour = (hour % 12) + ((twelve[3] ?? '').toLowerCase() === 'p' ? 12 : 0);
  } else if (twentyFour) {
    hour = Number(twentyFour[1]);
    minute = Number(twentyFour[2]);
    if (hour > 23) return undefined;
  } else {
    return undefined;
  }
  if (minute > 59) return undefined;
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/** `17:00` → `5:00 p.m.`: the 12-hour form US readers expect. */
export function formatTime(time: string): string {
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  return `${hour % 12 === 0 ? 12 : hour % 12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'a.m.' : 'p.m.'}`;
}

/**
 * The days as a reader says them: runs of three or more as a range
 * ("Monday–Thursday"), the rest by name ("Saturday and Sunday").
 *
 * @param words the days' names and the joining of a list, in the page's language
 */
export function daysLabel(days: readonly Weekday[], words: { weekdays: Readonly<Record<Weekday, string>>; list: (items: readonly string[]) => string }): string {
  const runs: Weekday[][] = [];
  for (const day of WEEKDAYS.filter((weekday) => days.includes(weekday))) {
    const run = runs.at(-1);
    if (run !== undefined && WEEKDAYS.indexOf(run.at(-1) as Weekday) === WEEKDAYS.indexOf(day) - 1) run.push(day);
    else runs.push([day]);
  }
  const name = (day: Weekday | undefined) => (day === undefined ? '' : words.weekdays[day]);
  return words.list(runs.flatMap((run) => (run.length >= 3 ? [`${name(run[0])}–${name(run.at(-1))}`] : run.map(name))));
}

/** The days the office does not open at all, in week order. */
export function closedDays(hours: readonly OfficeHours[]): Weekday[] {
  return WEEKDAYS.filter((day) => !hours.some((entry) => entry.days.includes(day)));
}

/**
 * The first day two entries both cover at overlapping times, with the two
 * entries' positions (1-based); undefined when there is none. A day may have
 * two sessions (closed for lunch), as long as they do not overlap.
 */
export function overlappingHours(hours: readonly OfficeHours[]): { day: Weekday; first: number; second: number } | undefined {
  for (let second = 1; second < hours.length; second++) {
    for (let first = 0; first < second; first++) {
      const [a, b] = [hours[first], hours[second]] as [OfficeHours, OfficeHours];
      const day = a.days.find((weekday) => b.days.includes(weekday));
      // `HH:MM` texts compare as the times do.
      if (day !== undefined && a.opens < b.closes && b.opens < a.closes) return { day, first: first + 1, second: second + 1 };
    }
  }
  return undefined;
}

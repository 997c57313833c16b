/**
 * A calendar day as the author wrote it, with no time and no time zone: the
 * article dated 2025-10-17 shows October 17 wherever it is built or read
 * (DECISIONS.md "date"). Stored as its ISO text so that sorting is string order.
 */
export type CalendarDay = `${number}-${number}-${number}`;

/** A day, then optionally a time (hours, minutes, seconds, fraction) and a zone: a literal, so that the widget script, which never reads one, leaves it out. */
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d+)?)?(?:[Zz]|[+-]\d{2}(?::?\d{2})?)?)?$/;

/**
 * Reads the calendar day at the start of an ISO date or date-time text.
 * Impossible days (month 13, February 30) are refused rather than rolled over
 * into the next month as JavaScript's Date and YAML parsers do, and so is the
 * year 0, which the calendar a page shows does not have (1 BC precedes AD 1).
 *
 * @param text a value such as `2025-10-17` or `2025-10-17T09:30:00-04:00`
 * @returns the day, or `null` when the text is not a real calendar day
 */
export function parseCalendarDay(text: string): CalendarDay | null {
  const match = ISO_DAY.exec(text.trim());
  if (!match) return null;
  const [, yearText, monthText, dayText] = match;
  const year = Number(yearText);
  const month = Number(monthText);
  const day = Number(dayText);
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return `${yearText}-${monthText}-${dayText}` as CalendarDay;
}

function daysInMonth(year: number, month: number): number {
  // Day 0 of the next month is the last day of this one; UTC keeps it zone-free.
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * The moment a calendar day starts in UTC, for Intl formatting in UTC: read
 * field by field, never by `new Date(text)`, so that no time zone (the
 * build's or a reader's browser) can move it to the day before.
 */
function utcDate(day: CalendarDay): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const moment = new Date(0);
  // setUTCFullYear, unlike Date.UTC, keeps the years 0 to 99 as written.
  moment.setUTCFullYear(year, month - 1, date);
  return moment;
}

/**
 * How a language writes a day, from its catalogue (templates/messages/):
 * `dayFormat('en-US', 'numeric')` writes `2025-10-17` as `10/17/2025`, and
 * `dayFormat('en-US', 'long')` as `October 17, 2025`. Formatted in UTC from
 * the day's own fields, so that the day shown is the day written in every
 * time zone, the build's and the reader's.
 *
 * @param locale the catalogue's locale, e.g. `en-US`
 * @param month `numeric` for lists, `long` for a date in words
 */
export function dayFormat(locale: string, month: 'numeric' | 'long'): (day: CalendarDay) => string {
  const format = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', year: 'numeric', month, day: 'numeric' });
  return (day) => format.format(utcDate(day));
}

/**
 * The calendar day of a YAML timestamp that was read as a Date at UTC midnight
 * (js-yaml's reading of an unquoted `2025-10-17`).
 *
 * @param date the parsed value
 */
export function calendarDayOfUTCDate(date: Date): CalendarDay | null {
  if (Number.isNaN(date.getTime())) return null;
  return parseCalendarDay(date.toISOString().slice(0, 10));
}

/**
 * Whole months from one day to a later one, counted as a person would: from
 * 2025-10-17 to 2026-10-16 is 11 months, to 2026-10-17 is 12.
 *
 * @param from the earlier day
 * @param to the later day
 */
export function monthsBetween(from: CalendarDay, to: CalendarDay): number {
  const [fromYear, fromMonth, fromDay] = from.split('-').map(Number) as [number, number, number];
  const [toYear, toMonth, toDay] = to.split('-').map(Number) as [number, number, number];
  const months = (toYear - fromYear) * 12 + (toMonth - fromMonth);
  return toDay < fromDay ? months - 1 : months;
}

/** The calendar day of a moment, in UTC (the build's "today"). */
export function calendarDayOf(moment: Date): CalendarDay {
  return moment.toISOString().slice(0, 10) as CalendarDay;
}

/**
 * The calendar day of a moment on this computer's clock, in its own time
 * zone: what the author calls today. At 9 pm in Florida, UTC is already on
 * the next day.
 *
 * @param moment the moment, usually now
 */
export function localCalendarDay(moment: Date): CalendarDay {
  const pad = (value: number, width: number) => String(value).padStart(width, '0');
  return `${pad(moment.getFullYear(), 4)}-${pad(moment.getMonth() + 1, 2)}-${pad(moment.getDate(), 2)}` as CalendarDay;
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** A month by its name or its first three letters (`Nov`, `Nov.`), as 1 to 12. */
function monthNumber(name: string): number | undefined {
  const word = name.toLowerCase().replace(/\.$/, '');
  const index = MONTHS.findIndex((month) => month === word || (word.length >= 3 && month.startsWith(word)));
  return index === -1 ? undefined : index + 1;
}

function isoDay(year: number, month: number | undefined, day: number): CalendarDay | null {
  if (month === undefined) return null;
  return parseCalendarDay(`${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`);
}

/**
 * The day meant by a date written in another common form: `11/28/2026` (read
 * as the US writes it, month first, unless the first number cannot be a
 * month), `2026/11/28`, `November 28, 2026`, `28 November 2026`.
 *
 * @returns the day, or `null` when the text is in none of these forms or is no real day in it
 */
export function dayWrittenOtherwise(text: string): CalendarDay | null {
  const written = text.trim();
  const numeric = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(written);
  if (numeric) {
    const [first, second, year] = numeric.slice(1).map(Number) as [number, number, number];
    return first > 12 ? isoDay(year, second, first) : isoDay(year, first, second);
  }
  const yearFirst = /^(\d{4})[/.](\d{1,2})[/.](\d{1,2})$/.exec(written);
  if (yearFirst) return isoDay(Number(yearFirst[1]), Number(yearFirst[2]), Number(yearFirst[3]));
  const monthFirst = /^([A-Za-z]+\.?)\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})$/.exec(written);
  if (monthFirst) return isoDay(Number(monthFirst[3]), monthNumber(monthFirst[1] as string), Number(monthFirst[2]));
  const dayFirst = /^(\d{1,2})\s+([A-Za-z]+\.?),?\s+(\d{4})$/.exec(written);
  if (dayFirst) return isoDay(Number(dayFirst[3]), monthNumber(dayFirst[2] as string), Number(dayFirst[1]));
  return null;
}

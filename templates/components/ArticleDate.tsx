import { formatDateLong, formatDateUS, type CalendarDay } from '../../build/lib/calendar-day.ts';

/** A machine-readable date shown in US format: `10/17/2025`, or `October 17, 2025` when `long`. */
export function ArticleDate({ day, long = false }: { day: CalendarDay; long?: boolean }) {
  return <time dateTime={day}>{long ? formatDateLong(day) : formatDateUS(day)}</time>;
}

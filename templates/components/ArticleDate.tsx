import type { CalendarDay } from '../../build/lib/calendar-day.ts';
import type { Messages } from '../messages/index.ts';

/** A machine-readable date shown as the page's language writes it in a list (`10/17/2025`), or in words when `long` (`October 17, 2025`). */
export function ArticleDate({ day, dates, long = false }: { day: CalendarDay; dates: Messages['dates']; long?: boolean }) {
  return <time dateTime={day}>{long ? dates.long(day) : dates.list(day)}</time>;
}

/**
 * The moment a build happens: SOURCE_DATE_EPOCH when set (the
 * reproducible-builds convention, so that two builds of the same input are
 * identical and say the same things), otherwise the clock. It gives the year
 * printed in the copyright line (the widget script then shows the reader's
 * current year) and the day against which review ages are measured.
 */
import { UsageError } from '../diagnostics/index.ts';

/** Whole seconds since 1970, as `date +%s` prints them: the convention's form. */
const EPOCH_SECONDS = /^\d{1,12}$/;
/** The pages and the content write a year in four digits. */
const LAST_YEAR = 9999;

/**
 * A malformed value stops the command, as the convention asks, rather than
 * let the clock make a build that cannot be made again.
 *
 * @param sourceDateEpoch seconds since 1970, as text, or undefined
 * @param now the build's clock
 */
export function buildTime(sourceDateEpoch: string | undefined, now: Date): Date {
  const written = sourceDateEpoch?.trim() ?? '';
  if (written === '') return now;
  const moment = new Date(Number(written) * 1000);
  if (!EPOCH_SECONDS.test(written) || moment.getUTCFullYear() > LAST_YEAR) {
    throw new UsageError(`SOURCE_DATE_EPOCH must be whole seconds since 1970, as \`date +%s\` prints them, not "${sourceDateEpoch}"; unset it to build with today's date.`);
  }
  return moment;
}

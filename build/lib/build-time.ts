/**
 * The moment a build happens: SOURCE_DATE_EPOCH when set (the
 * reproducible-builds convention, so that two builds of the same input are
 * identical and say the same things), otherwise the clock. It gives the year
 * printed in the copyright line (the widget script then shows the reader's
 * current year) and the day against which review ages are measured.
 *
 * @param sourceDateEpoch seconds since 1970, as text, or undefined
 * @param now the build's clock
 */
export function buildTime(sourceDateEpoch: string | undefined, now: Date): Date {
  const seconds = sourceDateEpoch === undefined || sourceDateEpoch.trim() === '' ? Number.NaN : Number(sourceDateEpoch);
  return Number.isFinite(seconds) ? new Date(seconds * 1000) : now;
}

/**
 * The year printed in the copyright line of the HTML: from SOURCE_DATE_EPOCH
 * when set (the reproducible-builds convention, so two builds of the same
 * input are identical), otherwise from the build's clock. The widget script
 * replaces it with the reader's current year.
 *
 * @param sourceDateEpoch seconds since 1970, as text, or undefined
 * @param now the build's clock
 */
export function buildYear(sourceDateEpoch: string | undefined, now: Date): number {
  const seconds = sourceDateEpoch === undefined || sourceDateEpoch.trim() === '' ? Number.NaN : Number(sourceDateEpoch);
  const when = Number.isFinite(seconds) ? new Date(seconds * 1000) : now;
  return when.getUTCFullYear();
}

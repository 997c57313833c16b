/**
 * US telephone numbers as the physician writes them ("(305) 555-0142",
 * "305-555-0142", "+1 305 555 0142"), read into the form the site shows and
 * the form a phone dials from a `tel:` link.
 */

/** A US telephone number, as the site shows it and as a phone dials it. */
export interface PhoneNumber {
  /** `(305) 555-0142` */
  display: string;
  /** `+13055550142`, for a `tel:` link */
  dial: string;
}

/** Only the characters people write in a phone number; a + only before the country code 1. */
const WRITTEN = /^\s*(?:\+\s*1)?[\d\s().-]+$/;
/** Area code and exchange both start with 2–9 (the North American Numbering Plan). */
const NANP = /^([2-9]\d{2})([2-9]\d{2})(\d{4})$/;

/**
 * @param text the number as written
 * @returns the number, or undefined when it is not a 10-digit US number (an optional leading 1 or +1 allowed)
 */
export function parsePhone(text: string): PhoneNumber | undefined {
  if (!WRITTEN.test(text)) return undefined;
  const digits = text.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  const match = NANP.exec(national);
  if (!match) return undefined;
  const [, area, exchange, line] = match as unknown as [string, string, string, string];
  return { display: `(${area}) ${exchange}-${line}`, dial: `+1${area}${exchange}${line}` };
}

/** `+1-305-555-0142`: how schema.org's examples write a telephone. */
export function internationalPhone(phone: PhoneNumber): string {
  const digits = phone.dial.slice(2);
  return `+1-${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/**
 * True for the numbers 555-0100 to 555-0199 of any area code, which are set
 * aside for films and examples and never reach anyone: the sample's.
 */
export function isFictionalPhone(phone: PhoneNumber): boolean {
  return /^\+1\d{3}55501\d{2}$/.test(phone.dial);
}

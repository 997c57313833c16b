/**
 * How patients reach the practice, from the identity file: its phone,
 * address, office hours, languages, appointments, Medicare and plans, and
 * what to do after hours. Read from the front matter as the `yaml` package
 * parsed it, so that a mistake inside the address or the hours is reported at
 * its own line, and a time or a ZIP code is read as written.
 */
import { isMap, isScalar, isSeq, type Node as YamlNode, type Pair } from 'yaml';
import { problem, type ContentDiagnostic } from '../diagnostics/index.ts';
import { overlappingHours, parseDays, parseTime } from '../lib/office-hours.ts';
import { oneLineAddress } from '../lib/postal-address.ts';
import { parsePhone } from '../lib/phone.ts';
import type { SiteSource } from '../parse/index.ts';
import { scalarText } from './fields.ts';
import type { OfficeHours, PhoneNumber, PracticeAddress, PracticeContact } from './types.ts';

/** The identity file's fields about reaching the practice, in the order the guide gives them. */
export const CONTACT_FIELDS = ['phone', 'address', 'hours', 'languages', 'appointmentUrl', 'acceptsMedicare', 'insurancePlans', 'afterHoursPhone', 'afterHours'] as const;

const ADDRESS_FIELDS = ['street', 'city', 'state', 'zip', 'country'] as const;
const REQUIRED_ADDRESS_FIELDS = ['street', 'city', 'state', 'zip'] as const;
const HOURS_FIELDS = ['days', 'opens', 'closes'] as const;

type Report = (diagnostic: ContentDiagnostic) => void;
type AddressField = (typeof ADDRESS_FIELDS)[number];

/** The text of a scalar as written (quotes removed), trimmed; undefined for a list, a group, or nothing. */
export function writtenText(node: unknown): string | undefined {
  if (!isScalar(node) || node.value === null || node.value === undefined) return undefined;
  const text = (typeof node.source === 'string' ? node.source : scalarText(node.value)).trim();
  return text === '' ? undefined : text;
}

/** The key of a pair as text. */
const keyOf = (pair: Pair): string => String(isScalar(pair.key) ? pair.key.value : pair.key);

/** Reads the identity file's front matter as a document of nodes, each with its line, and remembers whether any value was wrong. */
class Reader {
  /** An error was reported: the contact details cannot be made. */
  failed = false;
  readonly report: Report;

  constructor(
    readonly source: SiteSource,
    report: Report,
  ) {
    this.report = (diagnostic) => {
      if (diagnostic.severity === 'error') this.failed = true;
      report(diagnostic);
    };
  }

  /** The top-level node of a field, or undefined when it is not there. */
  node(field: string): YamlNode | undefined {
    const contents = this.source.yaml.document.contents;
    return isMap(contents) ? contents.get(field, true) : undefined;
  }

  at(node: unknown, fallbackField?: string): { file: string; line: number | undefined } {
    const line = this.source.yaml.lineOf(node as YamlNode) ?? (fallbackField === undefined ? undefined : this.source.fields.get(fallbackField)?.line);
    return { file: this.source.file, line };
  }

  missing(field: string): void {
    this.report(problem('siteFieldMissing', { file: this.source.file, line: this.source.fields.get(field)?.line ?? 1 }, { field }));
  }

  /** A top-level text field; a list or group there is reported. */
  text(field: string): string | undefined {
    const node = this.node(field);
    if (node !== undefined && (isMap(node) || isSeq(node))) this.report(problem('fieldNotText', this.at(node, field), { field }));
    return writtenText(node);
  }

  phone(field: string, required: boolean): PhoneNumber | undefined {
    const written = this.text(field);
    if (written === undefined) {
      if (required && !isMap(this.node(field)) && !isSeq(this.node(field))) this.missing(field);
      return undefined;
    }
    const phone = parsePhone(written);
    if (phone === undefined) this.report(problem('phoneInvalid', this.at(this.node(field), field), { field, written }));
    return phone;
  }

  /** Unknown keys inside a group: most often a misspelling, warned about as the top-level ones are. */
  warnUnknown(map: { items: Pair[] }, known: readonly string[]): void {
    for (const pair of map.items) {
      const key = keyOf(pair);
      if (!known.includes(key)) this.report(problem('unknownField', this.at(pair.key), { field: key, known }));
    }
  }

  address(): PracticeAddress | undefined {
    const node = this.node('address');
    if (node === undefined || (isScalar(node) && writtenText(node) === undefined)) {
      this.missing('address');
      return undefined;
    }
    if (!isMap(node)) {
      this.report(problem('addressNotFields', this.at(node, 'address')));
      return undefined;
    }
    this.warnUnknown(node, ADDRESS_FIELDS);
    const parts: Partial<Record<AddressField, string>> = {};
    let complete = true;
    for (const part of ADDRESS_FIELDS) {
      const value = node.get(part, true) as YamlNode | undefined;
      if (value !== undefined && !isScalar(value)) {
        this.report(problem('fieldNotText', this.at(value, 'address'), { field: part }));
        complete = false;
        continue;
      }
      parts[part] = writtenText(value);
      if (parts[part] === undefined && (REQUIRED_ADDRESS_FIELDS as readonly string[]).includes(part)) {
        this.report(problem('addressMissing', this.at(value ?? node, 'address'), { part }));
        complete = false;
      }
    }
    const zip = parts.zip;
    const country = parts.country ?? 'US';
    if (zip !== undefined && /^(US|USA|United States)$/i.test(country) && !/^\d{5}(-\d{4})?$/.test(zip)) {
      this.report(problem('zipInvalid', this.at(node.get('zip', true), 'address'), { written: zip }));
      complete = false;
    }
    if (!complete) return undefined;
    return { street: parts.street ?? '', city: parts.city ?? '', state: parts.state ?? '', zip: zip ?? '', country };
  }

  /** One entry of the hours, or undefined when it has a mistake (reported). */
  hoursEntry(item: unknown, position: number): OfficeHours | undefined {
    if (!isMap(item)) {
      this.report(problem('hoursNotList', this.at(item, 'hours')));
      return undefined;
    }
    this.warnUnknown(item, HOURS_FIELDS);
    const daysNode = item.get('days', true) as YamlNode | undefined;
    const written = isSeq(daysNode) ? daysNode.items.map((day) => writtenText(day) ?? '') : writtenText(daysNode);
    let ok = true;
    let days: ReturnType<typeof parseDays>;
    if (written === undefined || (Array.isArray(written) && written.length === 0)) {
      this.report(problem('hoursEntryMissing', this.at(daysNode ?? item), { position, missing: 'days' }));
      ok = false;
    } else {
      days = parseDays(written);
      if (days === undefined) {
        this.report(problem('hoursDaysInvalid', this.at(daysNode), { position, written: typeof written === 'string' ? written : written.join(', ') }));
        ok = false;
      }
    }
    const times: Partial<Record<'opens' | 'closes', string>> = {};
    for (const field of ['opens', 'closes'] as const) {
      const node = item.get(field, true) as YamlNode | undefined;
      const text = writtenText(node);
      if (text === undefined) {
        this.report(problem('hoursEntryMissing', this.at(node ?? item), { position, missing: field }));
        ok = false;
        continue;
      }
      times[field] = parseTime(text);
      if (times[field] === undefined) {
        this.report(problem('hoursTimeInvalid', this.at(node), { position, field, written: text }));
        ok = false;
      }
    }
    if (!ok || days === undefined || times.opens === undefined || times.closes === undefined) return undefined;
    if (times.closes <= times.opens) {
      this.report(problem('hoursReversed', this.at(item), { position, opens: writtenText(item.get('opens', true)) ?? '', closes: writtenText(item.get('closes', true)) ?? '' }));
      return undefined;
    }
    return { days, opens: times.opens, closes: times.closes };
  }

  hours(): OfficeHours[] | undefined {
    const node = this.node('hours');
    if (node === undefined || (isScalar(node) && writtenText(node) === undefined)) {
      this.missing('hours');
      return undefined;
    }
    if (!isSeq(node) || node.items.length === 0) {
      this.report(problem('hoursNotList', this.at(node, 'hours')));
      return undefined;
    }
    const entries = node.items.map((item, index) => this.hoursEntry(item, index + 1));
    if (!entries.every((entry) => entry !== undefined)) return undefined;
    const overlap = overlappingHours(entries);
    if (overlap !== undefined) this.report(problem('hoursOverlap', this.at(node.items[overlap.second - 1] as YamlNode), overlap));
    return overlap === undefined ? entries : undefined;
  }

  /** A list of names; text on the field's own line is one item, or several split at commas when `commas`. */
  list(field: string, commas: boolean): string[] | undefined {
    const node = this.node(field);
    if (node === undefined) return [];
    if (isScalar(node)) {
      const text = writtenText(node);
      if (text === undefined) return [];
      return commas ? text.split(',').map((item) => item.trim()).filter((item) => item !== '') : [text];
    }
    if (!isSeq(node) || !node.items.every((item) => isScalar(item))) {
      this.report(problem('siteListInvalid', this.at(node, field), { field }));
      return undefined;
    }
    return node.items.map((item) => writtenText(item)).filter((item) => item !== undefined);
  }

  /** true, false, yes or no; undefined when not given. */
  yesNo(field: string): boolean | undefined {
    const written = this.text(field);
    if (written === undefined) return undefined;
    if (/^(true|yes)$/i.test(written)) return true;
    if (/^(false|no)$/i.test(written)) return false;
    this.report(problem('siteFieldInvalid', this.at(this.node(field), field), { field, written, example: `${field}: true (or false)` }));
    return undefined;
  }

  webAddress(field: string): string | undefined {
    const written = this.text(field);
    if (written === undefined) return undefined;
    if (/^https?:\/\/[^\s/]+\.[^\s]+$/i.test(written)) return written;
    this.report(problem('siteFieldInvalid', this.at(this.node(field), field), { field, written, example: `${field}: https://portal.your-practice.com (or leave it empty to take appointments by phone)` }));
    return undefined;
  }
}

/** A link that opens the address in Google Maps' search, which works on every phone and computer; nothing is embedded. */
function mapUrl(address: PracticeAddress): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(oneLineAddress(address))}`;
}

/**
 * @param source the identity file, with its front matter as a YAML document
 * @returns the contact details, or undefined when one has a mistake (each reported)
 */
export function modelContact(source: SiteSource, report: Report): PracticeContact | undefined {
  const read = new Reader(source, report);
  const phone = read.phone('phone', true);
  const address = read.address();
  const hours = read.hours();
  const languages = read.list('languages', true);
  const insurancePlans = read.list('insurancePlans', false);
  const appointmentUrl = read.webAddress('appointmentUrl');
  const acceptsMedicare = read.yesNo('acceptsMedicare');
  const afterHoursPhone = read.phone('afterHoursPhone', false);
  const afterHours = read.text('afterHours');
  if (read.failed || phone === undefined || address === undefined || hours === undefined || languages === undefined || insurancePlans === undefined) return undefined;
  return { phone, address, mapUrl: mapUrl(address), hours, languages, appointmentUrl, acceptsMedicare, insurancePlans, afterHoursPhone, afterHours };
}

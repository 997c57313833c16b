import { closedDays, daysLabel, formatTime } from '../../build/lib/office-hours.ts';
import type { PhoneNumber, PracticeContact, SiteIdentity } from '../../build/model/types.ts';

/** A phone number a phone can dial with one tap: its digits in the href, its usual form on screen, after `label` if given. */
export function PhoneLink({ phone, className, label }: { phone: PhoneNumber; className?: string; label?: string }) {
  return (
    <a className={className} href={`tel:${phone.dial}`}>
      {label === undefined ? phone.display : `${label} ${phone.display}`}
    </a>
  );
}

/** "English and Spanish", "English, Spanish and Creole" */
function spokenList(items: readonly string[]): string {
  return items.length <= 2 ? items.join(' and ') : `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}`;
}

function Hours({ contact }: { contact: PracticeContact }) {
  const closed = closedDays(contact.hours);
  return (
    <dl className="contact__hours">
      {contact.hours.map((entry) => (
        <div key={`${entry.days.join()}-${entry.opens}`}>
          <dt>{daysLabel(entry.days)}</dt>
          <dd>
            <time dateTime={entry.opens}>{formatTime(entry.opens)}</time>–<time dateTime={entry.closes}>{formatTime(entry.closes)}</time>
          </dd>
        </div>
      ))}
      {closed.length > 0 && (
        <div>
          <dt>{daysLabel(closed)}</dt>
          <dd>Closed</dd>
        </div>
      )}
    </dl>
  );
}

/** Call, and visit: the phone large enough to tap, the address, and a plain link to a map. */
function CallAndVisit({ site }: { site: SiteIdentity }) {
  const { contact } = site;
  const { address } = contact;
  return (
    <div className="contact__group">
      <h3>Call</h3>
      <p>
        <PhoneLink phone={contact.phone} className="contact__phone" />
      </p>
      <h3>Visit</h3>
      <address className="contact__address">
        {site.practice !== '' && (
          <>
            {site.practice}
            <br />
          </>
        )}
        {address.street}
        <br />
        {address.city}, {address.state} {address.zip}
      </address>
      <p>
        <a href={contact.mapUrl}>
          Map and directions<span className="contact__note"> (Google Maps)</span>
        </a>
      </p>
    </div>
  );
}

function MedicareAndPlans({ contact }: { contact: PracticeContact }) {
  if (contact.acceptsMedicare === undefined && contact.insurancePlans.length === 0) return null;
  return (
    <>
      <h3>Medicare and insurance</h3>
      {contact.acceptsMedicare !== undefined && <p>{contact.acceptsMedicare ? 'The practice accepts Medicare.' : 'The practice does not accept Medicare.'}</p>}
      {contact.insurancePlans.length > 0 && (
        <>
          <p>Plans accepted:</p>
          <ul className="contact__plans">
            {contact.insurancePlans.map((plan) => (
              <li key={plan}>{plan}</li>
            ))}
          </ul>
          <p>Plans change every year: please call to check that yours is accepted.</p>
        </>
      )}
    </>
  );
}

function Appointments({ contact }: { contact: PracticeContact }) {
  return (
    <div className="contact__group">
      <h3>Appointments</h3>
      <p>
        To ask for an appointment, call <PhoneLink phone={contact.phone} /> during office hours
        {contact.appointmentUrl === undefined ? (
          '.'
        ) : (
          <>
            , or <a href={contact.appointmentUrl}>request one through the patient portal</a>.
          </>
        )}
      </p>
      <MedicareAndPlans contact={contact} />
    </div>
  );
}

function AfterHours({ contact }: { contact: PracticeContact }) {
  return (
    <div className="contact__group">
      <h3>After hours</h3>
      <p>
        <strong>
          In a medical emergency, call <a href="tel:911">911</a>
        </strong>{' '}
        or go to the nearest emergency room.
      </p>
      {contact.afterHoursPhone !== undefined && (
        <p>
          After-hours line: <PhoneLink phone={contact.afterHoursPhone} />
        </p>
      )}
      {contact.afterHours !== undefined && <p>{contact.afterHours}</p>}
    </div>
  );
}

/**
 * How patients reach the practice, on the home and About pages: phone, address
 * with a link to a map (a plain link: no map is embedded, so the page still
 * loads nothing from another website), office hours, languages, how to ask for
 * an appointment, Medicare and plans, and what to do after hours.
 *
 * @param id the anchor of the section; the About page's is where the legal notice and the footer point
 */
export function ContactDetails({ site, id }: { site: SiteIdentity; id: string }) {
  const { contact } = site;
  const titleId = `${id}-title`;
  return (
    <section className="contact" id={id} aria-labelledby={titleId}>
      <h2 id={titleId}>Contact the practice</h2>
      <div className="contact__grid">
        <CallAndVisit site={site} />
        <div className="contact__group">
          <h3>Office hours</h3>
          <Hours contact={contact} />
          {contact.languages.length > 0 && (
            <>
              <h3>Languages</h3>
              <p>The office speaks {spokenList(contact.languages)}.</p>
            </>
          )}
        </div>
        <Appointments contact={contact} />
        <AfterHours contact={contact} />
      </div>
    </section>
  );
}

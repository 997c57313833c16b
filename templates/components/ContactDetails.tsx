import { closedDays, daysLabel } from '../../build/lib/office-hours.ts';
import type { PhoneNumber, PracticeContact, SiteIdentity } from '../../build/model/types.ts';
import type { Messages } from '../messages/index.ts';
import { Sentence } from './Sentence.tsx';

/** The contact block's words, and the joining of a list. */
type Words = Messages['contact'] & { list: Messages['lists']['and'] };

/**
 * A phone number a phone can dial with one tap: its digits in the href, its
 * usual form on screen, after `label` if given. Where it must wrap (a large
 * text on a small phone), it wraps between its area code and the rest, never
 * at a hyphen: each group is kept whole.
 */
export function PhoneLink({ phone, className, label }: { phone: PhoneNumber; className?: string; label?: string }) {
  const [areaCode, ...rest] = phone.display.split(' ');
  return (
    <a className={className} href={`tel:${phone.dial}`}>
      {/* One box inside the link, so that a link laid out as a flex box (a button) wraps it as the text it is. */}
      <span>
        {label === undefined ? '' : `${label} `}
        <span className="phone-group">{areaCode}</span> <span className="phone-group">{rest.join(' ')}</span>
      </span>
    </a>
  );
}

function Hours({ contact, words }: { contact: PracticeContact; words: Words }) {
  const closed = closedDays(contact.hours);
  return (
    <dl className="contact__hours">
      {contact.hours.map((entry) => (
        <div key={`${entry.days.join()}-${entry.opens}`}>
          <dt>{daysLabel(entry.days, words)}</dt>
          <dd>
            <time dateTime={entry.opens}>{words.time(entry.opens)}</time>–<time dateTime={entry.closes}>{words.time(entry.closes)}</time>
          </dd>
        </div>
      ))}
      {closed.length > 0 && (
        <div>
          <dt>{daysLabel(closed, words)}</dt>
          <dd>{words.closed}</dd>
        </div>
      )}
    </dl>
  );
}

/** Call, and visit: the phone large enough to tap, the address, and a plain link to a map. */
function CallAndVisit({ site, words }: { site: SiteIdentity; words: Words }) {
  const { contact } = site;
  const { address } = contact;
  return (
    <div className="contact__group">
      <h3>{words.call}</h3>
      <p>
        <PhoneLink phone={contact.phone} className="contact__phone" />
      </p>
      <h3>{words.visit}</h3>
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
          {words.map}
          <span className="contact__note">{words.mapNote}</span>
        </a>
      </p>
    </div>
  );
}

function MedicareAndPlans({ contact, words }: { contact: PracticeContact; words: Words }) {
  if (contact.acceptsMedicare === undefined && contact.insurancePlans.length === 0) return null;
  return (
    <>
      <h3>{words.medicareTitle}</h3>
      {contact.acceptsMedicare !== undefined && <p>{contact.acceptsMedicare ? words.acceptsMedicare : words.refusesMedicare}</p>}
      {contact.insurancePlans.length > 0 && (
        <>
          <p>{words.plansAccepted}</p>
          <ul className="contact__plans">
            {contact.insurancePlans.map((plan) => (
              <li key={plan}>{plan}</li>
            ))}
          </ul>
          <p>{words.plansChange}</p>
        </>
      )}
    </>
  );
}

function Appointments({ contact, words }: { contact: PracticeContact; words: Words }) {
  const { appointmentUrl } = contact;
  const portal = appointmentUrl === undefined ? undefined : (text: string) => <a href={appointmentUrl}>{text}</a>;
  return (
    <div className="contact__group">
      <h3>{words.appointments}</h3>
      <p>
        <Sentence pieces={words.askForAppointment({ phone: <PhoneLink phone={contact.phone} />, portal })} />
      </p>
      <MedicareAndPlans contact={contact} words={words} />
    </div>
  );
}

function AfterHours({ contact, words }: { contact: PracticeContact; words: Words }) {
  return (
    <div className="contact__group">
      <h3>{words.afterHours}</h3>
      <p>
        <strong>
          <Sentence pieces={words.emergency({ call911: (text) => <a href="tel:911">{text}</a> })} />
        </strong>
        {words.emergencyRest}
      </p>
      {contact.afterHoursPhone !== undefined && (
        <p>
          <Sentence pieces={words.afterHoursLine({ phone: <PhoneLink phone={contact.afterHoursPhone} /> })} />
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
export function ContactDetails({ site, messages, id }: { site: SiteIdentity; messages: Messages; id: string }) {
  const { contact } = site;
  const titleId = `${id}-title`;
  const words: Words = { ...messages.contact, list: messages.lists.and };
  return (
    <section className="contact" id={id} aria-labelledby={titleId}>
      <h2 id={titleId}>{words.title}</h2>
      <div className="contact__grid">
        <CallAndVisit site={site} words={words} />
        <div className="contact__group">
          <h3>{words.hours}</h3>
          <Hours contact={contact} words={words} />
          {contact.languages.length > 0 && (
            <>
              <h3>{words.languages}</h3>
              <p>{words.speaks(words.list(contact.languages))}</p>
            </>
          )}
        </div>
        <Appointments contact={contact} words={words} />
        <AfterHours contact={contact} words={words} />
      </div>
    </section>
  );
}

import { displayName, inPageLanguage, NAV_ITEMS, type PageContext } from '../context.ts';
import { oneLineAddress } from '../../build/lib/postal-address.ts';
import { PhoneLink } from './ContactDetails.tsx';
import { Sentence } from './Sentence.tsx';


/**
 * The footer of every page: the practice's phone and a way to its address and
 * hours, the legal notice the spec requires everywhere
 * (spec §1), the affiliation disclaimer, the no-advertising and privacy
 * statements (HONcode: financial disclosure, advertising policy, privacy), and
 * the copyright line with the year (the widget script updates it to the
 * reader's current year).
 */
export function Footer({ context }: { context: PageContext }) {
  const { site, messages } = context;
  const words = messages.footer;
  // The About page's contact section: where the footer and the legal notice send a reader who wants to reach the practice.
  const contactHref = inPageLanguage(context, '/about#contact');
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <p className="footer-contact">
          <Sentence pieces={words.call({ practice: site.practice, phone: <PhoneLink phone={site.contact.phone} /> })} />
          <span aria-hidden="true"> · </span>
          <a className="footer-contact__directions" href={contactHref}>
            {words.directions}
          </a>
          <span className="footer-contact__address">{oneLineAddress(site.contact.address)}</span>
        </p>
        <section className="legal-notice" aria-labelledby="legal-notice-title">
          <h2 id="legal-notice-title">{words.legalTitle}</h2>
          <p>
            <Sentence pieces={words.legal({ contact: (text) => <a href={contactHref}>{text}</a> })} />
          </p>
          <p>{site.affiliationDisclaimer}</p>
          <p>{words.emergency}</p>
          <p>
            <strong>{words.noAdvertising.lead}</strong> {words.noAdvertising.text}
          </p>
          <p>
            <strong>{words.privacy.lead}</strong> {words.privacy.text}
          </p>
        </section>
        <nav className="footer-nav" aria-label={words.navigation}>
          <ul>
            <li>
              <a href={inPageLanguage(context, '/')}>{messages.nav.home}</a>
            </li>
            {NAV_ITEMS.map((item) => (
              <li key={item.href}>
                <a href={inPageLanguage(context, item.href)}>{messages.nav[item.name]}</a>
              </li>
            ))}
          </ul>
        </nav>
        <p className="copyright">
          <Sentence pieces={words.copyright({ year: <span data-current-year="">{context.year}</span>, name: displayName(site) })} />
        </p>
      </div>
    </footer>
  );
}

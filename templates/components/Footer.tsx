import { displayName, NAV_ITEMS, type PageContext } from '../context.ts';
import { oneLineAddress } from '../../build/lib/postal-address.ts';
import { PhoneLink } from './ContactDetails.tsx';

/** The About page's contact section: where the footer and the legal notice send a reader who wants to reach the practice. */
const CONTACT_HREF = '/about#contact';

/**
 * The footer of every page: the practice's phone and a way to its address and
 * hours, the legal notice the spec requires everywhere
 * (spec §1), the affiliation disclaimer, the no-advertising and privacy
 * statements (HONcode: financial disclosure, advertising policy, privacy), and
 * the copyright line with the year (the widget script updates it to the
 * reader's current year).
 */
export function Footer({ context }: { context: PageContext }) {
  const { site } = context;
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <p className="footer-contact">
          {site.practice === '' ? 'Call ' : `${site.practice}: call `}
          <PhoneLink phone={site.contact.phone} />
          <span aria-hidden="true"> · </span>
          <a className="footer-contact__directions" href={CONTACT_HREF}>
            Address, office hours and directions
          </a>
          <span className="footer-contact__address">{oneLineAddress(site.contact.address)}</span>
        </p>
        <section className="legal-notice" aria-labelledby="legal-notice-title">
          <h2 id="legal-notice-title">Legal notice</h2>
          <p>
            The information on this website is for general education only. It is not medical advice, and it is not a
            substitute for care from your own doctor. Reading this site, downloading a handout or{' '}
            <a href={CONTACT_HREF}>contacting the practice</a> through it does not create a physician–patient relationship. Links to other websites are provided for
            convenience and are not endorsements.
          </p>
          <p>{site.affiliationDisclaimer}</p>
          <p>If you think you have a medical emergency, call 911 or go to the nearest emergency room.</p>
          <p>
            <strong>No advertising, no sponsors.</strong> This site carries no advertising and accepts no sponsorship; no
            company pays for or influences its content.
          </p>
          <p>
            <strong>Privacy.</strong> This site sets no cookies and uses no trackers or analytics; its pages load nothing
            from other websites.
          </p>
        </section>
        <nav className="footer-nav" aria-label="Footer">
          <ul>
            <li>
              <a href="/">Home</a>
            </li>
            {NAV_ITEMS.map((item) => (
              <li key={item.href}>
                <a href={item.href}>{item.label}</a>
              </li>
            ))}
          </ul>
        </nav>
        <p className="copyright">
          © <span data-current-year="">{context.year}</span> {displayName(site)}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}

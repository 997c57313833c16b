import { displayName, inPageLanguage, NAV_ITEMS, type PageContext } from '../context.ts';
import { messagesFor } from '../messages/index.ts';

interface HeaderProps {
  context: PageContext;
  /** Path of the page, to mark the active navigation item. */
  path: string;
}

/**
 * The sticky header (spec §2 Shared header): skip link first, then the logo
 * and name linking home, then the navigation with the active item marked.
 * The page itself is `aria-current="page"`; a page inside a section (an
 * article inside Insights) marks the section with `aria-current="true"`.
 * Last, the link to the same page in each other language, named in that
 * language and marked so, that a screen reader says it in its own voice. It
 * stands beside the navigation, not in it: on a phone it shares the brand's
 * row (site.css), where a longer label in another language ("Recursos
 * educativos") leaves the tabs no room for a fourth.
 */
export function Header({ context, path }: HeaderProps) {
  const { site, messages } = context;
  return (
    <header className="site-header" data-site-header="">
      <a className="skip-link" href="#main">
        {messages.header.skipLink}
      </a>
      <div className="site-header__inner">
        <a className="brand" href={inPageLanguage(context, '/')}>
          <img className="brand__logo" src={site.logo.url} width={site.logo.width} height={site.logo.height} alt="" />
          <span className="brand__text">
            <span className="brand__name">{displayName(site)}</span>
            <span className="brand__specialty">{site.specialty}</span>
          </span>
        </a>
        <nav className="site-nav" aria-label={messages.header.navigation}>
          <ul>
            {NAV_ITEMS.map((item) => {
              const href = inPageLanguage(context, item.href);
              const current = path === href ? 'page' : path.startsWith(`${href}/`) ? 'true' : undefined;
              return (
                <li key={item.href}>
                  <a href={href} aria-current={current}>
                    {messages.nav[item.name]}
                  </a>
                </li>
              );
            })}
          </ul>
        </nav>
        {context.alternates.links.length > 0 && (
          <div className="language-links">
            {context.alternates.links.map(({ language, url }) => (
              <a key={language} className="language-link" href={url} lang={messagesFor(language).locale} hrefLang={language}>
                {messagesFor(language).language.name}
              </a>
            ))}
          </div>
        )}
      </div>
    </header>
  );
}

import { ContactDetails } from '../components/ContactDetails.tsx';
import { Photo } from '../components/Photo.tsx';
import { Prose } from '../components/Prose.tsx';
import { displayName, inPageLanguage, type PageContext } from '../context.ts';
import { Document } from '../Document.tsx';

/** A short biography with a photo (spec §2 About), and how to reach the practice (#contact, where the footer points). */
export function AboutPage({ context, biographyHtml, structuredData }: { context: PageContext; biographyHtml: string; structuredData: object }) {
  const { site, messages } = context;
  const words = messages.about;
  return (
    <Document context={context} meta={{ title: words.title(site.name), description: site.tagline, path: inPageLanguage(context, '/about'), structuredData }}>
      <h1>{words.title(displayName(site))}</h1>
      <div className="about">
        <Photo site={site} className="about__photo" />
        <div className="about__text">
          <Prose html={biographyHtml} />
          <dl className="facts">
            <div>
              <dt>{words.specialty}</dt>
              <dd>{site.specialty}</dd>
            </div>
            {site.practice !== '' && (
              <div>
                <dt>{words.practice}</dt>
                <dd>{site.practice}</dd>
              </div>
            )}
            <div>
              <dt>{words.location}</dt>
              <dd>{site.location}</dd>
            </div>
          </dl>
        </div>
      </div>
      <ContactDetails site={site} messages={messages} id="contact" />
    </Document>
  );
}

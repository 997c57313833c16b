import { ContactDetails } from '../components/ContactDetails.tsx';
import { Photo } from '../components/Photo.tsx';
import { Prose } from '../components/Prose.tsx';
import { displayName, type PageContext } from '../context.ts';
import { Document } from '../Document.tsx';

/** A short biography with a photo (spec §2 About), and how to reach the practice (#contact, where the footer points). */
export function AboutPage({ context, biographyHtml, structuredData }: { context: PageContext; biographyHtml: string; structuredData: object }) {
  const { site } = context;
  const name = displayName(site);
  return (
    <Document context={context} meta={{ title: `About ${site.name}`, description: site.tagline, path: '/about', structuredData }}>
      <h1>About {name}</h1>
      <div className="about">
        <Photo site={site} className="about__photo" />
        <div className="about__text">
          <Prose html={biographyHtml} />
          <dl className="facts">
            <div>
              <dt>Specialty</dt>
              <dd>{site.specialty}</dd>
            </div>
            {site.practice !== '' && (
              <div>
                <dt>Practice</dt>
                <dd>{site.practice}</dd>
              </div>
            )}
            <div>
              <dt>Location</dt>
              <dd>{site.location}</dd>
            </div>
          </dl>
        </div>
      </div>
      <ContactDetails site={site} id="contact" />
    </Document>
  );
}

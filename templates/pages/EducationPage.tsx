import { freshnessAttributes, type Notice, type NoticeFacts } from '../../build/lib/review-notice.ts';
import type { TopicSystem } from '../../build/model/types.ts';
import { FreshnessNotice } from '../components/FreshnessNotice.tsx';
import { ExternalIcon, PdfIcon } from '../components/Icons.tsx';
import { TopicItem } from '../components/TopicItem.tsx';
import { ArticleDate } from '../components/ArticleDate.tsx';
import { displayName, type PageContext } from '../context.ts';
import { Document } from '../Document.tsx';

/**
 * The education topics, grouped by system and subgroup, each section reachable
 * at its anchor (`/education#hand-wrist`), with a legend and a disclaimer
 * (spec §2 Education).
 */
export function EducationPage({ context, systems, structuredData, handoutsFreshness }: { context: PageContext; systems: TopicSystem[]; structuredData: object; handoutsFreshness?: { facts: NoticeFacts; notice: Notice | undefined } | undefined }) {
  return (
    <Document context={context} meta={{ title: 'Educational Resources', description: 'Free patient-education handouts to download and print, grouped by body system.', path: '/education', structuredData }}>
      <h1>Educational Resources</h1>
      <p className="lead">Handouts on common conditions, written for patients and families. Download one, print it, and bring your questions to your next visit.</p>
      {context.site.handoutsLastReviewed !== undefined && (
        <div className="handouts-review" {...(handoutsFreshness && freshnessAttributes(handoutsFreshness.facts))}>
          <p className="article__trust">
            <span>
              Handouts last reviewed <ArticleDate day={context.site.handoutsLastReviewed} long /> by {displayName(context.site)}
            </span>
          </p>
          <FreshnessNotice notice={handoutsFreshness?.notice} />
        </div>
      )}

      <EducationIntro systems={systems} />

      {systems.map((system) => (
        <SystemSection key={system.anchor} system={system} siteUrl={context.site.siteUrl} />
      ))}

      <p className="disclaimer">
        These handouts are general information to help you understand a condition and talk with your doctor. They are
        not medical advice, a diagnosis or a treatment plan for you. Outside websites are listed for convenience; this
        practice does not control or endorse them.
      </p>
    </Document>
  );
}

/** The legend of link icons beside the index of topic groups. */
function EducationIntro({ systems }: { systems: TopicSystem[] }) {
  return (
    <div className="education-intro">
      <section className="legend" aria-labelledby="legend-title">
        <h2 id="legend-title">What the links do</h2>
        <dl>
          <div>
            <dt>
              <PdfIcon /> Download PDF
            </dt>
            <dd>Opens a printable handout (a PDF file) on this website.</dd>
          </div>
          <div>
            <dt>
              <ExternalIcon /> External resource
            </dt>
            <dd>Opens a page on another organization’s website in a new tab.</dd>
          </div>
        </dl>
      </section>

      <nav className="section-index" aria-label="Topics on this page">
        <h2>Jump to a topic group</h2>
        <ul>
          {systems.flatMap((system) => [
            <li key={system.anchor}>
              <a href={`#${system.anchor}`}>{system.name}</a>
            </li>,
            ...system.subgroups.map((group) => (
              <li key={group.anchor} className="section-index__sub">
                <a href={`#${group.anchor}`}>{group.name}</a>
              </li>
            )),
          ])}
        </ul>
      </nav>
    </div>
  );
}

/** One body system: its topics without a subgroup, then each subgroup. */
function SystemSection({ system, siteUrl }: { system: TopicSystem; siteUrl: string }) {
  return (
    <section className="topic-system" aria-labelledby={system.anchor}>
      <h2 id={system.anchor}>{system.name}</h2>
      {system.ungrouped.length > 0 && (
        <ul className="topic-list">
          {system.ungrouped.map((topic) => (
            <TopicItem key={topic.title} topic={topic} siteUrl={siteUrl} />
          ))}
        </ul>
      )}
      {system.subgroups.map((group) => (
        <section key={group.anchor} className="topic-group" aria-labelledby={group.anchor}>
          <h3 id={group.anchor}>{group.name}</h3>
          <ul className="topic-list">
            {group.topics.map((topic) => (
              <TopicItem key={topic.title} topic={topic} siteUrl={siteUrl} />
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}

import { freshnessAttributes, type Notice, type NoticeFacts } from '../../build/lib/review-notice.ts';
import type { TopicSystem } from '../../build/model/types.ts';
import { FreshnessNotice } from '../components/FreshnessNotice.tsx';
import { ExternalIcon, PdfIcon } from '../components/Icons.tsx';
import { TopicItem } from '../components/TopicItem.tsx';
import { ArticleDate } from '../components/ArticleDate.tsx';
import { Sentence } from '../components/Sentence.tsx';
import { displayName, inPageLanguage, type PageContext } from '../context.ts';
import { Document } from '../Document.tsx';
import type { Language, Messages } from '../messages/index.ts';

/**
 * The education topics, grouped by system and subgroup, each section reachable
 * at its anchor (`/education#hand-wrist`), with a legend and a disclaimer
 * (spec §2 Education).
 */
export function EducationPage({ context, systems, structuredData, handoutsFreshness }: { context: PageContext; systems: TopicSystem[]; structuredData: object; handoutsFreshness?: { facts: NoticeFacts; notice: Notice | undefined } | undefined }) {
  const { messages } = context;
  const words = messages.education;
  return (
    <Document context={context} meta={{ title: words.title, description: words.description, path: inPageLanguage(context, '/education'), structuredData }}>
      <h1>{words.title}</h1>
      <p className="lead">{words.lead}</p>
      {context.site.handoutsLastReviewed !== undefined && (
        <div className="handouts-review" {...(handoutsFreshness && freshnessAttributes(handoutsFreshness.facts))}>
          <p className="article__trust">
            <span>
              <Sentence pieces={words.lastReviewed({ day: <ArticleDate day={context.site.handoutsLastReviewed} dates={messages.dates} long />, reviewer: displayName(context.site) })} />
            </span>
          </p>
          <FreshnessNotice notice={handoutsFreshness?.notice} />
        </div>
      )}

      <EducationIntro systems={systems} words={words} />

      {systems.map((system) => (
        <SystemSection key={system.anchor} system={system} siteUrl={context.site.siteUrl} words={messages} pageLanguage={context.language} />
      ))}

      <p className="disclaimer">{words.disclaimer}</p>
    </Document>
  );
}

/** The legend of link icons beside the index of topic groups. */
function EducationIntro({ systems, words }: { systems: TopicSystem[]; words: Messages['education'] }) {
  return (
    <div className="education-intro">
      <section className="legend" aria-labelledby="legend-title">
        <h2 id="legend-title">{words.legendTitle}</h2>
        <dl>
          <div>
            <dt>
              <PdfIcon /> {words.downloadPdf}
            </dt>
            <dd>{words.downloadPdfMeaning}</dd>
          </div>
          <div>
            <dt>
              <ExternalIcon /> {words.external}
            </dt>
            <dd>{words.externalMeaning}</dd>
          </div>
        </dl>
      </section>

      <nav className="section-index" aria-label={words.topicIndex}>
        <h2>{words.topicIndexTitle}</h2>
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
function SystemSection({ system, siteUrl, words, pageLanguage }: { system: TopicSystem; siteUrl: string; words: Messages; pageLanguage: Language }) {
  return (
    <section className="topic-system" aria-labelledby={system.anchor}>
      <h2 id={system.anchor}>{system.name}</h2>
      {system.ungrouped.length > 0 && (
        <ul className="topic-list">
          {system.ungrouped.map((topic) => (
            <TopicItem key={topic.title} topic={topic} siteUrl={siteUrl} words={words} pageLanguage={pageLanguage} />
          ))}
        </ul>
      )}
      {system.subgroups.map((group) => (
        <section key={group.anchor} className="topic-group" aria-labelledby={group.anchor}>
          <h3 id={group.anchor}>{group.name}</h3>
          <ul className="topic-list">
            {group.topics.map((topic) => (
              <TopicItem key={topic.title} topic={topic} siteUrl={siteUrl} words={words} pageLanguage={pageLanguage} />
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}

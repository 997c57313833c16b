import type { ArticleSummary, Topic } from '../../build/model/types.ts';
import { ArticleCard } from '../components/ArticleCard.tsx';
import { ContactDetails, PhoneLink } from '../components/ContactDetails.tsx';
import { Photo } from '../components/Photo.tsx';
import { displayName, inPageLanguage, type PageContext } from '../context.ts';
import { Document } from '../Document.tsx';

interface HomePageProps {
  context: PageContext;
  /** The newest published articles (spec §2 Home: 2). */
  newestArticles: ArticleSummary[];
  /** The pair of topics shown when the script does not run, chosen at build time. */
  topicPair: Topic[];
  /** Every topic, from which the script draws a fresh pair on each visit. */
  topicPool: Topic[];
  /** Where "View All Topics" leads: the first system's section. */
  allTopicsHref: string;
  structuredData: object;
}

function TopicTeaser({ topic, education }: { topic: Topic; education: string }) {
  return (
    <li className="teaser-topic">
      <a href={`${education}#${topic.sectionAnchor}`}>{topic.title}</a>
      <span className="teaser-topic__group">{topic.subgroup || topic.system}</span>
    </li>
  );
}

/**
 * The home page (spec §2 Home): the physician with photo and the practice's
 * phone, two handout topics, the two newest Insights, and how to reach the
 * practice. The topic list is re-drawn by the widget script
 * from the inert `<template>` pool, so every visit can show a new pair.
 */
export function HomePage({ context, newestArticles, topicPair, topicPool, allTopicsHref, structuredData }: HomePageProps) {
  const { site, messages } = context;
  const words = messages.home;
  const name = displayName(site);
  return (
    <Document context={context} meta={{ title: name, description: site.tagline, path: inPageLanguage(context, '/'), structuredData }}>
      <section className="hero" aria-labelledby="about-title">
        <Photo site={site} className="hero__photo" />
        <div className="hero__text">
          <p className="eyebrow">{words.eyebrow}</p>
          <h1 id="about-title">{name}</h1>
          <p className="hero__tagline">{site.tagline}</p>
          <p>{site.intro}</p>
          <p className="hero__actions">
            <a className="button" href={inPageLanguage(context, '/about')}>
              {words.moreAbout(site.name)}
            </a>
            <PhoneLink phone={site.contact.phone} className="button button--secondary" label={words.call} />
          </p>
        </div>
      </section>

      <div className="home-columns">
        <section className="panel" aria-labelledby="topics-title">
          <h2 id="topics-title">{words.topicsTitle}</h2>
          <p>{words.topicsLead}</p>
          <ul className="teaser-topics" data-topic-teaser="">
            {topicPair.map((topic) => (
              <TopicTeaser key={topic.title} topic={topic} education={inPageLanguage(context, '/education')} />
            ))}
          </ul>
          <template data-topic-pool="">
            {topicPool.map((topic) => (
              <TopicTeaser key={topic.title} topic={topic} education={inPageLanguage(context, '/education')} />
            ))}
          </template>
          <p>
            <a className="button button--secondary" href={allTopicsHref}>
              {words.allTopics}
            </a>
          </p>
        </section>

        <section className="panel" aria-labelledby="insights-title">
          <h2 id="insights-title">{words.insightsTitle}</h2>
          {newestArticles.length === 0 ? (
            <p>{words.noArticles}</p>
          ) : (
            newestArticles.map((article) => <ArticleCard key={article.url} article={article} headingLevel={3} messages={messages} />)
          )}
          <p>
            <a className="button button--secondary" href={inPageLanguage(context, '/insights')}>
              {words.allInsights}
            </a>
          </p>
        </section>
      </div>

      <ContactDetails site={site} messages={messages} id="contact" />
    </Document>
  );
}

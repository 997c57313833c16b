import { stringify } from 'yaml';
import type { CalendarDay } from '../lib/calendar-day.ts';
import type { ARTICLE_FIELDS } from '../model/articles.ts';

type ArticleField = (typeof ARTICLE_FIELDS)[number];

/**
 * A value as YAML writes it after `key: `, on one line. Written for YAML 1.1,
 * which the front-matter package reads, so that a title such as `Yes`, `2025`
 * or `Knee: What Helps` is quoted and stays text.
 */
function yamlValue(value: string | boolean | never[]): string {
  return stringify(value, { version: '1.1', lineWidth: 0 }).trimEnd();
}

/** The body of a new article: where to start, and the disclaimer every article carries. */
const BODY = `Start with a short paragraph that tells readers what this article will help them understand or decide. Then add sections with \`##\` headings; the page already shows the title as its main heading. To show a photo, save it in \`assets/images/\` and write \`![What it shows](/images/photo.jpg)\` on a line of its own.

This article is for education only. It is not personal medical, legal or financial advice. Please talk with your own doctor about your situation.
`;

/**
 * A new draft article: every front-matter field, with a comment where the
 * value is left for the author, then a body to write over (README "Writing content").
 *
 * @param title the article's title, as the author typed it
 * @param today the day it is started: its date and, for now, its review
 */
export function articleSkeleton(title: string, today: CalendarDay): string {
  // A Record of every field, so that a field added to ARTICLE_FIELDS must be added here too.
  const fields: Record<ArticleField, string> = {
    title: yamlValue(title),
    summary: `${yamlValue('')}  # One or two plain sentences for the home page cards and the Insights list.`,
    date: today,
    draft: `${yamlValue(true)}  # Change to false when the article is ready to publish.`,
    author: `${yamlValue('')}  # Empty: the physician named in content/site.md.`,
    reviewedBy: `${yamlValue('')}  # Who checked the facts; empty: the physician.`,
    lastReviewed: `${today}  # The day the facts were last checked.`,
    sources: `${yamlValue([])}  # Replace [] with a list of "- title: …" and "url: https://…", as in the other articles.`,
  };
  const lines = Object.entries(fields).map(([key, value]) => `${key}: ${value}`);
  return `---\n${lines.join('\n')}\n---\n\n${BODY}`;
}

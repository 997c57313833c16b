import { formatFileSize } from '../../build/lib/file-size.ts';
import { addressMark } from '../../build/lib/link-text.ts';
import type { Topic } from '../../build/model/types.ts';
import { DEFAULT_LANGUAGE } from '../../build/lib/languages.ts';
import type { Language, Messages } from '../messages/index.ts';
import { ExternalIcon, PdfIcon } from './Icons.tsx';

/**
 * One handout on the education page: its title, the PDF link and, where the
 * topic has one, the outside source, which opens in a new tab without giving
 * that page a handle on this one (spec §2 Education, §7). On paper the PDF
 * link prints the handout's full address (`data-print-address`), so that a
 * printed list still says where each handout is.
 */
export function TopicItem({ topic, siteUrl, words: messages, pageLanguage }: { topic: Topic; siteUrl: string; words: Messages; pageLanguage: Language }) {
  const words = messages.education;
  // A handout not yet in the page's language is the default language's, and says so (DECISIONS.md "Languages").
  const otherLanguage = topic.pdfLanguage === pageLanguage ? undefined : topic.pdfLanguage;
  // The outside source is named and written in the original's language, which the topics file does not translate.
  const sourceLanguage = pageLanguage === DEFAULT_LANGUAGE ? undefined : DEFAULT_LANGUAGE;
  return (
    <li className="topic">
      <span className="topic__title">{topic.title}</span>
      <span className="topic__links">
        <a className="topic__link" href={topic.pdfUrl} type="application/pdf" hrefLang={otherLanguage} data-print-address={`${siteUrl}${topic.pdfUrl}`}>
          <PdfIcon />
          {words.downloadPdf}
          <span className="sr-only">{words.pdfOf(topic.title)}</span> <span className="topic__size">{words.pdfSize({ size: formatFileSize(topic.pdfBytes), pages: topic.pdfPages })}</span>
          {otherLanguage !== undefined && <span className="topic__language"> {messages.language.inLanguage(messages.language.names[otherLanguage])}</span>}
        </a>
        {topic.external !== '' && (
          <a
            className="topic__link"
            href={topic.external}
            target="_blank"
            rel="noopener noreferrer"
            hrefLang={sourceLanguage}
            {...addressMark(topic.sourceTitle, topic.external)}
          >
            <ExternalIcon />
            {topic.sourceTitle === '' ? words.moreInformation : sourceLanguage === undefined ? topic.sourceTitle : <span lang={sourceLanguage}>{topic.sourceTitle}</span>}
            {sourceLanguage !== undefined && <span className="topic__language"> {messages.language.inLanguage(messages.language.names[sourceLanguage])}</span>}
            <span className="sr-only">{words.newTab}</span>
          </a>
        )}
      </span>
    </li>
  );
}

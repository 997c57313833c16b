import { NOTICE_CLASS, type Notice, type NoticePart } from '../../build/lib/review-notice.ts';

function Part({ part }: { part: NoticePart }) {
  if (part.kind === 'lead') return <strong>{part.text}</strong>;
  if (part.kind === 'day') return <time dateTime={part.day}>{part.text}</time>;
  if (part.kind === 'link') return <a href={part.href}>{part.text}</a>;
  return <>{part.text}</>;
}

/**
 * "This article may be out of date…", when the build already knows it. The
 * widget script makes the same element (`templates/client/widgets.ts`) from
 * the reader's date when the page was built earlier; the words of both come
 * from `build/lib/review-notice.ts`.
 */
export function FreshnessNotice({ notice }: { notice: Notice | undefined }) {
  if (notice === undefined) return null;
  return (
    <div className={NOTICE_CLASS} role="note" data-freshness-notice={notice.kind}>
      <p>
        {notice.parts.map((part, index) => (
          <Part key={index} part={part} />
        ))}
      </p>
    </div>
  );
}

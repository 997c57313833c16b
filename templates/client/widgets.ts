/**
 * The site's only script, bundled by esbuild. Every page works without it;
 * it adds what a static page cannot do (DECISIONS.md "Behaviour in the
 * browser"): the header logo shrinks past 100 px of scroll, a floating
 * back-to-top button appears past 200 px, the home page draws a fresh pair of
 * topics on each visit, the copyright shows the reader's current year, a page
 * that may be out of date by the reader's own date says so, a printout
 * carries the day it was printed, the single error page shows the article
 * view under /insights/, and a table's box is a keyboard stop only while it
 * scrolls.
 */
import { BACK_TO_TOP_PX, HEADER_SHRINK_PX, HOME_TOPIC_COUNT, TABLE_BOX_CLASS } from '../../build/config.ts';
import { ERROR_DOCUMENT, notFoundFile } from '../../build/host/addresses.ts';
import { localCalendarDay, type CalendarDay } from '../../build/lib/calendar-day.ts';
import { pickRandom, type RandomSource } from '../../build/lib/random-pick.ts';
import { FACTS_MARKER, freshnessNotice, NOTICE_CLASS, NOTICE_MARKER, readFreshnessAttributes, saysMore, type Notice } from '../../build/lib/review-notice.ts';
import { scriptMessagesFor, type ScriptMessages } from '../messages/script.ts';

const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Toggles the header's shrunk state and the button's visibility from one scroll listener. */
function watchScroll(header: HTMLElement | null, backToTop: HTMLButtonElement | null): void {
  const update = () => {
    header?.classList.toggle('is-shrunk', window.scrollY > HEADER_SHRINK_PX);
    if (backToTop) backToTop.hidden = window.scrollY <= BACK_TO_TOP_PX;
  };
  window.addEventListener('scroll', update, { passive: true });
  update();
}

/**
 * Scrolls to the top, smoothly unless the reader asked for less motion, and
 * moves keyboard focus there too, since the button hides itself at the top.
 */
function enableBackToTop(button: HTMLButtonElement | null, top: HTMLElement | null): void {
  button?.addEventListener('click', () => {
    window.scrollTo({ top: 0, behavior: reducedMotion() ? 'auto' : 'smooth' });
    top?.focus({ preventScroll: true });
  });
}

/** Replaces the build-time topic pair with a fresh random pair from the page's pool. */
function redrawTopics(list: HTMLElement | null, pool: HTMLTemplateElement | null, random: RandomSource): void {
  if (!list || !pool) return;
  const items = Array.from(pool.content.children);
  list.replaceChildren(...pickRandom(items, HOME_TOPIC_COUNT, random).map((item) => item.cloneNode(true)));
}

/**
 * Shows the not-found page the host's rule names for this address (its
 * language's, and under Insights the spec's article view) when a host with a
 * single error page (CloudFront, the S3 website endpoint) answers it with
 * 404.html: the page is fetched from where every build writes it, rather
 * than carried twice. A page in another language comes whole, header and
 * footer in its words.
 */
function showNotFound(pageNotFound: Element | null, path: string): void {
  const file = notFoundFile(path);
  if (!pageNotFound || file === ERROR_DOCUMENT) return;
  fetch(`/${file}`)
    .then((response) => (response.ok || response.status === 404 ? response.text() : Promise.reject(new Error(String(response.status)))))
    .then((html) => {
      const page = new DOMParser().parseFromString(html, 'text/html');
      const view = page.querySelector('main');
      const main = pageNotFound.closest('main');
      if (!view || !main) return;
      if (page.documentElement.lang !== document.documentElement.lang) {
        document.documentElement.lang = page.documentElement.lang;
        document.body.replaceWith(document.importNode(page.body, true));
      } else if (view.querySelector('[data-page-not-found]') === null) {
        main.replaceChildren(...Array.from(view.childNodes, (node) => document.importNode(node, true)));
      } else return;
      document.title = page.title;
    })
    .catch(() => {
      // The general not-found page stays, with its links home and to the Insights list.
    });
}

/** The notice as the page template writes it (templates/components/FreshnessNotice.tsx). */
function noticeElement(notice: Notice): HTMLElement {
  const box = document.createElement('div');
  box.className = NOTICE_CLASS;
  box.setAttribute('role', 'note');
  box.setAttribute(NOTICE_MARKER, notice.kind);
  const paragraph = box.appendChild(document.createElement('p'));
  for (const part of notice.parts) {
    if (part.kind === 'text') {
      paragraph.append(part.text);
      continue;
    }
    const element = document.createElement(part.kind === 'lead' ? 'strong' : part.kind === 'day' ? 'time' : 'a');
    if (part.kind === 'day') element.setAttribute('datetime', part.day);
    if (part.kind === 'link') element.setAttribute('href', part.href);
    element.textContent = part.text;
    paragraph.append(element);
  }
  return box;
}

/**
 * Tells the reader, by their own date, that a page may be out of date, when
 * the site was built before it was: each element carrying a review's facts
 * gets the notice the build would have written, at the end of its header (an
 * article) or of itself (the handouts). A notice already in the page stays,
 * unless the reader's date has more to say (a figure's year over since).
 */
function markOutOfDate(today: CalendarDay, words: ScriptMessages): void {
  for (const holder of document.querySelectorAll<HTMLElement>(`[${FACTS_MARKER}]`)) {
    const facts = readFreshnessAttributes(holder.dataset);
    const notice = facts && freshnessNotice(facts, today, words);
    if (!notice) continue;
    const shown = holder.querySelector<HTMLElement>(`[${NOTICE_MARKER}]`);
    if (shown && !saysMore(notice, shown.getAttribute(NOTICE_MARKER) ?? undefined)) continue;
    if (shown) shown.replaceWith(noticeElement(notice));
    else (holder.querySelector(':scope > header') ?? holder).append(noticeElement(notice));
  }
}

/**
 * Writes the reader's day into the print-only line under the header, which
 * already carries the page's address: at once, and again just before
 * printing, in case the page stayed open past midnight.
 */
function datePrintouts(slot: HTMLElement | null, words: ScriptMessages): void {
  if (!slot) return;
  const write = () => {
    slot.textContent = words.widgets.printedOn(words.dates.long(localCalendarDay(new Date())));
    slot.hidden = false;
  };
  write();
  window.addEventListener('beforeprint', write);
}

/**
 * Keeps a table's box a keyboard stop (the markdown stage makes it one) only
 * while it scrolls: on a phone, whose rows are stacked, it would be a stop
 * that does nothing, and taller than the screen.
 */
function focusScrollingTables(boxes: NodeListOf<HTMLElement>): void {
  if (boxes.length === 0) return;
  const update = () => {
    for (const box of boxes) {
      if (box.scrollWidth > box.clientWidth) box.setAttribute('tabindex', '0');
      else box.removeAttribute('tabindex');
    }
  };
  window.addEventListener('resize', update, { passive: true });
  update();
}

function start(): void {
  const words = scriptMessagesFor(document.documentElement.lang);
  watchScroll(document.querySelector<HTMLElement>('[data-site-header]'), document.querySelector<HTMLButtonElement>('[data-back-to-top]'));
  enableBackToTop(document.querySelector<HTMLButtonElement>('[data-back-to-top]'), document.getElementById('top'));
  redrawTopics(document.querySelector<HTMLElement>('[data-topic-teaser]'), document.querySelector<HTMLTemplateElement>('[data-topic-pool]'), Math.random);
  showNotFound(document.querySelector('[data-page-not-found]'), window.location.pathname);
  datePrintouts(document.querySelector<HTMLElement>('[data-print-date]'), words);
  for (const year of document.querySelectorAll('[data-current-year]')) year.textContent = String(new Date().getFullYear());
  markOutOfDate(localCalendarDay(new Date()), words);
  focusScrollingTables(document.querySelectorAll<HTMLElement>(`.${TABLE_BOX_CLASS}`));
}

start();

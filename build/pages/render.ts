import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

/**
 * Renders one page to HTML. `renderToStaticMarkup` adds no React attributes
 * and no hydration data, since the browser never runs React here; it does not
 * write a doctype, so one is added for standards mode.
 *
 * @param element the page's `<Document>` element
 */
export function renderPage(element: ReactElement): string {
  return `<!DOCTYPE html>${renderToStaticMarkup(element)}`;
}

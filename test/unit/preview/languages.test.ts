/**
 * The preview in both languages answers as the published host does
 * (build/host/): each page, feed and handout with the Content-Language the
 * deploy uploads it with, and an unknown address with the one error page,
 * whose script shows the not-found page of the address's language.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { notFoundFile } from '../../../build/host/addresses.ts';
import { type PreviewSite, send, startPreviewWithArticle } from '../../helpers/preview.ts';

let site: PreviewSite;
let articleUrl: string;
before(async () => ({ site, articleUrl } = await startPreviewWithArticle()));
after(() => site.close());

test('pages, feeds and handouts are served in their language, as the deploy uploads them: Spanish under /es and for a .es.pdf, English elsewhere', async () => {
  const spanishList = (await send(site.preview.url, '/es/insights')).body.toString();
  const spanishArticle = /href="(\/es\/insights\/la-parte-d[^"]+)"/.exec(spanishList)?.[1];
  assert.ok(spanishArticle, 'the Spanish Part D article is listed');
  for (const [route, language] of [
    ['/', 'en'],
    [articleUrl, 'en'],
    ['/pdfs/sciatica.pdf', 'en'],
    ['/feed.xml', 'en'],
    ['/es', 'es'],
    ['/es/insights/', 'es'],
    [spanishArticle, 'es'],
    ['/pdfs/sciatica.es.pdf', 'es'],
    ['/es/feed.xml', 'es'],
    ['/images/social-default.png', undefined],
  ] as const) {
    const answer = await send(site.preview.url, route);
    assert.equal(answer.status, 200, route);
    assert.equal(answer.headers['content-language'], language, route);
  }
});

test('an unknown address under /es answers 404 with the one error page, as CloudFront does, and the page its script shows is the Spanish one', async () => {
  const errorPage = (await send(site.preview.url, '/404.html')).body.toString();
  for (const [route, shown, heading] of [
    ['/es/no-existe', 'es/404.html', 'No se encontró la página'],
    ['/es/insights/no-existe', 'es/insights/404.html', 'No se encontró el artículo'],
    ['/no-such-page', '404.html', 'Page not found'],
    ['/insights/no-such-article', 'insights/404.html', 'Article not found'],
  ] as const) {
    const answer = await send(site.preview.url, route);
    assert.equal(answer.status, 404, route);
    assert.equal(answer.body.toString(), errorPage, `${route}: the error page CloudFront's custom error response sends`);
    assert.equal(notFoundFile(route), shown, route);
    const page = await send(site.preview.url, `/${shown}`);
    assert.equal(page.status, 200, shown);
    assert.ok(page.body.toString().includes(`<h1>${heading}</h1>`), `${shown} says ${heading}`);
    const language = shown.startsWith('es/') ? 'es' : 'en';
    assert.match(page.body.toString(), new RegExp(`<html lang="${language}-US"`), shown);
    assert.equal(page.headers['content-language'], language, shown);
  }
});

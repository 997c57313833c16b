/**
 * The preview's script in the browser, added to each HTML page as it is
 * served: reloads the page after a good rebuild that changed or removed it
 * (following an article to its new address when its title changed), and shows what stopped the
 * build over the page while the content has a mistake: the errors, and only how many warnings
 * there are besides, which the terminal lists (an error is not to be looked for among them). Styles are set through the
 * CSSOM, which the site's Content Security Policy allows.
 */
import { reloadNeeded } from '../lib/reload-rule.ts';

const OVERLAY_ID = 'preview-build-error';

function showOverlay(lines: string[], warnings: number): void {
  document.getElementById(OVERLAY_ID)?.remove();
  const overlay = document.createElement('section');
  overlay.id = OVERLAY_ID;
  overlay.setAttribute('role', 'alertdialog');
  overlay.setAttribute('aria-labelledby', `${OVERLAY_ID}-title`);
  overlay.style.cssText =
    'position:fixed;inset:auto 1rem 1rem 1rem;z-index:2147483647;max-height:70vh;overflow:auto;padding:1.25rem 1.5rem;' +
    'background:#2b0d0d;color:#fff;border:3px solid #ff8a80;border-radius:.75rem;font:16px/1.5 system-ui,sans-serif;box-shadow:0 8px 30px rgb(0 0 0/40%)';
  const title = document.createElement('h2');
  title.id = `${OVERLAY_ID}-title`;
  title.textContent = 'The site could not be rebuilt';
  title.style.cssText = 'margin:0 0 .5rem;font-size:1.25rem;color:#fff';
  const note = document.createElement('p');
  note.textContent = 'You are seeing the last version that built. Fix the file and save it: this page reloads by itself.';
  note.style.cssText = 'margin:0 0 .75rem';
  const details = document.createElement('pre');
  details.textContent = lines.join('\n');
  details.style.cssText = 'margin:0;white-space:pre-wrap;font:14px/1.5 ui-monospace,monospace;color:#ffe0dc';
  const close = document.createElement('button');
  close.type = 'button';
  close.textContent = 'Hide';
  close.style.cssText = 'margin-top:1rem;min-height:44px;padding:0 1rem;font:inherit;border-radius:.5rem;border:2px solid #fff;background:transparent;color:#fff;cursor:pointer';
  close.addEventListener('click', () => overlay.remove());
  const elsewhere = document.createElement('p');
  elsewhere.textContent = `The ${warnings === 1 ? 'warning is' : `${warnings} warnings are`} printed in the terminal where the preview runs, not here.`;
  elsewhere.style.cssText = 'margin:.75rem 0 0';
  overlay.append(title, note, details, ...(warnings > 0 ? [elsewhere] : []), close);
  document.body.append(overlay);
}

const events = new EventSource('/__preview/events');

events.addEventListener('reload', (event) => {
  const { moved, written, removed } = JSON.parse((event as MessageEvent<string>).data) as { moved: Record<string, string>; written: string[]; removed: string[] };
  const here = window.location.pathname.replace(/(.)\/$/, '$1');
  const target = moved[here];
  if (target !== undefined) window.location.replace(`${target}${window.location.hash}`);
  else if (document.getElementById(OVERLAY_ID) !== null || reloadNeeded(here, [...written, ...removed], document.querySelector('.not-found') !== null)) window.location.reload();
});

events.addEventListener('build-error', (event) => {
  const { lines, warnings } = JSON.parse((event as MessageEvent<string>).data) as { lines: string[]; warnings: number };
  showOverlay(lines, warnings);
});

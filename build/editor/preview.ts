/**
 * The editor's preview of what is being edited: drawn with the site's own
 * stylesheet, under a note saying where the exact page is seen. The note is a
 * stylesheet of the editor's folder (out/admin/preview.css), since a preview
 * template of the editor's would load a library from another site, which its
 * Content Security Policy refuses.
 */

/** Where the page is seen exactly as readers will see it. */
const PREVIEW_NOTE =
  'A likeness in the site’s stylesheet. The exact page is the one “npm run preview -- --drafts” shows on your computer or, once published, the live site.';

/** The note, above whatever the preview shows. */
export const PREVIEW_NOTE_STYLESHEET = 'preview.css';

export const PREVIEW_NOTE_STYLE = `body::before { content: ${JSON.stringify(PREVIEW_NOTE)}; display: block; margin: 0 0 1.5rem; padding: 0.75rem 1rem; border-left: 0.3rem solid #b4621c; background: #fdf3e7; color: #1c2430; font: 1rem/1.5 system-ui, sans-serif; }`;

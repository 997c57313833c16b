/** Text as HTML shows it, in an element or a double-quoted attribute: its markup characters written as entities. */
export const escapeHtml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

import { PDF_BASE } from '../config.ts';
import { toSlug } from './slug.ts';

/**
 * The file name (without `.pdf`) of a topic's handout: its `pdf` field or,
 * failing that, its slugified title (spec §7). A trailing `.pdf` written in the
 * field is tolerated so that `x.pdf` does not become `x.pdf.pdf`.
 *
 * @param pdf the topic's `pdf` field, possibly empty
 * @param title the topic's title
 */
export function pdfFileStem(pdf: string, title: string): string {
  const stem = pdf.trim().replace(/\.pdf$/i, '');
  return stem === '' ? toSlug(title) : stem;
}

/**
 * The public URL of a handout: `/pdfs/{file}.pdf` (spec §7, §9).
 *
 * @param stem the file name without extension, from {@link pdfFileStem}
 */
export function pdfUrl(stem: string): string {
  return `${PDF_BASE}/${encodeURIComponent(stem)}.pdf`;
}

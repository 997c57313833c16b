/**
 * The two icons of the education page and its legend (spec §2 Education). They
 * are decorative: the words beside them carry the meaning.
 */
export function PdfIcon() {
  return (
    <svg className="icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path d="M6 2h9l5 5v15H6z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
      <path d="M15 2v5h5M9 13h6M9 17h6" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

export function ExternalIcon() {
  return (
    <svg className="icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path d="M14 4h6v6M20 4l-9 9M18 14v6H4V6h6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * A file size as people read it: `820 B`, `84 KB`, `2.4 MB` (1 KB = 1,024 bytes,
 * as file browsers count).
 *
 * @param bytes the size in bytes
 */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

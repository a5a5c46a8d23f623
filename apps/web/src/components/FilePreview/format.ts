/** A file size as people read it: 512 B, 12.5 KB, 3.2 MB. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${+(bytes / 1024).toFixed(1)} KB`;
  return `${+(bytes / 1024 / 1024).toFixed(1)} MB`;
}

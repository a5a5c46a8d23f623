/**
 * Pictures and sound the editor keeps: uploaded files (`/files/...`, or a bucket's http(s) address). The server
 * keeps only the school's own storage; `data:` and other schemes never enter the document at all.
 */
export function isOwnSrc(src: string | null | undefined): src is string {
  return typeof src === 'string' && /^(?:\/files\/|https?:\/\/)\S+$/.test(src);
}

/**
 * Puts text on the clipboard. The Clipboard API exists only on secure origins, and schools often serve the system
 * over plain http on their own network, so the old `copy` command is the fallback. Resolves whether it worked.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const onCopy = (e: ClipboardEvent) => {
      e.preventDefault();
      e.clipboardData?.setData('text/plain', text);
    };
    document.addEventListener('copy', onCopy, { capture: true });
    try {
      return document.execCommand('copy');
    } finally {
      document.removeEventListener('copy', onCopy, { capture: true });
    }
  }
}

import type { FilejobReceipt } from '@shixun/contracts';
import { formatSize } from '../../../components/FilePreview/format.ts';

/** The words of the receipt file, in the reader's language. */
export interface ReceiptWords {
  heading: string;
  student: string;
  serverTime: string;
  status: string;
  file: string;
  size: string;
  sha256: string;
  note: string;
}

/**
 * 下载回执: the receipt as a plain text file made in the browser — readable anywhere, and every file's SHA-256 in
 * full so anyone can check a copy of the file against it (`sha256sum`). The time is the server's, in ISO form with
 * its zone, as the server answered it.
 */
export function receiptText(r: FilejobReceipt, w: ReceiptWords): string {
  const lines = [
    `${w.heading}: ${r.title}`,
    `${w.student}: ${r.studentNo} ${r.studentName}`,
    `${w.serverTime}: ${r.serverTime}`,
    w.status,
    `ID: ${r.handinId}`,
    '',
  ];
  r.files.forEach((f, i) => {
    lines.push(`${i + 1}. ${w.file}: ${f.name}`);
    lines.push(`   ${w.size}: ${formatSize(f.size)} (${f.size} B)`);
    lines.push(`   ${w.sha256}: ${f.sha256}`);
  });
  lines.push('', w.note, '');
  // CRLF: Notepad on the school's Windows machines shows it as lines too.
  return lines.join('\r\n');
}

/** Saves text as a file through the browser's download (no server round trip). */
export function saveText(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName.replace(/[\\/:*?"<>|]/g, '_');
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

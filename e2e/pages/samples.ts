import type { Page } from '@playwright/test';

export { docx, headers, mp3, pdf, png, pptx, wav, xlsx } from '../../apps/server/src/test/sample-files.ts';

/** Bytes the browser itself encodes, so they are real files it can decode again (a JPEG photo, an MP4 clip). */
export async function browserMade(page: Page, kind: 'jpg' | 'mp4'): Promise<Buffer> {
  const base64 = await page.evaluate(async (what) => {
    const canvas = document.createElement('canvas');
    canvas.width = 160;
    canvas.height = 120;
    const ctx = canvas.getContext('2d')!;
    const paint = (n: number) => {
      ctx.fillStyle = `hsl(${(n * 40) % 360} 70% 50%)`;
      ctx.fillRect(0, 0, 160, 120);
      ctx.fillStyle = '#fff';
      ctx.font = '28px sans-serif';
      ctx.fillText(`实训 ${n}`, 20, 70);
    };
    const toBase64 = async (blob: Blob) => {
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let s = '';
      for (const b of bytes) s += String.fromCharCode(b);
      return btoa(s);
    };
    if (what === 'jpg') {
      paint(1);
      return toBase64(await new Promise<Blob>((r) => canvas.toBlob((b) => r(b!), 'image/jpeg', 0.9)));
    }
    const type = ['video/mp4;codecs=vp9', 'video/mp4;codecs=avc1', 'video/mp4'].find((t) =>
      MediaRecorder.isTypeSupported(t),
    );
    if (!type) throw new Error('this Chromium cannot record MP4');
    const recorder = new MediaRecorder(canvas.captureStream(10), { mimeType: type });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (e) => chunks.push(e.data);
    const stopped = new Promise((r) => {
      recorder.onstop = r;
    });
    recorder.start();
    for (let n = 0; n < 12; n++) {
      paint(n);
      await new Promise((r) => setTimeout(r, 100));
    }
    recorder.stop();
    await stopped;
    return toBase64(new Blob(chunks, { type: 'video/mp4' }));
  }, kind);
  return Buffer.from(base64, 'base64');
}

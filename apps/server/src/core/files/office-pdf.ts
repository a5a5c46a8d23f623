import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { ConversionFailed, hardenProfile, runSoffice } from './soffice.ts';
import { OBJECT_KEY } from './storage.ts';

export { ConversionFailed, findSoffice } from './soffice.ts';

/**
 * Where the PDF made from a stored Office document is cached: `<files>/_preview/<object key>.pdf`. Only keys of
 * the shape we generate ever become a path.
 */
export function convertedPath(filesDir: string, key: string): string {
  if (!OBJECT_KEY.test(key)) throw new Error(`not an object key: ${key}`);
  return path.join(filesDir, '_preview', ...`${key}.pdf`.split('/'));
}

/**
 * Office documents to PDF with LibreOffice (headless), for the preview dialog. One conversion runs at a time (each
 * takes a CPU for seconds; a queue keeps a burst of previews from starving the server) and each is killed after
 * `timeoutMs`. Without `soffice` it is unavailable and previews fall back to rendering in the browser.
 */
export class OfficeConverter {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly binary: string | null,
    private readonly workDir: string,
    private readonly timeoutMs = 60_000,
  ) {}

  get available(): boolean {
    return this.binary !== null;
  }

  /** Converts `input` (whose extension names its format, e.g. `.docx`) into the PDF `output`. */
  toPdf(input: string, ext: string, output: string): Promise<void> {
    const run = this.queue.then(() => this.convert(input, ext, output));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async convert(input: string, ext: string, output: string): Promise<void> {
    if (!this.binary) throw new ConversionFailed('failed');
    const profile = path.join(this.workDir, 'profile');
    if (!existsSync(path.join(profile, 'user', 'registrymodifications.xcu'))) await hardenProfile(profile);
    const dir = await mkdtemp(path.join(this.workDir, 'job-'));
    try {
      // LibreOffice names its output after its input: give it a fixed name with the right extension.
      const source = path.join(dir, `document.${ext}`);
      await copyFile(input, source);
      await runSoffice(this.binary, { profile, outDir: dir, source, to: 'pdf', timeoutMs: this.timeoutMs });
      const pdf = path.join(dir, 'document.pdf');
      if (!existsSync(pdf)) throw new ConversionFailed('failed');
      await mkdir(path.dirname(output), { recursive: true });
      const partial = `${output}.${process.pid}.part`;
      await copyFile(pdf, partial);
      await rename(partial, output);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}

import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { OBJECT_KEY } from './storage.ts';

/**
 * Where the PDF made from a stored Office document is cached: `<files>/_preview/<object key>.pdf`. Only keys of
 * the shape we generate ever become a path.
 */
export function convertedPath(filesDir: string, key: string): string {
  if (!OBJECT_KEY.test(key)) throw new Error(`not an object key: ${key}`);
  return path.join(filesDir, '_preview', ...`${key}.pdf`.split('/'));
}

/** LibreOffice's `soffice`: the configured path (`SOFFICE`; `off` = none), else the first one on PATH. */
export function findSoffice(configured?: string): string | null {
  if (configured === 'off') return null;
  if (configured) return configured;
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, 'soffice');
    try {
      if (dir && statSync(candidate).isFile()) return candidate;
    } catch {}
  }
  return null;
}

/** Why a conversion did not give a PDF: the converter ran out of time, or failed on this document. */
export class ConversionFailed extends Error {
  constructor(readonly reason: 'timeout' | 'failed') {
    super(`conversion ${reason}`);
  }
}

/*
 * Untrusted documents go through LibreOffice, so its profile says: never run macros, and do not fetch anything a
 * document links to (images, other files) — links are resolved only from trusted locations, and there are none.
 */
const HARDENED_PROFILE = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="MacroSecurityLevel" oor:op="fuse"><value>3</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="DisableMacrosExecution" oor:op="fuse"><value>true</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="BlockUntrustedRefererLinks" oor:op="fuse"><value>true</value></prop></item>
</oor:items>
`;

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
    const settings = path.join(profile, 'user', 'registrymodifications.xcu');
    if (!existsSync(settings)) {
      await mkdir(path.dirname(settings), { recursive: true });
      await writeFile(settings, HARDENED_PROFILE);
    }
    const dir = await mkdtemp(path.join(this.workDir, 'job-'));
    try {
      // LibreOffice names its output after its input: give it a fixed name with the right extension.
      const source = path.join(dir, `document.${ext}`);
      await copyFile(input, source);
      await this.runSoffice(profile, dir, source);
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

  private runSoffice(profile: string, outDir: string, source: string): Promise<void> {
    const args = [
      `-env:UserInstallation=file://${profile}`,
      '--headless',
      '--invisible',
      '--norestore',
      '--nolockcheck',
      '--nodefault',
      '--nofirststartwizard',
      '--convert-to',
      'pdf',
      '--outdir',
      outDir,
      source,
    ];
    return new Promise((resolve, reject) => {
      // Its own process group, so a timeout ends soffice and every helper it started.
      const child = spawn(this.binary!, args, {
        detached: true,
        stdio: 'ignore',
        env: { ...process.env, HOME: profile },
      });
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {}
        reject(new ConversionFailed('timeout'));
      }, this.timeoutMs);
      child.once('error', () => {
        clearTimeout(timer);
        reject(new ConversionFailed('failed'));
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        if (code === 0) resolve();
        else reject(new ConversionFailed('failed'));
      });
    });
  }
}

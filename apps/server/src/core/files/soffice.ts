import { spawn } from 'node:child_process';
import { statSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * LibreOffice (`soffice`) run headless on untrusted documents: the Office preview (office-pdf.ts) and the question
 * import of old .doc/.xls files (modules/question/transfer/formats/legacy-office.ts) both go through here.
 */

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

/** Why a conversion gave nothing: the converter ran out of time, failed on this document, or wrote too much. */
export class ConversionFailed extends Error {
  constructor(readonly reason: 'timeout' | 'failed' | 'tooLarge') {
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

/** Writes the hardened settings into a LibreOffice profile directory (its `-env:UserInstallation`). */
export async function hardenProfile(profile: string): Promise<void> {
  const settings = path.join(profile, 'user', 'registrymodifications.xcu');
  await mkdir(path.dirname(settings), { recursive: true });
  await writeFile(settings, HARDENED_PROFILE);
}

export interface SofficeRun {
  /** The profile directory (hardened first: hardenProfile). */
  profile: string;
  outDir: string;
  /** The file to convert, or several converted in one run (one start of soffice; each output named after its source). */
  source: string | string[];
  /** `--convert-to`: `pdf`, `docx:MS Word 2007 XML` … */
  to: string;
  /** `--infilter`: read the source with this filter only, so that an unreadable file is not taken for text. */
  filter?: string;
  timeoutMs: number;
}

/**
 * One soffice conversion in its own process group, killed with every helper it started after `timeoutMs`. soffice
 * exits 0 even when it could not load the source: the caller checks that the output is there.
 */
export function runSoffice(binary: string, run: SofficeRun): Promise<void> {
  const args = [
    `-env:UserInstallation=${pathToFileURL(run.profile).href}`,
    '--headless',
    '--invisible',
    '--norestore',
    '--nolockcheck',
    '--nodefault',
    '--nofirststartwizard',
    ...(run.filter ? [`--infilter=${run.filter}`] : []),
    '--convert-to',
    run.to,
    '--outdir',
    run.outDir,
    ...[run.source].flat(),
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { detached: true, stdio: 'ignore', env: { ...process.env, HOME: run.profile } });
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {}
      reject(new ConversionFailed('timeout'));
    }, run.timeoutMs);
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

export interface BytesConversion {
  /** The extension the source is written under (`doc`, `xls`, `rtf`). */
  from: string;
  /** The output's extension, and the filter writing it (`docx`, `MS Word 2007 XML`). */
  to: { ext: string; filter: string };
  /** The only filter the source is read with. */
  filter: string;
  timeoutMs: number;
  /** Output larger than this is refused unread. */
  maxBytes: number;
}

/**
 * A document's bytes converted to another format, each conversion with a profile of its own in a private
 * directory under the system's temporary directory, which is always removed afterwards. Several may run at once.
 */
export async function convertBytes(binary: string, bytes: Buffer, how: BytesConversion): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'shixun-soffice-'));
  try {
    const profile = path.join(dir, 'profile');
    const outDir = path.join(dir, 'out');
    await hardenProfile(profile);
    await mkdir(outDir);
    // LibreOffice names its output after its input: a fixed name with the right extension.
    const source = path.join(dir, `document.${how.from}`);
    await writeFile(source, bytes);
    await runSoffice(binary, {
      profile,
      outDir,
      source,
      to: `${how.to.ext}:${how.to.filter}`,
      filter: how.filter,
      timeoutMs: how.timeoutMs,
    });
    const output = path.join(outDir, `document.${how.to.ext}`);
    if (!(await readdir(outDir)).includes(`document.${how.to.ext}`)) throw new ConversionFailed('failed');
    if ((await stat(output)).size > how.maxBytes) throw new ConversionFailed('tooLarge');
    return await readFile(output);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConversionFailed, convertBytes } from './soffice.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'shixun-soffice-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * A program standing in for soffice with the same command line: it records its arguments and the profile's
 * settings, and behaves as told (`docx` writes `<outdir>/document.docx`, `big` a large one, `none` nothing, `hang`
 * never ends).
 */
function program(behaviour: 'docx' | 'big' | 'none' | 'hang'): string {
  const file = path.join(dir, `soffice-${behaviour}`);
  const log = path.join(dir, `${behaviour}.log`);
  writeFileSync(
    file,
    [
      '#!/bin/sh',
      `echo "$@" > ${log}`,
      'profile=$(echo "$1" | sed "s|^-env:UserInstallation=file://||")',
      `cat "$profile/user/registrymodifications.xcu" >> ${log}`,
      'while [ "$1" != "--outdir" ]; do shift; done; out="$2"; src="$3"',
      behaviour === 'docx' ? 'cp "$src" "$out/document.docx"' : '',
      behaviour === 'big' ? 'head -c 2048 /dev/zero > "$out/document.docx"' : '',
      behaviour === 'hang' ? 'sleep 30' : '',
    ].join('\n'),
  );
  chmodSync(file, 0o755);
  return file;
}

const how = {
  from: 'doc',
  to: { ext: 'docx', filter: 'MS Word 2007 XML' },
  filter: 'MS Word 97',
  timeoutMs: 5_000,
  maxBytes: 1024,
};

/** The conversions' private directories left in the temporary directory. */
const leftovers = () => readdirSync(tmpdir()).filter((n) => /^shixun-soffice-(?!test)/.test(n));

describe('convertBytes', () => {
  it('converts in a private, hardened profile with the one input filter, and removes everything after', async () => {
    const before = leftovers();
    const out = await convertBytes(program('docx'), Buffer.from('the document'), how);
    expect(out.toString()).toBe('the document');
    const log = readFileSync(path.join(dir, 'docx.log'), 'utf8');
    expect(log).toMatch(/^-env:UserInstallation=file:\/\/\S+\/shixun-soffice-\w+\/profile --headless/);
    expect(log).toContain('--infilter=MS Word 97 --convert-to docx:MS Word 2007 XML');
    expect(log).toContain('DisableMacrosExecution');
    expect(leftovers()).toEqual(before);
  });

  it('fails without output, past the size limit, and past the time limit (killed)', async () => {
    const before = leftovers();
    await expect(convertBytes(program('none'), Buffer.from('x'), how)).rejects.toEqual(new ConversionFailed('failed'));
    await expect(convertBytes(program('big'), Buffer.from('x'), how)).rejects.toEqual(new ConversionFailed('tooLarge'));
    const started = Date.now();
    await expect(convertBytes(program('hang'), Buffer.from('x'), { ...how, timeoutMs: 300 })).rejects.toEqual(
      new ConversionFailed('timeout'),
    );
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(leftovers()).toEqual(before);
  });
});

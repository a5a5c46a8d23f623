import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { docx } from '../../test/sample-files.ts';
import { ConversionFailed, convertedPath, findSoffice, OfficeConverter } from './office-pdf.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'shixun-convert-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * A program standing in for soffice with the same command line: it logs when it starts and ends, and behaves as
 * told (`pdf` writes `<outdir>/document.pdf`, `fail` exits 1, `hang` never ends).
 */
function program(behaviour: 'pdf' | 'fail' | 'hang'): string {
  const file = path.join(dir, `soffice-${behaviour}`);
  const log = path.join(dir, 'runs.log');
  writeFileSync(
    file,
    [
      '#!/bin/sh',
      `echo "start $$" >> ${log}`,
      'while [ "$1" != "--outdir" ]; do shift; done; out="$2"',
      behaviour === 'pdf' ? 'sleep 0.3; printf "%%PDF-1.4 converted" > "$out/document.pdf"' : '',
      behaviour === 'fail' ? 'exit 1' : '',
      behaviour === 'hang' ? 'sleep 30' : '',
      `echo "end $$" >> ${log}`,
    ].join('\n'),
  );
  chmodSync(file, 0o755);
  return file;
}

describe('OfficeConverter', () => {
  const input = path.join(dir, 'in.docx');
  writeFileSync(input, docx());

  it('writes the PDF where asked, one conversion at a time', async () => {
    const converter = new OfficeConverter(program('pdf'), dir);
    const outs = [path.join(dir, 'a', 'one.pdf'), path.join(dir, 'b', 'two.pdf')];
    await Promise.all(outs.map((out) => converter.toPdf(input, 'docx', out)));
    for (const out of outs) expect(readFileSync(out, 'latin1')).toBe('%PDF-1.4 converted');
    const runs = readFileSync(path.join(dir, 'runs.log'), 'utf8').trim().split('\n');
    expect(runs.map((l) => l.split(' ')[0])).toEqual(['start', 'end', 'start', 'end']);
    // The profile that keeps macros and linked content off is in place.
    expect(readFileSync(path.join(dir, 'profile', 'user', 'registrymodifications.xcu'), 'utf8')).toContain(
      'DisableMacrosExecution',
    );
  });

  it('a failing conversion is `failed`, a hanging one is killed as `timeout`', async () => {
    await expect(
      new OfficeConverter(program('fail'), dir).toPdf(input, 'docx', path.join(dir, 'x.pdf')),
    ).rejects.toEqual(new ConversionFailed('failed'));
    const hanging = new OfficeConverter(program('hang'), dir, 300);
    const started = Date.now();
    await expect(hanging.toPdf(input, 'docx', path.join(dir, 'y.pdf'))).rejects.toEqual(
      new ConversionFailed('timeout'),
    );
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(existsSync(path.join(dir, 'y.pdf'))).toBe(false);
  });

  it('without soffice it is unavailable; `off` turns it off; paths come from object keys only', () => {
    expect(new OfficeConverter(null, dir).available).toBe(false);
    expect(findSoffice('off')).toBeNull();
    expect(findSoffice('/opt/libreoffice/program/soffice')).toBe('/opt/libreoffice/program/soffice');
    expect(convertedPath('/data/files', '000000/20260105/abcdefghijklmnopqrstuvwxyz012345.docx')).toBe(
      '/data/files/_preview/000000/20260105/abcdefghijklmnopqrstuvwxyz012345.docx.pdf',
    );
    expect(() => convertedPath('/data/files', '../../etc/passwd')).toThrow();
  });
});

import { translate } from '@shixun/contracts';
import { describe, expect, it } from 'vitest';
import { convertBytes, findSoffice } from '../../../../core/files/soffice.ts';
import { compoundFile, questionDocx } from '../../../../test/malformed-files.ts';
import { FileRefused, legacyKindOf } from '../office-file.ts';
import { readImportFile } from '../read-file.ts';
import { convertLegacy } from './legacy-office.ts';

const soffice = findSoffice(process.env.SOFFICE);

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (e: unknown) => e as FileRefused,
  );

describe('old Office files', () => {
  it('are told by their content: Word 97-2003 (and WPS), Excel 97-2003 (and WPS), RTF; not a protected package', async () => {
    expect(legacyKindOf(compoundFile('WordDocument'))).toBe('doc');
    expect(legacyKindOf(compoundFile('Workbook'))).toBe('xls');
    expect(legacyKindOf(Buffer.from('{\\rtf1\\ansi 1. 题目}'))).toBe('rtf');
    expect(legacyKindOf(compoundFile('EncryptionInfo', 'EncryptedPackage'))).toBeUndefined();
    expect(legacyKindOf(await questionDocx())).toBeUndefined();
  });

  it('without LibreOffice are refused, saying to save them anew or to install it, in both languages', async () => {
    const cases = [
      [compoundFile('WordDocument'), 'doc', 'docx', 'legacyDoc'],
      [compoundFile('Workbook'), 'xls', 'xlsx', 'legacyXls'],
      [Buffer.from('{\\rtf1 x}'), 'rtf', 'docx', 'legacyRtf'],
    ] as const;
    for (const [file, kind, officeKind, reason] of cases) {
      const refused = await refusal(convertLegacy(file, kind, null));
      expect(refused).toBeInstanceOf(FileRefused);
      expect(refused).toMatchObject({ kind: officeKind, reason });
      expect(translate('zh', `question.import.reason.${reason}`)).toContain('或请管理员安装 LibreOffice');
      expect(translate('en', `question.import.reason.${reason}`)).toContain(
        'ask the administrator to install LibreOffice',
      );
    }
  });
});

describe.skipIf(!soffice)(
  `with LibreOffice: old files are converted and read${soffice ? '' : ' (skipped: soffice is not installed)'}`,
  () => {
    it('reads a .doc saved from a .docx, named .wps as WPS saves it', async () => {
      const doc = await convertBytes(soffice!, await questionDocx(), {
        from: 'docx',
        to: { ext: 'doc', filter: 'MS Word 97' },
        filter: 'MS Word 2007 XML',
        timeoutMs: 30_000,
        maxBytes: 5 * 1024 * 1024,
      });
      expect(legacyKindOf(doc)).toBe('doc');
      const read = await readImportFile(doc, '题库.wps');
      expect(read.questions.map((q) => q.draft.type)).toEqual(['single']);
      expect(read.pictures).toHaveLength(1);
    }, 60_000);

    it('refuses a file LibreOffice cannot read as what it claims to be', async () => {
      expect(await refusal(convertLegacy(compoundFile('WordDocument'), 'doc'))).toMatchObject({
        kind: 'docx',
        reason: 'convertFailed',
      });
    }, 60_000);
  },
);

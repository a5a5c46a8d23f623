import { afterAll, describe, expect, it } from 'vitest';
import { docxWith, questionDocx, questionXlsx } from '../../../test/malformed-files.ts';
import { ImportReader } from './import-reader.ts';
import { FileRefused } from './office-file.ts';

/** A document within every limit of the package checks that takes more memory to read than a question file. */
async function heavyDocx(): Promise<Buffer> {
  return docxWith.paragraphs(30_000);
}

async function refusal(promise: Promise<unknown>): Promise<FileRefused> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FileRefused);
  return error as FileRefused;
}

/** A small heap: question files read within it, a heavy document does not. */
const small = new ImportReader({ timeMs: 60_000, heapMb: 64 });
const hurried = new ImportReader({ timeMs: 1, heapMb: 512 });
afterAll(() => Promise.all([small.close(), hurried.close()]));

describe('the import worker', () => {
  it('reads files one after another, each with its own pictures', async () => {
    const [word, excel] = await Promise.all([
      small.read(await questionDocx(), 'q.docx'),
      small.read(await questionXlsx()),
    ]);
    expect(word.questions).toHaveLength(1);
    expect(word.pictures).toHaveLength(1);
    expect(Buffer.isBuffer(word.pictures[0]!.bytes)).toBe(true);
    expect(word.questions[0]!.draft.stem).toContain(`src="${word.prefix}0"`);
    expect(excel.questions[0]!.draft.stem).toBe('<p>地球是圆的。</p>');
  });

  it('refuses a file that needs more memory than allowed, and reads the next one with a new worker', async () => {
    const refused = await refusal(small.read(await heavyDocx(), 'heavy.docx'));
    expect(refused).toMatchObject({ kind: 'docx', reason: 'tooComplex' });
    expect((await small.read(await questionXlsx(), 'q.xlsx')).questions).toHaveLength(1);
  }, 60_000);

  it('refuses a file that takes longer than allowed', async () => {
    const refused = await refusal(hurried.read(await questionXlsx(), 'q.xlsx'));
    expect(refused).toMatchObject({ kind: 'xlsx', reason: 'tooSlow', detail: { seconds: 0.001 } });
  });
});

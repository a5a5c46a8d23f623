import { describe, expect, it } from 'vitest';
import { AppError } from '../../../core/http/errors.ts';
import { questionDocx } from '../../../test/malformed-files.ts';
import { gbk } from './corpus/build-sheets.ts';
import { FileRefused } from './office-file.ts';
import { readImportFile } from './read-file.ts';

/** The import tells a file by its content, whatever it is named; the name only words a refusal. */

const types = async (file: Buffer | string, name?: string) =>
  (await readImportFile(typeof file === 'string' ? Buffer.from(file) : file, name)).questions.map((q) => q.draft.type);

const refusal = (file: Buffer | string, name?: string) =>
  readImportFile(typeof file === 'string' ? Buffer.from(file) : file, name).then(
    () => undefined,
    (e: unknown) => e,
  );

const PAPER = '一、单选题\n1. 我国的首都是（ ）\nA. 北京  B. 上海\n答案：A\n二、判断题\n2. 地球是圆的。\n答案：正确';
const MOODLE = `<?xml version="1.0" encoding="UTF-8"?>
<quiz><question type="truefalse"><questiontext format="html"><text><![CDATA[<p>地球是圆的。</p>]]></text></questiontext>
<answer fraction="100"><text>true</text></answer><answer fraction="0"><text>false</text></answer></question></quiz>`;
const GIFT = '::Q1:: 地球是圆的。{T}\n\n::Q2:: 我国的首都是{=北京}。';
const AIKEN = '我国的首都是\nA. 北京\nB. 上海\nANSWER: A';

describe('readImportFile', () => {
  it('reads text as a paper, Moodle XML, GIFT or Aiken, whatever the name', async () => {
    expect(await types(PAPER, 'paper.txt')).toEqual(['single', 'judge']);
    expect(await types(MOODLE, 'bank.xml')).toEqual(['judge']);
    expect(await types(MOODLE, 'bank.txt')).toEqual(['judge']);
    expect(await types(GIFT, 'quiz.txt')).toEqual(['judge', 'fill']);
    expect(await types(AIKEN, 'quiz.docx')).toEqual(['single']);
    // Notepad's GBK, and UTF-16 ("Unicode").
    expect(await types(gbk(PAPER), 'paper.txt')).toEqual(['single', 'judge']);
    expect(await types(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(PAPER, 'utf16le')]))).toEqual([
      'single',
      'judge',
    ]);
    expect(await types(await questionDocx(), 'q.txt')).toEqual(['single']);
  });

  it('refuses markup that is no Moodle bank, and text without questions', async () => {
    const page = await refusal('<!DOCTYPE html><html><body><p>1. 题</p></body></html>', 'q.html');
    expect(page).toBeInstanceOf(FileRefused);
    expect(page).toMatchObject({ kind: 'moodle', reason: 'notQuiz' });
    const empty = await refusal('一份教学计划，没有试题。', 'plan.txt');
    expect(empty).toBeInstanceOf(AppError);
    expect((empty as AppError).key).toBe('question.import.empty');
  });
});

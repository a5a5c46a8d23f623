import type { QuestionDraft } from '@shixun/contracts';
import type { PictureSource } from '../../../../core/docx/rich-runs.ts';
import { disciplineName, itemScoresText, rulesText } from '../fields.ts';
import { attrOf, escapeHtml, htmlToText } from '../html.ts';
import { imageExtOf } from '../pictures.ts';
import { BLANKS_CLASS } from './moodle-cloze.ts';
import { replaceFormulas, replaceImages, withSource } from './rich-text.ts';

/** What a Moodle XML file is sent as. */
export const MOODLE_TYPE = 'application/xml; charset=utf-8';

export interface MoodleOptions {
  /** The question category the file puts the questions in (the library's name); '' for none. */
  title: string;
  pictures: PictureSource;
}

/**
 * Questions as Moodle XML, which Moodle imports into its question bank and our import reads back to the same
 * questions (moodle-xml.ts). Each type as Moodle's nearest: single and multiple choice a multichoice (right
 * answers share 100 %, wrong ones take it back), true or false a truefalse, a blank a shortanswer, several
 * blanks a cloze (their answers in a paragraph after the stem, which stays as written), short answer and practical
 * an essay with the reference answer for graders, a file answer an essay answered with files, a composite
 * question a description followed by its children. What Moodle has no place for goes in `<shixun>` (see
 * moodle-xml.ts). Formulas are written in MathJax's `\(…\)`, pictures embedded as Moodle's `<file>`s.
 */
export async function writeMoodle(drafts: QuestionDraft[], options: MoodleOptions): Promise<Buffer> {
  const writer = new MoodleWriter(options.pictures);
  const out = ['<?xml version="1.0" encoding="UTF-8"?>', '<quiz>'];
  if (options.title) {
    out.push(
      `<question type="category"><category><text>$course$/top/${xml(options.title)}</text></category></question>`,
    );
  }
  for (const draft of drafts) {
    out.push(await writer.question(draft, false));
    for (const child of draft.type === 'composite' ? draft.children : []) out.push(await writer.question(child, true));
  }
  out.push('</quiz>', '');
  return Buffer.from(out.join('\n'), 'utf8');
}

/** The Moodle type a question is written as. */
function moodleType(d: QuestionDraft): string {
  switch (d.type) {
    case 'single':
    case 'multiple':
      return 'multichoice';
    case 'judge':
      return 'truefalse';
    case 'fill':
      return d.items.length === 1 ? 'shortanswer' : 'cloze';
    case 'composite':
      return 'description';
    default:
      return 'essay';
  }
}

/** Text in an element or an attribute. */
const xml = (text: string) => escapeHtml(text).replace(/"/g, '&quot;');

/** HTML as CDATA; a `]]>` inside it is split across two sections. */
const cdata = (html: string) => `<![CDATA[${html.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;

/** A share of 100 as Moodle lists its grades: 33.33333, 50, 12.5. */
const fraction = (share: number) => String(Number(share.toFixed(5)));

/** A cloze answer's special characters escaped (`\}` `\~` `\#` `\/` `\"` `\\`), then as HTML text. */
const clozeText = (text: string) => escapeHtml(text.replace(/[\\}~#/"]/g, (c) => `\\${c}`));

class MoodleWriter {
  private pictureCount = 0;

  constructor(private readonly pictures: PictureSource) {}

  async question(d: QuestionDraft, child: boolean): Promise<string> {
    const body = await this.body(d);
    const name = htmlToText(d.stem).split('\n')[0]?.slice(0, 60) || '-';
    const stem = d.type === 'fill' && d.items.length !== 1 ? d.stem + blanksParagraph(d) : d.stem;
    return [
      `<question type="${moodleType(d)}">`,
      `<name><text>${xml(name)}</text></name>`,
      await this.area('questiontext', stem),
      await this.area('generalfeedback', d.analysis),
      `<defaultgrade>${d.score}</defaultgrade>`,
      '<penalty>0</penalty>',
      '<hidden>0</hidden>',
      ...body,
      await this.extension(d, child),
      '</question>',
    ].join('\n');
  }

  /** The elements of the question's Moodle type. */
  private async body(d: QuestionDraft): Promise<string[]> {
    switch (d.type) {
      case 'single':
      case 'multiple':
        return this.choices(d);
      case 'judge':
        return [true, false].map(
          (value) =>
            `<answer fraction="${(d.answer === 'T') === value ? 100 : 0}" format="moodle_auto_format"><text>${value}</text></answer>`,
        );
      case 'fill': {
        if (d.items.length !== 1) return [];
        const item = d.items[0]!;
        const answers = item.content.split('|').filter((a) => a.trim() !== '');
        return [
          `<usecase>${item.config.caseSensitive ? 1 : 0}</usecase>`,
          ...answers.map((a) => `<answer fraction="100" format="moodle_auto_format"><text>${xml(a)}</text></answer>`),
        ];
      }
      case 'composite':
        return [];
      default:
        return this.essay(d);
    }
  }

  private async choices(d: QuestionDraft): Promise<string[]> {
    const right = d.items.filter((i) => i.isAnswer === 1).length;
    const wrong = d.items.length - right;
    const out = [
      `<single>${d.type === 'single'}</single>`,
      '<shuffleanswers>0</shuffleanswers>',
      '<answernumbering>ABCD</answernumbering>',
    ];
    for (const item of d.items) {
      // Several right: each right answer a share of the marks, each wrong one takes a share back (else ticking
      // every box would score).
      let share = item.isAnswer === 1 ? 100 : 0;
      if (d.type === 'multiple') share = item.isAnswer === 1 ? 100 / right : wrong ? -100 / wrong : 0;
      out.push(await this.area('answer', item.content, ` fraction="${fraction(share)}"`));
    }
    return out;
  }

  /** Short answer, practical and file questions: Moodle's essay, the reference answer for graders. */
  private async essay(d: QuestionDraft): Promise<string[]> {
    const files = d.type === 'file';
    const types = (d.config.fileTypes ?? []).map((t) => `.${t}`).join(',');
    return [
      `<responseformat>${files ? 'noinline' : 'editor'}</responseformat>`,
      `<responserequired>${files ? 0 : 1}</responserequired>`,
      '<responsefieldlines>10</responsefieldlines>',
      `<attachments>${files ? 1 : 0}</attachments>`,
      `<attachmentsrequired>${files ? 1 : 0}</attachmentsrequired>`,
      `<maxbytes>${files && d.config.maxSizeMb ? d.config.maxSizeMb * 1024 * 1024 : 0}</maxbytes>`,
      `<filetypeslist>${xml(types)}</filetypeslist>`,
      await this.area('graderinfo', d.answer),
      '<responsetemplate format="html"><text></text></responsetemplate>',
    ];
  }

  /** What Moodle has no place for, in the words of the Word layout (fields.ts). */
  private async extension(d: QuestionDraft, child: boolean): Promise<string> {
    const out = ['<shixun>'];
    const field = (name: string, value: string) => {
      if (value !== '') out.push(`<${name}>${xml(value)}</${name}>`);
    };
    if (d.type === 'practical' || d.type === 'composite') field('type', d.type);
    field('difficulty', String(d.difficulty));
    field('source', d.source);
    field('discipline', d.discipline ? disciplineName(d.discipline, 'zh') : '');
    for (const k of d.knowledge) field('knowledge', k);
    if (d.type === 'fill') field('blankrules', rulesText(d, 'zh'));
    if (d.type === 'fill' || d.type === 'short') field('itemscores', itemScoresText(d, 'zh'));
    if (d.type === 'short') for (const p of d.items) out.push(await this.area('point', p.content));
    if (d.type === 'composite' && d.answer) out.push(await this.area('answer', d.answer));
    if (child) out.push('<child/>');
    out.push('</shixun>');
    return out.join('');
  }

  /** A text area: the HTML with formulas as `\(…\)` and pictures as `@@PLUGINFILE@@` files of its own. */
  private async area(tag: string, html: string, attrs = ''): Promise<string> {
    const files: string[] = [];
    const withFormulas = replaceFormulas(html, (latex) => `\\(${escapeHtml(latex)}\\)`);
    const text = await replaceImages(withFormulas, async (img) => {
      const loaded = await this.pictures.load(attrOf(img, 'src') ?? '');
      // A picture that cannot be loaded (gone, not ours) is named, as in a Word export.
      if (!loaded) return '[图片]';
      const name = `picture-${++this.pictureCount}.${imageExtOf(loaded.bytes) ?? 'png'}`;
      files.push(`<file name="${name}" path="/" encoding="base64">${loaded.bytes.toString('base64')}</file>`);
      return withSource(img, `@@PLUGINFILE@@/${name}`);
    });
    return `<${tag}${attrs} format="html"><text>${cdata(text)}</text>${files.join('')}</${tag}>`;
  }
}

/** A fill-in question's blanks as cloze answers, `（1）{1:SHORTANSWER:=北京~=京}`, in a paragraph of their own. */
function blanksParagraph(d: QuestionDraft): string {
  const blanks = d.items.map((item, i) => {
    const weight = Number.isInteger(item.score) && item.score > 0 ? item.score : 1;
    const type = item.config.caseSensitive ? 'SHORTANSWER_C' : 'SHORTANSWER';
    const answers = item.content
      .split('|')
      .filter((a) => a.trim() !== '')
      .map((a) => `=${clozeText(a)}`)
      .join('~');
    return `（${i + 1}）{${weight}:${type}:${answers}}`;
  });
  return `<p class="${BLANKS_CLASS}">${blanks.join('　')}</p>`;
}

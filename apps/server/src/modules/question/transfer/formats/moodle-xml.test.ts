import { describe, expect, it } from 'vitest';
import { AppError } from '../../../../core/http/errors.ts';
import { FileRefused } from '../office-file.ts';
import type { ParsedQuestion, PictureSink } from '../types.ts';
import { looksLikeMoodleXml, readMoodleXml } from './moodle-xml.ts';

/** A 1×1 PNG. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** A question bank as Moodle 4 exports it (trimmed of the elements the import does not read). */
const EXPORT = `<?xml version="1.0" encoding="UTF-8"?>
<quiz>
<!-- question: 0  -->
  <question type="category">
    <category><text>$course$/top/默认/地理</text></category>
    <info format="moodle_auto_format"><text></text></info>
  </question>
<!-- question: 101  -->
  <question type="multichoice">
    <name><text>首都</text></name>
    <questiontext format="html">
      <text><![CDATA[<p dir="ltr">如图，我国的首都是（ ）。</p><p><img src="@@PLUGINFILE@@/map%20china.png?time=1700000000" alt="地图" width="100" height="80"></p>]]></text>
      <file name="map china.png" path="/" encoding="base64">${PNG}</file>
    </questiontext>
    <generalfeedback format="html"><text><![CDATA[<p>北京是首都。</p>]]></text></generalfeedback>
    <defaultgrade>2.0000000</defaultgrade>
    <penalty>0.3333333</penalty>
    <hidden>0</hidden>
    <idnumber></idnumber>
    <single>true</single>
    <shuffleanswers>true</shuffleanswers>
    <answernumbering>abc</answernumbering>
    <answer fraction="0" format="html"><text><![CDATA[<p>上海</p>]]></text><feedback format="html"><text></text></feedback></answer>
    <answer fraction="100" format="html"><text><![CDATA[<p>北京</p>]]></text><feedback format="html"><text><![CDATA[<p>对</p>]]></text></feedback></answer>
    <answer fraction="0" format="html"><text>广州</text><feedback format="html"><text></text></feedback></answer>
  </question>
  <question type="multichoice">
    <name><text>直辖市</text></name>
    <questiontext format="html"><text>下列是直辖市的有：</text></questiontext>
    <generalfeedback format="html"><text></text></generalfeedback>
    <defaultgrade>3.0000000</defaultgrade>
    <single>false</single>
    <answer fraction="50" format="html"><text>北京</text></answer>
    <answer fraction="-100" format="html"><text>广州</text></answer>
    <answer fraction="50" format="html"><text>天津</text></answer>
  </question>
  <question type="truefalse">
    <name><text>圆</text></name>
    <questiontext format="moodle_auto_format"><text>地球是圆的。
它绕着太阳转。</text></questiontext>
    <defaultgrade>1.0000000</defaultgrade>
    <answer fraction="0" format="moodle_auto_format"><text>true</text></answer>
    <answer fraction="100" format="moodle_auto_format"><text>false</text></answer>
  </question>
  <question type="shortanswer">
    <name><text>英文</text></name>
    <questiontext format="html"><text><![CDATA[<p>China 的首都用英文写作____。</p>]]></text></questiontext>
    <defaultgrade>1.0000000</defaultgrade>
    <usecase>1</usecase>
    <answer fraction="100" format="moodle_auto_format"><text>Beijing</text></answer>
    <answer fraction="100" format="moodle_auto_format"><text>Peking</text></answer>
    <answer fraction="50" format="moodle_auto_format"><text>beijing</text></answer>
  </question>
  <question type="numerical">
    <name><text>圆周率</text></name>
    <questiontext format="html"><text><![CDATA[<p>\\(\\pi\\) 取两位小数是多少？</p>]]></text></questiontext>
    <defaultgrade>1.0000000</defaultgrade>
    <answer fraction="100" format="moodle_auto_format"><text>3.14</text><tolerance>0</tolerance></answer>
  </question>
  <question type="essay">
    <name><text>简答</text></name>
    <questiontext format="html"><text><![CDATA[<p>简述水循环的过程。</p>]]></text></questiontext>
    <defaultgrade>5.0000000</defaultgrade>
    <responseformat>editor</responseformat>
    <responserequired>1</responserequired>
    <attachments>0</attachments>
    <graderinfo format="html"><text><![CDATA[<p>蒸发、降水、径流。</p>]]></text></graderinfo>
    <responsetemplate format="html"><text></text></responsetemplate>
  </question>
  <question type="essay">
    <name><text>上传</text></name>
    <questiontext format="html"><text><![CDATA[<p>上传你画的地图。</p>]]></text></questiontext>
    <defaultgrade>10.0000000</defaultgrade>
    <responseformat>noinline</responseformat>
    <responserequired>0</responserequired>
    <attachments>1</attachments>
    <attachmentsrequired>1</attachmentsrequired>
    <maxbytes>2097152</maxbytes>
    <filetypeslist>.pdf,.png</filetypeslist>
    <graderinfo format="html"><text></text></graderinfo>
  </question>
  <question type="cloze">
    <name><text>完形</text></name>
    <questiontext format="html"><text><![CDATA[<p>我国的首都是{1:SHORTANSWER:=北京~%50%京}，最大的城市是{1:MC:~广州#不对~=上海}，面积约 {2:NUMERICAL:=960:0} 万平方千米。</p>]]></text></questiontext>
    <generalfeedback format="html"><text></text></generalfeedback>
    <penalty>0.3333333</penalty>
    <hidden>0</hidden>
  </question>
  <question type="description">
    <name><text>说明</text></name>
    <questiontext format="html"><text><![CDATA[<p>以下是配对题。</p>]]></text></questiontext>
    <defaultgrade>0.0000000</defaultgrade>
  </question>
  <question type="matching">
    <name><text>配对</text></name>
    <questiontext format="html"><text><![CDATA[<p>把省份和省会配对。</p>]]></text></questiontext>
    <defaultgrade>1.0000000</defaultgrade>
    <subquestion format="html"><text>湖北</text><answer><text>武汉</text></answer></subquestion>
  </question>
</quiz>
`;

/** Pictures as the import holds them: named in the text by their place in the list. */
function collect() {
  const saved: { bytes: Buffer; contentType: string; name: string }[] = [];
  const sink: PictureSink = {
    save: async (bytes, contentType, name) => {
      saved.push({ bytes, contentType, name });
      return `/pictures/${saved.length - 1}`;
    },
  };
  return { saved, sink };
}

const byType = (questions: ParsedQuestion[]) =>
  questions.map((q) => ({
    type: q.draft.type,
    stem: q.draft.stem,
    items: q.draft.items.map((i) => (q.draft.type === 'fill' ? [i.content, i.config] : [i.content, i.isAnswer])),
    answer: q.draft.answer,
    analysis: q.draft.analysis,
    score: q.draft.score,
    config: q.draft.config,
    problems: q.problems.map((p) => [p.key, p.params?.value]),
  }));

describe('Moodle XML', () => {
  it('reads the question types of a Moodle export into ours', async () => {
    const pictures = collect();
    const read = byType(await readMoodleXml(EXPORT, pictures.sink));
    expect(read).toEqual([
      {
        type: 'single',
        stem: '<p dir="ltr">如图，我国的首都是（ ）。</p><p><img src="/pictures/0" alt="地图" width="100" height="80"></p>',
        items: [
          ['<p>上海</p>', 0],
          ['<p>北京</p>', 1],
          ['<p>广州</p>', 0],
        ],
        answer: '',
        analysis: '<p>北京是首都。</p>',
        score: 2,
        config: {},
        problems: [],
      },
      {
        type: 'multiple',
        stem: '<p>下列是直辖市的有：</p>',
        items: [
          ['<p>北京</p>', 1],
          ['<p>广州</p>', 0],
          ['<p>天津</p>', 1],
        ],
        answer: '',
        analysis: '',
        score: 3,
        config: {},
        problems: [],
      },
      {
        type: 'judge',
        stem: '<p>地球是圆的。</p><p>它绕着太阳转。</p>',
        items: [],
        answer: 'F',
        analysis: '',
        score: 1,
        config: {},
        problems: [],
      },
      {
        type: 'fill',
        stem: '<p>China 的首都用英文写作____。</p>',
        items: [['Beijing|Peking', { caseSensitive: true }]],
        answer: '',
        analysis: '',
        score: 1,
        config: {},
        problems: [],
      },
      {
        type: 'fill',
        stem: '<p>$\\pi$ 取两位小数是多少？</p>',
        items: [['3.14', {}]],
        answer: '',
        analysis: '',
        score: 1,
        config: {},
        problems: [],
      },
      {
        type: 'short',
        stem: '<p>简述水循环的过程。</p>',
        items: [],
        answer: '<p>蒸发、降水、径流。</p>',
        analysis: '',
        score: 5,
        config: {},
        problems: [],
      },
      {
        type: 'file',
        stem: '<p>上传你画的地图。</p>',
        items: [],
        answer: '',
        analysis: '',
        score: 10,
        config: { fileTypes: ['pdf', 'png'], maxSizeMb: 2 },
        problems: [],
      },
      {
        type: 'fill',
        stem: '<p>我国的首都是____，最大的城市是____，面积约 ____ 万平方千米。</p>',
        items: [
          ['北京', {}],
          ['上海', {}],
          ['960', {}],
        ],
        answer: '',
        analysis: '',
        score: 0,
        config: {},
        problems: [],
      },
      {
        type: 'short',
        stem: '<p>把省份和省会配对。</p>',
        items: [],
        answer: '',
        analysis: '',
        score: 1,
        config: {},
        problems: [['question.import.unsupported', 'matching']],
      },
    ]);
    expect(pictures.saved).toEqual([
      { bytes: Buffer.from(PNG, 'base64'), contentType: 'image/png', name: 'map china.png' },
    ]);
  });

  it('puts text typed without the editor in paragraphs, and leaves out a picture the file does not hold', async () => {
    const xml = `<quiz><question type="essay"><questiontext format="html"><text><![CDATA[What is <b>2</b>+2?<br>Explain. <img src="@@PLUGINFILE@@/gone.png"><table><tr><td>1</td></tr></table>after]]></text></questiontext></question></quiz>`;
    const [q] = await readMoodleXml(xml, collect().sink);
    expect(q!.draft.stem).toBe('<p>What is <b>2</b>+2?<br>Explain.</p><table><tr><td>1</td></tr></table><p>after</p>');
  });

  it('flags what it cannot import: several right responses in a cloze, a numerical tolerance', async () => {
    const xml = `<quiz>
      <question type="cloze"><questiontext format="html"><text>选出 {1:MULTIRESPONSE:=甲~=乙~丙}，再填 {1:SA:=丁}</text></questiontext></question>
      <question type="numerical"><questiontext><text>约为多少？</text></questiontext>
        <answer fraction="100"><text>3.1</text><tolerance>0.05</tolerance></answer></question>
    </quiz>`;
    const read = await readMoodleXml(xml, collect().sink);
    expect(read.map((q) => q.problems.map((p) => p.params?.value))).toEqual([['cloze MULTIRESPONSE'], ['numerical ±']]);
  });

  it('is told by its <quiz> root; refuses broken XML, DTDs and a bank of no questions', async () => {
    expect(looksLikeMoodleXml(EXPORT)).toBe(true);
    expect(looksLikeMoodleXml('<!-- bank -->\n<quiz>')).toBe(true);
    expect(looksLikeMoodleXml('<html><body>quiz</body></html>')).toBe(false);
    const refusal = async (xml: string) => readMoodleXml(xml, collect().sink).catch((e: unknown) => e);
    expect(await refusal('<quiz><question type="truefalse">')).toMatchObject({ reason: 'badXml', kind: 'moodle' });
    const bomb = '<?xml version="1.0"?><!DOCTYPE quiz [<!ENTITY a "aaaa">]><quiz>&a;</quiz>';
    expect(await refusal(bomb)).toBeInstanceOf(FileRefused);
    const empty = await refusal(
      '<quiz><question type="category"><category><text>x</text></category></question></quiz>',
    );
    expect(empty).toBeInstanceOf(AppError);
    expect((empty as AppError).key).toBe('question.import.empty');
  });
});

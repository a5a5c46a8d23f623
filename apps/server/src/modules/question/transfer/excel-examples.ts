import type { Locale, QuestionDraft } from '@shixun/contracts';

/** The template's example rows: one question of each type, and a composite question with two children. */

/** A question to write or expect: the given fields over a plain question's defaults. */
export function draft(fields: Partial<QuestionDraft> & Pick<QuestionDraft, 'type' | 'stem'>): QuestionDraft {
  return {
    answer: '',
    analysis: '',
    difficulty: 3,
    score: 0,
    discipline: '',
    source: '',
    config: {},
    items: [],
    knowledge: [],
    children: [],
    ...fields,
  };
}

const p = (text: string) => `<p>${text}</p>`;
const option = (text: string, right = false) => ({ content: p(text), isAnswer: right ? 1 : 0, score: 0, config: {} });
const blank = (answers: string, score: number) => ({
  content: answers,
  isAnswer: 0,
  score,
  config: { ignoreSpace: true },
});
const point = (text: string, score: number) => ({ content: p(text), isAnswer: 0, score, config: {} });

/** The examples with their words in `locale`; answers, scores and settings are the same in both languages. */
function examples(locale: Locale): QuestionDraft[] {
  const say = (zh: string, en: string) => (locale === 'zh' ? zh : en);
  return [
    draft({
      type: 'single',
      stem: p(say('我国的首都是（ ）。', 'The capital of China is ( ).')),
      items: [
        option(say('北京', 'Beijing'), true),
        option(say('上海', 'Shanghai')),
        option(say('广州', 'Guangzhou')),
        option(say('深圳', 'Shenzhen')),
      ],
      analysis: p(say('北京是中华人民共和国的首都。', 'Beijing is the capital of the People’s Republic of China.')),
      difficulty: 1,
      score: 2,
      source: say('示例', 'Example'),
    }),
    draft({
      type: 'multiple',
      stem: p(say('下列材料中属于金属材料的是（ ）。', 'Which of these are metals? ( )')),
      items: [
        option(say('钢', 'Steel'), true),
        option(say('铝合金', 'Aluminium alloy'), true),
        option(say('陶瓷', 'Ceramics')),
        option(say('铜', 'Copper'), true),
      ],
      score: 3,
    }),
    draft({
      type: 'judge',
      stem: p(say('游标卡尺读数时不需要估读。', 'A vernier caliper reading needs no estimated digit.')),
      answer: 'T',
      score: 1,
    }),
    draft({
      type: 'fill',
      stem: p(
        say(
          '分数 $\\frac{1}{2}$ 化成小数是____；我国最大的城市是____。',
          'The fraction $\\frac{1}{2}$ as a decimal is ____; the largest city of China is ____.',
        ),
      ),
      items: [blank('0.5', 1), blank(say('上海|沪', 'Shanghai|SH'), 1)],
      score: 2,
      discipline: 'math',
    }),
    draft({
      type: 'short',
      stem: p(say('简述安全用电的注意事项。', 'Name two rules of electrical safety.')),
      answer: p(
        say(
          '不用湿手触摸开关；发现有人触电，先切断电源。',
          'Never touch switches with wet hands; cut the power before helping someone who got a shock.',
        ),
      ),
      items: [
        point(say('不用湿手触摸开关', 'No wet hands on switches'), 2),
        point(say('发现有人触电先切断电源', 'Cut the power first'), 3),
      ],
      score: 5,
    }),
    draft({
      type: 'composite',
      stem:
        p(say('阅读下面的材料，回答问题。', 'Read the text and answer the questions.')) +
        p(
          say(
            '某减速器由齿轮、轴和轴承组成，需要定期润滑。',
            'A gearbox has gears, shafts and bearings; it needs oil.',
          ),
        ),
      score: 4,
      children: [
        draft({
          type: 'single',
          stem: p(say('材料中传递运动的零件是（ ）。', 'Which part transmits motion? ( )')),
          items: [option(say('齿轮', 'Gear'), true), option(say('箱体', 'Housing'))],
          score: 2,
        }),
        draft({
          type: 'judge',
          stem: p(say('减速器需要定期润滑。', 'The gearbox needs regular oiling.')),
          answer: 'T',
          score: 2,
        }),
      ],
    }),
    draft({
      type: 'practical',
      stem: p(say('按图纸要求完成零件的划线。', 'Mark out the part as the drawing shows.')),
      answer: p(say('划线清晰，尺寸准确。', 'Clear lines, exact sizes.')),
      score: 10,
    }),
    draft({
      type: 'file',
      stem: p(say('上传你画好的电路图（PDF 或图片）。', 'Upload your circuit diagram (PDF or a picture).')),
      config: { fileTypes: ['pdf', 'png', 'jpg'], maxSizeMb: 10 },
      score: 10,
    }),
  ];
}

export const EXAMPLES: Record<Locale, QuestionDraft[]> = { zh: examples('zh'), en: examples('en') };

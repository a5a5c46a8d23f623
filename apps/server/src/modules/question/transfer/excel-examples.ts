import type { Locale, QuestionDraft } from '@shixun/contracts';

/** The template's example rows: one question of each type, and a composite question with two children. */

function q(fields: Partial<QuestionDraft> & Pick<QuestionDraft, 'type' | 'stem'>): QuestionDraft {
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

export const EXAMPLES: Record<Locale, QuestionDraft[]> = {
  zh: [
    q({
      type: 'single',
      stem: p('我国的首都是（ ）。'),
      items: [option('北京', true), option('上海'), option('广州'), option('深圳')],
      analysis: p('北京是中华人民共和国的首都。'),
      difficulty: 1,
      score: 2,
      source: '示例',
    }),
    q({
      type: 'multiple',
      stem: p('下列材料中属于金属材料的是（ ）。'),
      items: [option('钢', true), option('铝合金', true), option('陶瓷'), option('铜', true)],
      score: 3,
    }),
    q({ type: 'judge', stem: p('游标卡尺读数时不需要估读。'), answer: 'T', score: 1 }),
    q({
      type: 'fill',
      stem: p('分数 $\\frac{1}{2}$ 化成小数是____；我国最大的城市是____。'),
      items: [blank('0.5', 1), blank('上海|沪', 1)],
      score: 2,
      discipline: 'math',
    }),
    q({
      type: 'short',
      stem: p('简述安全用电的注意事项。'),
      answer: p('不用湿手触摸开关；发现有人触电，先切断电源。'),
      items: [point('不用湿手触摸开关', 2), point('发现有人触电先切断电源', 3)],
      score: 5,
    }),
    q({
      type: 'composite',
      stem: p('阅读下面的材料，回答问题。') + p('某减速器由齿轮、轴和轴承组成，需要定期润滑。'),
      score: 4,
      children: [
        q({
          type: 'single',
          stem: p('材料中传递运动的零件是（ ）。'),
          items: [option('齿轮', true), option('箱体')],
          score: 2,
        }),
        q({ type: 'judge', stem: p('减速器需要定期润滑。'), answer: 'T', score: 2 }),
      ],
    }),
    q({ type: 'practical', stem: p('按图纸要求完成零件的划线。'), answer: p('划线清晰，尺寸准确。'), score: 10 }),
    q({
      type: 'file',
      stem: p('上传你画好的电路图（PDF 或图片）。'),
      config: { fileTypes: ['pdf', 'png', 'jpg'], maxSizeMb: 10 },
      score: 10,
    }),
  ],
  en: [
    q({
      type: 'single',
      stem: p('The capital of China is ( ).'),
      items: [option('Beijing', true), option('Shanghai'), option('Guangzhou'), option('Shenzhen')],
      analysis: p('Beijing is the capital of the People’s Republic of China.'),
      difficulty: 1,
      score: 2,
      source: 'Example',
    }),
    q({
      type: 'multiple',
      stem: p('Which of these are metals? ( )'),
      items: [option('Steel', true), option('Aluminium alloy', true), option('Ceramics'), option('Copper', true)],
      score: 3,
    }),
    q({ type: 'judge', stem: p('A vernier caliper reading needs no estimated digit.'), answer: 'T', score: 1 }),
    q({
      type: 'fill',
      stem: p('The fraction $\\frac{1}{2}$ as a decimal is ____; the largest city of China is ____.'),
      items: [blank('0.5', 1), blank('Shanghai|SH', 1)],
      score: 2,
      discipline: 'math',
    }),
    q({
      type: 'short',
      stem: p('Name two rules of electrical safety.'),
      answer: p('Never touch switches with wet hands; cut the power before helping someone who got a shock.'),
      items: [point('No wet hands on switches', 2), point('Cut the power first', 3)],
      score: 5,
    }),
    q({
      type: 'composite',
      stem: p('Read the text and answer the questions.') + p('A gearbox has gears, shafts and bearings; it needs oil.'),
      score: 4,
      children: [
        q({
          type: 'single',
          stem: p('Which part transmits motion? ( )'),
          items: [option('Gear', true), option('Housing')],
          score: 2,
        }),
        q({ type: 'judge', stem: p('The gearbox needs regular oiling.'), answer: 'T', score: 2 }),
      ],
    }),
    q({
      type: 'practical',
      stem: p('Mark out the part as the drawing shows.'),
      answer: p('Clear lines, exact sizes.'),
      score: 10,
    }),
    q({
      type: 'file',
      stem: p('Upload your circuit diagram (PDF or a picture).'),
      config: { fileTypes: ['pdf', 'png', 'jpg'], maxSizeMb: 10 },
      score: 10,
    }),
  ],
};

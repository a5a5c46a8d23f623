import type { QuestionDraft } from '@shixun/contracts';

/**
 * The demo school's two libraries, written as a teacher would: 机械基础 (drawing, tolerances, threads, machining)
 * and 数学 (formulas drawn by KaTeX), every question type, a composite reading passage and two pictures.
 */

type Draft = Partial<QuestionDraft> & Pick<QuestionDraft, 'type' | 'stem'> & { knowledge?: string[]; picture?: string };

const p = (text: string) => `<p>${text}</p>`;
const options = (right: string, ...texts: string[]) =>
  texts.map((t, i) => ({ content: p(t), isAnswer: right.includes('ABCDEFGH'[i]!) ? 1 : 0, score: 0, config: {} }));
const blanks = (...answers: string[]) =>
  answers.map((a) => ({ content: a, isAnswer: 0, score: 1, config: { ignoreSpace: true, ignoreWidth: true } }));
const single = (stem: string, right: string, opts: string[], extra: Partial<Draft> = {}): Draft => ({
  type: 'single',
  stem: p(stem),
  items: options(right, ...opts),
  score: 2,
  ...extra,
});
const multiple = (stem: string, right: string, opts: string[], extra: Partial<Draft> = {}): Draft => ({
  type: 'multiple',
  stem: p(stem),
  items: options(right, ...opts),
  score: 3,
  ...extra,
});
const judge = (stem: string, answer: 'T' | 'F', extra: Partial<Draft> = {}): Draft => ({
  type: 'judge',
  stem: p(stem),
  answer,
  score: 1,
  ...extra,
});
const fill = (stem: string, answers: string[], extra: Partial<Draft> = {}): Draft => ({
  type: 'fill',
  stem: p(stem),
  items: blanks(...answers),
  score: answers.length,
  ...extra,
});

export const MECHANICS: Draft[] = [
  single('标注尺寸时，尺寸数字一般注写在尺寸线的（ ）。', 'A', ['上方或中断处', '下方', '任意位置', '尺寸界线外侧'], {
    knowledge: ['机械制图'],
    difficulty: 1,
  }),
  single('机械图样中，可见轮廓线用（ ）绘制。', 'B', ['细实线', '粗实线', '细虚线', '细点画线'], {
    knowledge: ['机械制图'],
  }),
  single('主视图与俯视图之间应保持（ ）的投影关系。', 'C', ['高平齐', '宽相等', '长对正', '前后对应'], {
    knowledge: ['机械制图'],
    analysis: p('三视图的投影规律：主俯长对正，主左高平齐，俯左宽相等。'),
  }),
  single(
    '如图所示的轴，其直径尺寸 φ20 的含义是（ ）。',
    'A',
    ['公称直径为 20 mm 的圆柱', '半径为 20 mm', '长度为 20 mm', '倒角 20°'],
    {
      knowledge: ['机械制图'],
      picture: 'shaft',
    },
  ),
  single('公差带的位置由（ ）确定。', 'A', ['基本偏差', '标准公差', '实际偏差', '极限尺寸'], {
    knowledge: ['公差与配合'],
    analysis: p('基本偏差确定公差带相对零线的位置，标准公差确定公差带的大小。'),
  }),
  single('φ50H7/g6 属于（ ）配合。', 'B', ['过盈', '间隙', '过渡', '不确定'], {
    knowledge: ['公差与配合'],
    difficulty: 3,
  }),
  single('标准公差等级中，精度最高的是（ ）。', 'A', ['IT01', 'IT1', 'IT12', 'IT18'], { knowledge: ['公差与配合'] }),
  single('普通螺纹的牙型角为（ ）。', 'C', ['30°', '55°', '60°', '90°'], { knowledge: ['螺纹'] }),
  single('M20×1.5 表示（ ）。', 'B', ['粗牙普通螺纹', '细牙普通螺纹，螺距 1.5 mm', '梯形螺纹', '管螺纹'], {
    knowledge: ['螺纹'],
    difficulty: 3,
  }),
  single('车削时，切削速度的单位通常是（ ）。', 'D', ['mm/r', 'r/min', 'mm', 'm/min'], { knowledge: ['车削加工'] }),
  single('车外圆时，工件的旋转运动是（ ）。', 'A', ['主运动', '进给运动', '辅助运动', '切入运动'], {
    knowledge: ['车削加工'],
  }),
  single('游标卡尺的分度值为 0.02 mm 时，游标上有（ ）格。', 'C', ['10', '20', '50', '100'], { knowledge: ['测量'] }),
  multiple('下列属于形状公差的有（ ）。', 'AB', ['直线度', '平面度', '平行度', '同轴度'], {
    knowledge: ['公差与配合'],
  }),
  multiple('三视图包括（ ）。', 'ABC', ['主视图', '俯视图', '左视图', '剖视图'], { knowledge: ['机械制图'] }),
  multiple('影响切削力的因素有（ ）。', 'ABD', ['工件材料', '切削用量', '机床颜色', '刀具几何角度'], {
    knowledge: ['车削加工'],
    difficulty: 4,
  }),
  multiple('安全文明生产要求操作车床时（ ）。', 'ACD', ['穿紧身工作服', '戴手套操作', '戴防护眼镜', '停车后再测量'], {
    knowledge: ['车削加工'],
  }),
  single('车刀前角增大，切削力将（ ）。', 'B', ['增大', '减小', '不变', '先增后减'], {
    knowledge: ['车削加工'],
    difficulty: 3,
  }),
  judge('细点画线用于绘制轴线和对称中心线。', 'T', { knowledge: ['机械制图'] }),
  judge('基孔制配合中，孔的基本偏差为 H。', 'T', { knowledge: ['公差与配合'] }),
  judge('过盈配合的孔的尺寸总是大于轴的尺寸。', 'F', {
    knowledge: ['公差与配合'],
    analysis: p('过盈配合中，孔的尺寸减去轴的尺寸为负值。'),
  }),
  judge('左旋螺纹在标记中需注明“LH”。', 'T', { knowledge: ['螺纹'] }),
  judge('千分尺测量前不需要校对零位。', 'F', { knowledge: ['测量'] }),
  judge('车床主轴转速越高，加工表面一定越光洁。', 'F', { knowledge: ['车削加工'], difficulty: 3 }),
  fill('三视图的投影规律是：主俯____，主左____，俯左____。', ['长对正', '高平齐', '宽相等'], {
    knowledge: ['机械制图'],
  }),
  fill('配合分为间隙配合、____配合和____配合三类。', ['过渡', '过盈'], { knowledge: ['公差与配合'] }),
  fill('普通螺纹的代号是____。', ['M'], { knowledge: ['螺纹'] }),
  fill('切削用量三要素是切削速度、进给量和____。', ['背吃刀量|切削深度'], { knowledge: ['车削加工'] }),
  {
    type: 'short',
    stem: p('简述游标卡尺的读数方法。'),
    answer: p('先读主尺上游标零线左边的整毫米数，再找出游标上与主尺刻线对齐的格数乘以分度值，两者相加即为读数。'),
    items: [
      { content: '读主尺整毫米数', isAnswer: 0, score: 2, config: {} },
      { content: '读游标对齐格数乘分度值', isAnswer: 0, score: 2, config: {} },
      { content: '两者相加', isAnswer: 0, score: 1, config: {} },
    ],
    score: 5,
    knowledge: ['测量'],
  },
  {
    type: 'short',
    stem: p('什么是基孔制？为什么一般优先采用基孔制？'),
    answer: p(
      '基本偏差为一定的孔的公差带，与不同基本偏差的轴的公差带形成各种配合的制度。孔比轴难加工、难测量，采用基孔制可减少定值刀具和量具的规格。',
    ),
    score: 6,
    difficulty: 4,
    knowledge: ['公差与配合'],
  },
  {
    type: 'composite',
    stem: p('识读下图所示的阶梯轴零件图，回答问题。'),
    picture: 'stepped',
    // Its children's total (2 + 1 + 1): a composite's score is theirs.
    score: 4,
    knowledge: ['机械制图'],
    children: [
      single('该零件最大直径为（ ）。', 'C', ['φ20', 'φ25', 'φ30', 'φ40']) as QuestionDraft,
      judge('该零件总长为 80 mm。', 'T') as QuestionDraft,
      fill('图中 A 处的直径为____ mm。', ['20']) as QuestionDraft,
    ],
  },
  {
    type: 'practical',
    stem: p('在 CA6140 车床上车削一根 φ30×100 的阶梯轴，要求外圆尺寸公差 ±0.05 mm，表面粗糙度 Ra3.2。'),
    answer: p('检查：外圆尺寸、长度、表面粗糙度、倒角；安全文明生产。'),
    score: 30,
    difficulty: 4,
    knowledge: ['车削加工'],
  },
  {
    type: 'file',
    stem: p('用 CAD 绘制本章练习中的阶梯轴零件图，导出 PDF 后上传。'),
    answer: p('图形完整、线型正确、尺寸齐全、标题栏填写规范。'),
    config: { fileTypes: ['pdf', 'dwg'], maxSizeMb: 20 },
    score: 20,
    knowledge: ['机械制图'],
  },
];

export const MATHS: Draft[] = [
  single(
    '计算：$\\frac{1}{2}+\\frac{1}{3}=$（ ）',
    'B',
    ['$\\frac{2}{5}$', '$\\frac{5}{6}$', '$\\frac{1}{6}$', '$\\frac{2}{3}$'],
    {
      knowledge: ['分式'],
      difficulty: 1,
    },
  ),
  single('方程 $x^{2}-5x+6=0$ 的解是（ ）', 'A', ['$x_{1}=2,x_{2}=3$', '$x_{1}=-2,x_{2}=-3$', '$x=6$', '无实数解'], {
    knowledge: ['方程'],
    analysis: p('因式分解得 $(x-2)(x-3)=0$。'),
  }),
  single('$\\sqrt{16}$ 的值是（ ）', 'C', ['2', '8', '4', '±4'], { knowledge: ['实数'] }),
  single('若 $a^{2}=9$，则 $a=$（ ）', 'D', ['3', '-3', '9', '±3'], { knowledge: ['实数'] }),
  single(
    '如图，直角三角形 ABC 中，$\\angle C=90^{\\circ}$，AC=3，BC=4，则 AB=（ ）',
    'B',
    ['6', '5', '7', '$\\sqrt{7}$'],
    {
      knowledge: ['三角形'],
      picture: 'triangle',
      analysis: p('由勾股定理 $AB=\\sqrt{3^{2}+4^{2}}=5$。'),
    },
  ),
  single('函数 $y=2x+1$ 的图像经过点（ ）', 'A', ['(0,1)', '(1,0)', '(0,2)', '(2,0)'], { knowledge: ['函数'] }),
  single('$\\sum_{i=1}^{4} i=$（ ）', 'C', ['4', '6', '10', '24'], { knowledge: ['数列'], difficulty: 2 }),
  single('$\\sin 30^{\\circ}=$（ ）', 'A', ['$\\frac{1}{2}$', '$\\frac{\\sqrt{3}}{2}$', '1', '0'], {
    knowledge: ['三角函数'],
  }),
  single('不等式 $2x-3>1$ 的解集是（ ）', 'B', ['$x>1$', '$x>2$', '$x<2$', '$x>-2$'], { knowledge: ['方程'] }),
  single('圆的半径为 $r$，面积为（ ）', 'D', ['$2\\pi r$', '$\\pi r$', '$2r^{2}$', '$\\pi r^{2}$'], {
    knowledge: ['三角形'],
  }),
  single('$\\log_{2} 8=$（ ）', 'C', ['2', '4', '3', '8'], { knowledge: ['函数'], difficulty: 2 }),
  single('$\\int_{0}^{1} 2x\\,dx=$（ ）', 'A', ['1', '2', '$\\frac{1}{2}$', '0'], {
    knowledge: ['函数'],
    difficulty: 5,
  }),
  multiple('下列各数中，是无理数的有（ ）', 'AC', ['$\\sqrt{2}$', '$\\frac{1}{3}$', '$\\pi$', '0.5'], {
    knowledge: ['实数'],
  }),
  multiple('下列函数中，是一次函数的有（ ）', 'ABD', ['$y=3x$', '$y=-x+2$', '$y=x^{2}$', '$y=\\frac{x}{2}-1$'], {
    knowledge: ['函数'],
  }),
  multiple(
    '关于等腰三角形，下列说法正确的有（ ）',
    'ABC',
    ['两腰相等', '两底角相等', '底边上的高平分底边', '三个角都是 60°'],
    {
      knowledge: ['三角形'],
      difficulty: 3,
    },
  ),
  judge('$\\frac{a}{b}=\\frac{2a}{2b}$（$b\\neq 0$）。', 'T', { knowledge: ['分式'] }),
  judge('$(a+b)^{2}=a^{2}+b^{2}$。', 'F', { knowledge: ['实数'], analysis: p('$(a+b)^{2}=a^{2}+2ab+b^{2}$。') }),
  judge('三角形的内角和为 $180^{\\circ}$。', 'T', { knowledge: ['三角形'] }),
  judge('$\\sqrt{a^{2}}=a$ 对任意实数 $a$ 成立。', 'F', { knowledge: ['实数'], difficulty: 3 }),
  judge('$\\cos 60^{\\circ}=\\frac{1}{2}$。', 'T', { knowledge: ['三角函数'] }),
  fill('$\\frac{3}{4}$ 化成小数是____。', ['0.75'], { knowledge: ['分式'] }),
  fill('方程 $2x+4=10$ 的解是 $x=$____。', ['3'], { knowledge: ['方程'] }),
  fill('等差数列 1，3，5，7，… 的第 10 项是____，前 10 项和是____。', ['19', '100'], { knowledge: ['数列'] }),
  fill('直角三角形两直角边为 6 和 8，斜边为____。', ['10'], { knowledge: ['三角形'] }),
  {
    type: 'short',
    stem: p('解方程组：$\\begin{cases} x+y=5 \\\\ x-y=1 \\end{cases}$，写出解题过程。'),
    answer: p('两式相加得 $2x=6$，$x=3$；代入得 $y=2$。'),
    items: [
      { content: '消元得 2x=6', isAnswer: 0, score: 2, config: {} },
      { content: 'x=3，y=2', isAnswer: 0, score: 2, config: {} },
    ],
    score: 4,
    knowledge: ['方程'],
  },
  {
    type: 'short',
    stem: p('证明：等腰三角形两底角相等。'),
    answer: p('作顶角平分线，由 SAS 证两三角形全等，得两底角相等。'),
    score: 6,
    difficulty: 4,
    knowledge: ['三角形'],
  },
  {
    type: 'composite',
    stem: p(
      'Read the passage and answer the questions.<br>Li Ming works in a machine shop. Every morning he checks his lathe, puts on his safety glasses and measures each part twice. "A good worker is a careful worker," his teacher always says. Last week Li Ming won the school skills competition.',
    ),
    score: 4,
    knowledge: ['阅读理解'],
    discipline: 'en',
    children: [
      single('Where does Li Ming work?', 'B', [
        'In a school office',
        'In a machine shop',
        'In a hospital',
        'On a farm',
      ]) as QuestionDraft,
      judge('Li Ming measures each part only once.', 'F') as QuestionDraft,
      fill('Li Ming won the school skills ____ last week.', ['competition']) as QuestionDraft,
    ],
  },
  {
    type: 'file',
    stem: p('完成课本第 35 页习题 1–5，拍照后上传（可上传多张图片合成的 PDF）。'),
    config: { fileTypes: ['pdf', 'jpg', 'png'], maxSizeMb: 10 },
    score: 10,
    knowledge: ['函数'],
  },
  {
    type: 'practical',
    stem: p('用量角器和直尺画一个 $\\angle A=60^{\\circ}$ 的等边三角形，边长 5 cm，并测量其高。'),
    answer: p('高约为 $\\frac{5\\sqrt{3}}{2}\\approx 4.33$ cm。'),
    score: 10,
    knowledge: ['三角形'],
  },
];

/** The knowledge tree the demo questions hang on: roots and their points. */
export const DEMO_KNOWLEDGE: [root: string, points: string[]][] = [
  ['机械基础', ['机械制图', '公差与配合', '螺纹', '车削加工', '测量']],
  ['数学', ['实数', '分式', '方程', '函数', '数列', '三角形', '三角函数']],
  ['英语', ['阅读理解']],
];

import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { QuestionView } from './index.tsx';
import { numberBlanks, splitFormulas } from './math.ts';

describe('formulas in text', () => {
  it('finds $…$ and $$…$$, but not prices or escaped dollars', () => {
    expect(splitFormulas('分数 $\\frac{1}{2}$ 是')).toEqual([
      { text: '分数 ' },
      { latex: '\\frac{1}{2}', display: false },
      { text: ' 是' },
    ]);
    expect(splitFormulas('$$x^2$$')).toEqual([{ latex: 'x^2', display: true }]);
    expect(splitFormulas('costs $5 and $6 today')).toEqual([{ text: 'costs $5 and $6 today' }]);
    expect(splitFormulas('a \\$ b \\$ c')).toEqual([{ text: 'a \\$ b \\$ c' }]);
  });

  it('numbers the gaps of a fill-in-the-blank stem, outside tags only', () => {
    const html = numberBlanks('<p class="a___b">甲____乙______</p>');
    expect(html).toContain('class="a___b"');
    expect(html.match(/data-blank="(\d)"/g)).toEqual(['data-blank="1"', 'data-blank="2"']);
  });
});

describe('QuestionView', () => {
  it('shows a single choice as a student sees it, formulas drawn, and the answer only when asked', async () => {
    const question = {
      type: 'single' as const,
      stem: '<p>分数 $\\frac{1}{2}$ 化成小数是（ ）。<span data-type="formula" data-latex="x^2">x^2</span></p>',
      score: 2,
      items: [
        { content: '<p>0.2</p>', isAnswer: 0 },
        { content: '<p>0.5</p>', isAnswer: 1 },
      ],
      analysis: '<p>1 除以 2。</p>',
    };
    const { container, rerender } = render(<QuestionView question={question} number={1} />);
    // KaTeX arrives with the first formula (math.ts): the text shows at once, the formulas a moment later.
    expect(screen.getByText(/化成小数是/)).toBeInTheDocument();
    await waitFor(() => expect(container.querySelectorAll('.katex')).toHaveLength(2));
    expect(container.querySelector('annotation')?.textContent).toBe('\\frac{1}{2}');
    expect(screen.getAllByRole('radio')).toHaveLength(2);
    expect(screen.queryByTestId('question-answers')).toBeNull();
    await userEvent.click(screen.getByText('0.5'));
    expect(screen.getAllByRole('radio')[1]).toBeChecked();

    rerender(<QuestionView question={question} number={1} showAnswer />);
    expect(screen.getByTestId('question-answers').textContent).toContain('B');
    expect(screen.getByTestId('question-answers').textContent).toContain('1 除以 2。');
  });

  it('gives a box per blank and numbers the children of a composite question', () => {
    render(
      <QuestionView
        question={{
          type: 'composite',
          stem: '<p>材料</p>',
          children: [
            {
              type: 'fill',
              stem: '<p>首都是____，最大城市是____。</p>',
              items: [{ content: '北京' }, { content: '上海|沪' }],
            },
            { type: 'judge', stem: '<p>对吗？</p>', answer: 'T' },
          ],
        }}
      />,
    );
    expect(screen.getAllByRole('textbox')).toHaveLength(2);
    expect(screen.getByText('(1)')).toBeInTheDocument();
    expect(screen.getByText('(2)')).toBeInTheDocument();
    expect(screen.getAllByRole('radio')).toHaveLength(2);
  });
});

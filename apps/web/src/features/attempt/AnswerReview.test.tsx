import type { ReviewQuestion } from '@shixun/contracts';
import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSettings } from '../../stores/settings.ts';
import { AnswerReview, earnedOf } from './AnswerReview.tsx';

const base = {
  answerId: 'a1',
  blanks: 0,
  autoScore: null,
  manualScore: null,
  comment: '',
  children: [],
} satisfies Partial<ReviewQuestion>;

const single = (withKey: boolean): ReviewQuestion => ({
  ...base,
  id: 'q1',
  no: '1',
  type: 'single',
  score: 4,
  stem: '<p>齿轮传动的特点是？</p>',
  answer: 'o2',
  result: 'wrong',
  earned: 0,
  items: [
    { id: 'o1', label: 'A', content: '<p>传动比准确</p>', ...(withKey ? { isAnswer: true } : {}) },
    { id: 'o2', label: 'B', content: '<p>噪声很大</p>', ...(withKey ? { isAnswer: false } : {}) },
  ],
  ...(withKey ? { key: 'A', analysis: '<p>齿轮啮合传动比恒定。</p>' } : {}),
});

beforeEach(() => useSettings.setState({ language: 'zh' }));

describe('AnswerReview', () => {
  it('marks the picked option, and with the key the right one, the key and the analysis', () => {
    const { container } = render(<AnswerReview question={single(true)} />);
    const picked = container.querySelector('[data-option="B"]')!;
    expect(within(picked as HTMLElement).getByText('所选')).toBeInTheDocument();
    expect(screen.getByText('回答错误')).toBeInTheDocument();
    expect(screen.getByTestId('review-earned')).toHaveTextContent('0 / 4 分');
    expect(screen.getByLabelText('正确选项')).toBeInTheDocument();
    expect(screen.getByTestId('review-key')).toHaveTextContent('答案：A');
    expect(screen.getByTestId('review-key')).toHaveTextContent('齿轮啮合传动比恒定。');
  });

  it('shows no key when the policy gives only the answers', () => {
    render(<AnswerReview question={single(false)} />);
    expect(screen.getByText('所选')).toBeInTheDocument();
    expect(screen.queryByLabelText('正确选项')).toBeNull();
    expect(screen.queryByTestId('review-key')).toBeNull();
  });

  it('shows blanks, a short answer awaiting marking with the teacher’s comment, and a composite’s points', () => {
    const composite: ReviewQuestion = {
      ...base,
      id: 'c1',
      no: '4',
      type: 'composite',
      score: 8,
      stem: '<p>阅读材料</p>',
      answer: null,
      result: 'blank',
      earned: 0,
      items: [],
      children: [
        {
          ...base,
          id: 'c1a',
          no: '(1)',
          type: 'fill',
          score: 3,
          stem: '<p>螺纹牙型有____。</p>',
          blanks: 1,
          answer: ['三角形'],
          result: 'right',
          earned: 3,
          items: [{ id: 'b1', label: '1', content: '三角形|三角' }],
        },
        {
          ...base,
          id: 'c1b',
          no: '(2)',
          type: 'short',
          score: 5,
          stem: '<p>简述带传动的优点。</p>',
          answer: '结构简单',
          result: 'pending',
          earned: 0,
          comment: '再具体一些',
          items: [],
        },
      ],
    };
    render(<AnswerReview question={composite} />);
    expect(earnedOf(composite)).toBe(3);
    expect(screen.getAllByTestId('review-earned')[0]).toHaveTextContent('3 / 8 分');
    expect(screen.getByText('三角形')).toBeInTheDocument();
    expect(screen.getByText(/三角形 \/ 三角/)).toBeInTheDocument();
    expect(screen.getByText('结构简单')).toBeInTheDocument();
    expect(screen.getByText('待老师批改')).toBeInTheDocument();
    expect(screen.getByText('再具体一些')).toBeInTheDocument();
  });

  it('names the answer as the marker sees it', () => {
    render(<AnswerReview question={{ ...single(true), autoScore: 0 }} viewer="marker" />);
    expect(screen.getByText('自动评分 0 分')).toBeInTheDocument();
  });
});

import type { PracticeFeedback, QuestionSegment, WrongbookEntry, WrongbookPractice } from '@shixun/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuth } from '../../stores/auth.ts';
import { useSettings } from '../../stores/settings.ts';
import WrongbookPage from './wrongbook.tsx';

const entry = (over: Partial<WrongbookEntry>): WrongbookEntry =>
  ({
    id: 'w1',
    tenantId: '000001',
    userId: 'u1',
    questionId: 'q1',
    questionInstId: 'qi1',
    paperStudentId: 'ps1',
    wrongCount: 2,
    rightStreak: 2,
    state: 'active',
    flagIds: [],
    type: 'single',
    title: '齿轮传动的特点是？',
    source: '机械基础期中考试',
    points: ['齿轮传动'],
    practiceFrom: null,
    keyVisible: true,
    ...over,
  }) as WrongbookEntry;

const rows = [
  entry({}),
  entry({ id: 'w2', questionId: 'q2', title: '带传动能保证准确的传动比。', type: 'judge', points: ['带传动'] }),
];

const practice: WrongbookPractice = {
  entry: rows[0]!,
  question: {
    id: 'qi1',
    no: '1',
    type: 'single',
    score: 4,
    stem: '<p>齿轮传动的特点是？</p>',
    items: [
      { id: 'o1', label: 'A', content: '<p>传动比准确</p>' },
      { id: 'o2', label: 'B', content: '<p>噪声很大</p>' },
    ],
    blanks: 0,
    children: [],
  },
  lastAnswer: 'o2',
};

const feedback: PracticeFeedback = {
  result: 'right',
  key: 'A',
  rightOptionIds: ['o1'],
  analysis: '<p>啮合传动比恒定。</p>',
  state: 'mastered',
  rightStreak: 3,
};

const segments: QuestionSegment[] = [
  {
    questionId: 'q1',
    courseId: 'c1',
    courseName: '机械基础',
    topicId: 't1',
    coursewareId: 'cw1',
    coursewareName: '齿轮传动讲解',
    start: 135,
    end: 220,
    label: '传动比',
    kind: 'time',
    locked: false,
  },
];

function stub(listed = rows, checked: PracticeFeedback = feedback) {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const u = String(url);
      calls.push({ url: u, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const data = u.includes('/wrongbook/page')
        ? { records: listed, total: listed.length, size: 200, current: 1, pages: 1 }
        : u.includes('/wrongbook/practice')
          ? practice
          : u.includes('/wrongbook/check')
            ? checked
            : u.includes('/course_study/segments')
              ? segments
              : null;
      return new Response(JSON.stringify({ code: 200, success: true, data, msg: '' }), { status: 200 });
    }),
  );
  return calls;
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <App>
          <WrongbookPage />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  useSettings.setState({ language: 'zh' });
  useAuth.getState().setPermission({ wrongbook_view: true, wrongbook_edit: true, wrongbook_delete: true });
});
afterEach(() => {
  vi.unstubAllGlobals();
  useAuth.getState().clear();
});

describe('错题本', () => {
  it('lists wrong answers to review and narrows them by knowledge point', async () => {
    const calls = stub();
    renderPage();
    expect(await screen.findByText('齿轮传动的特点是？')).toBeInTheDocument();
    expect(calls[0]!.url).toContain('state=active');
    expect(screen.getAllByText('2/3')).toHaveLength(2);
    await userEvent.type(screen.getByPlaceholderText('按知识点或题目筛选'), '带传动{Enter}');
    await waitFor(() => expect(screen.queryByText('齿轮传动的特点是？')).toBeNull());
    expect(screen.getByText('带传动能保证准确的传动比。')).toBeInTheDocument();
  });

  it('practises a question again: check, feedback with the right option, mastered', async () => {
    const calls = stub();
    renderPage();
    const row = (await screen.findByText('齿轮传动的特点是？')).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: /练习/ }));
    const dialog = await screen.findByTestId('wrongbook-practice');
    await userEvent.click(within(dialog).getByText('传动比准确'));
    await userEvent.click(screen.getByRole('button', { name: /检\s*查/ }));
    const shown = await screen.findByTestId('practice-feedback');
    expect(shown).toHaveTextContent('回答正确');
    expect(shown).toHaveTextContent('已掌握');
    expect(calls.find((c) => c.url.includes('/wrongbook/check'))?.body).toEqual({ id: 'w1', answer: 'o1' });
    expect(screen.getByRole('button', { name: /再练一次/ })).toBeInTheDocument();
  });

  it('waits while classmates can still answer the exam, and says when the teacher keeps the key to themselves', async () => {
    stub(
      [entry({ practiceFrom: '2030-05-01T02:00:00.000Z' }), entry({ id: 'w2', title: '带传动能保证准确的传动比。' })],
      { result: 'wrong', state: 'active', rightStreak: 0 },
    );
    renderPage();
    const waiting = (await screen.findByText('齿轮传动的特点是？')).closest('tr') as HTMLElement;
    expect(within(waiting).getByRole('button', { name: /练习/ })).toBeDisabled();
    expect(within(waiting).getByText(/后可练习$/)).toBeInTheDocument();
    const open = screen.getByText('带传动能保证准确的传动比。').closest('tr') as HTMLElement;
    await userEvent.click(within(open).getByRole('button', { name: /练习/ }));
    const dialog = await screen.findByTestId('wrongbook-practice');
    await userEvent.click(within(dialog).getByText('噪声很大'));
    await userEvent.click(screen.getByRole('button', { name: /检\s*查/ }));
    const shown = await screen.findByTestId('practice-feedback');
    expect(shown).toHaveTextContent('老师没有公开本题的答案和解析');
    expect(shown).not.toHaveTextContent('答案：');
  });

  it('marks an entry mastered by hand', async () => {
    const calls = stub();
    renderPage();
    const row = (await screen.findByText('齿轮传动的特点是？')).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: /标记已掌握/ }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.includes('/wrongbook/submit'))?.body).toEqual({ id: 'w1', state: 'mastered' }),
    );
  });

  it('links a wrong answer to the course segment that teaches its point, in one call for the page', async () => {
    useAuth.getState().setPermission({ wrongbook_view: true, course_study: true });
    const calls = stub();
    renderPage();
    const link = await screen.findByRole('link', { name: /复习：齿轮传动讲解 02:15–03:40/ });
    expect(link).toHaveAttribute('href', '/jd/study_online/course_sub?courseId=c1&topicId=t1&coursewareId=cw1&t=135');
    expect(link.closest('tr')).toHaveTextContent('齿轮传动的特点是？');
    const asked = calls.filter((c) => c.url.includes('/course_study/segments'));
    expect(asked).toHaveLength(1);
    expect(decodeURIComponent(asked[0]!.url)).toContain('questionIds=q1,q2');
  });

  it('does not ask for segments without a course permission', async () => {
    const calls = stub();
    renderPage();
    await screen.findByText('齿轮传动的特点是？');
    expect(calls.some((c) => c.url.includes('/course_study/segments'))).toBe(false);
    expect(screen.queryByTestId('wrongbook-review')).toBeNull();
  });
});

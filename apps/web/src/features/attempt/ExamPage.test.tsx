import type { ExamPaper, MyAssignment } from '@shixun/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuth } from '../../stores/auth.ts';
import { useSettings } from '../../stores/settings.ts';
import ExamPage from './ExamPage.tsx';

const paper = (state: ExamPaper['attempt']['state'] = 'in_progress'): ExamPaper => ({
  attempt: {
    id: 'att1',
    state,
    attemptNo: 1,
    startTime: '2025-05-01T08:00:00.000Z',
    endTime: new Date(Date.now() + 30 * 60_000).toISOString(),
    serverTime: new Date().toISOString(),
  },
  assignment: {
    id: 'as1',
    title: '机械基础期中考试',
    kind: 'exam',
    keyTiming: 'after_close',
    duration: 90,
    totalScore: 10,
    questionCount: 3,
    remark: '',
  },
  sections: [
    {
      id: 's1',
      name: '一、选择题',
      remark: '',
      score: 10,
      questions: [
        {
          id: 'q1',
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
        {
          id: 'q2',
          no: '2',
          type: 'judge',
          score: 3,
          stem: '<p>带传动能保证准确的传动比。</p>',
          items: [],
          blanks: 0,
          children: [],
        },
        {
          id: 'q3',
          no: '3',
          type: 'fill',
          score: 3,
          stem: '<p>螺纹的牙型有____等。</p>',
          items: [{ id: 'b1', label: '1', content: '' }],
          blanks: 1,
          children: [],
        },
      ],
    },
  ],
  answers: { q2: { answer: 'F', seq: 2, flagged: 0 } },
});

const envelope = (data: unknown, code = 200, msg = '操作成功') =>
  new Response(JSON.stringify({ code, success: code === 200, data, msg }), { status: code });

interface Call {
  url: string;
  body: { paperStudentId: string; answers: { questionId: string; answer: unknown; seq: number }[] } | undefined;
}

function stubServer(answer: (url: string, call: Call) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = { url: String(url), body: init?.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      return answer(String(url), call);
    }),
  );
  return calls;
}

const ack = (call: Call) =>
  envelope({
    acked: call.body?.answers.map((a) => ({ questionId: a.questionId, seq: a.seq })) ?? [],
    serverTime: new Date().toISOString(),
    endTime: new Date(Date.now() + 30 * 60_000).toISOString(),
  });

function renderExam() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/paper/exam/:id', element: <ExamPage /> },
      { path: '/paper/my', element: <div>我的考试列表</div> },
    ],
    { initialEntries: ['/paper/exam/att1'] },
  );
  render(
    <QueryClientProvider client={client}>
      <App>
        <RouterProvider router={router} />
      </App>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  useSettings.setState({ language: 'zh' });
  useAuth.getState().setPermission({ paper_student_question_edit: true, paper_student_view: true });
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
});

afterEach(() => {
  vi.unstubAllGlobals();
  useAuth.getState().clear();
});

describe('考试作答', () => {
  it('saves a change only after the pause and says 已保存 only once the server acknowledged it', async () => {
    let release: (() => void) | undefined;
    const calls = stubServer((url, call) => {
      if (url.includes('exam_paper')) return envelope(paper());
      if (url.includes('save_answers'))
        return new Promise<Response>((resolve) => {
          release = () => resolve(ack(call));
        }) as unknown as Response;
      return envelope(null);
    });
    renderExam();
    expect(await screen.findByText('机械基础期中考试')).toBeInTheDocument();
    // The server's answer is shown.
    await waitFor(() => expect(screen.getByRole('radio', { name: /错误/ })).toBeChecked());
    expect(screen.getByTestId('exam-timer').textContent).toMatch(/^(29|30):\d\d$/);

    await userEvent.click(screen.getByText('传动比准确'));
    expect(screen.getByTestId('save-status')).toHaveTextContent('保存中…');
    const save = await waitFor(
      () => {
        const found = calls.find((c) => c.url.includes('save_answers'));
        expect(found).toBeDefined();
        return found!;
      },
      { timeout: 3000 },
    );
    expect(save.body?.answers).toEqual([{ questionId: 'q1', answer: 'o1', seq: 1, flagged: 0 }]);
    // In flight: not yet saved.
    expect(screen.getByTestId('save-status')).toHaveTextContent('保存中…');
    release!();
    await waitFor(() => expect(screen.getByTestId('save-status')).toHaveTextContent('已保存'));
    // The answer sheet counts it.
    expect(within(screen.getByTestId('answer-sheet')).getByText('已答 2 / 3 题')).toBeInTheDocument();
  });

  it('hands in after a confirmation that names the unanswered questions', async () => {
    const submitted: MyAssignment = {
      id: 'as1',
      title: '机械基础期中考试',
      kind: 'exam',
      openTime: '2025-05-01T08:00:00.000Z',
      closeTime: '2025-05-01T10:00:00.000Z',
      duration: 90,
      attempts: 1,
      totalScore: 10,
      passScore: 6,
      questionCount: 3,
      remark: '',
      state: 'open',
      attempt: {
        id: 'att1',
        attemptNo: 1,
        state: 'marking',
        startTime: null,
        endTime: null,
        submitTime: '2025-05-01T09:00:00.000Z',
        autoSubmitted: 0,
        score: null,
        released: false,
      },
      attemptsUsed: 1,
      canTake: false,
      canRetry: false,
      needsPassword: false,
      gradingMethod: 'highest',
      finalScore: null,
    };
    const calls = stubServer((url, call) => {
      if (url.includes('exam_paper')) return envelope(paper());
      if (url.includes('save_answers')) return ack(call);
      if (url.includes('submit_exam')) return envelope(submitted);
      return envelope(null);
    });
    renderExam();
    await screen.findByText('机械基础期中考试');
    await waitFor(() => expect(screen.getByRole('radio', { name: /错误/ })).toBeChecked());
    await userEvent.click(screen.getByText('传动比准确'));

    await userEvent.click(screen.getAllByRole('button', { name: /交\s*卷/ })[0]!);
    const confirm = await screen.findByTestId('submit-confirm');
    expect(confirm).toHaveTextContent('还有 1 题未作答');
    expect(confirm).toHaveTextContent('3');
    await userEvent.click(screen.getByRole('button', { name: '确认交卷' }));

    expect(await screen.findByText('交卷成功')).toBeInTheDocument();
    expect(screen.getByText('成绩公布后可查看')).toBeInTheDocument();
    const submit = calls.find((c) => c.url.includes('submit_exam'));
    // Whatever the server had not confirmed goes with the hand-in (q1, unless its save was already acknowledged).
    expect(submit?.body?.paperStudentId).toBe('att1');
    const sentQ1 =
      submit?.body?.answers.some((a) => a.questionId === 'q1') ||
      calls.some((c) => c.url.includes('save_answers') && c.body?.answers.some((a) => a.questionId === 'q1'));
    expect(sentQ1).toBe(true);
  });

  it('shows an attempt handed in earlier as handed in', async () => {
    stubServer((url) => {
      if (url.includes('exam_paper')) return envelope(paper('submitted'));
      if (url.includes('paper_student/my')) return envelope([]);
      return envelope(null);
    });
    renderExam();
    expect(await screen.findByText('本次作答已交卷')).toBeInTheDocument();
  });

  it('stops saving and says why when the server refuses (time up)', async () => {
    stubServer((url) => {
      if (url.includes('exam_paper')) return envelope(paper());
      if (url.includes('save_answers')) return envelope(null, 400, '答题时间已到，答案不能再修改');
      return envelope(null);
    });
    renderExam();
    await screen.findByText('机械基础期中考试');
    await waitFor(() => expect(screen.getByRole('radio', { name: /错误/ })).toBeChecked());
    await userEvent.click(screen.getByText('传动比准确'));
    expect(
      await screen.findByText('答案无法再提交：答题时间已到，答案不能再修改', undefined, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('save-status')).toHaveTextContent('无法保存');
  });

  it('says when the paper cannot be opened, with the way back', async () => {
    stubServer(() => envelope(null, 400, '考试尚未开始'));
    renderExam();
    expect(await screen.findByText('试卷无法打开')).toBeInTheDocument();
    expect(screen.getByText('考试尚未开始')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /返回我的考试/ }));
    expect(await screen.findByText('我的考试列表')).toBeInTheDocument();
  });
});

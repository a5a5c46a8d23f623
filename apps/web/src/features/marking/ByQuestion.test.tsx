import type { Assignment, MarkingAnswer, MarkingAnswerPage, MarkingQuestion } from '@shixun/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSettings } from '../../stores/settings.ts';
import { ByQuestion } from './ByQuestion.tsx';

const question: MarkingQuestion = {
  id: 'q1',
  no: '5',
  type: 'short',
  score: 5,
  stem: '<p>简述游标卡尺的读数方法。</p>',
  manual: true,
  answered: 45,
  toMark: 45,
  marked: 0,
  points: [
    { id: 'p1', content: '读主尺整毫米数', score: 2 },
    { id: 'p2', content: '读游标对齐刻线', score: 3 },
  ],
};

/** 45 answers, all awaiting marking: the server's order. */
const answers: MarkingAnswer[] = Array.from({ length: 45 }, (_, i) => ({
  id: `a${i}`,
  paperStudentId: `p${i}`,
  studentName: `学生${i}`,
  studentNo: `S${String(i).padStart(3, '0')}`,
  className: '1班',
  answer: `答案${i}`,
  result: 'pending',
  autoScore: null,
  manualScore: null,
  comment: '',
  markTime: null,
}));

const SINCE = '2026-11-28T06:00:00.000Z';

function stubServer() {
  const fetch = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    let data: unknown = null;
    if (url.pathname.endsWith('/paper_teacher_question/marking')) data = [question];
    else if (url.pathname.endsWith('/paper_student_question/answers')) {
      const current = Number(url.searchParams.get('current'));
      const size = Number(url.searchParams.get('size'));
      const page: MarkingAnswerPage = {
        records: answers.slice((current - 1) * size, current * size),
        total: answers.length,
        size,
        current,
        pages: Math.ceil(answers.length / size),
        toMark: 45,
        nextToMark: { id: 'a42', current: 3 },
        since: SINCE,
      };
      data = page;
    } else if (url.pathname.endsWith('/paper_student_question/review')) data = { sections: [] };
    else if (url.pathname.endsWith('/submit_correct')) {
      data = { count: (JSON.parse(String(init?.body)) as { marks: unknown[] }).marks.length };
    }
    return new Response(JSON.stringify({ code: 200, success: true, data, msg: '操作成功' }), { status: 200 });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const requests = (fetch: ReturnType<typeof stubServer>, path: string) =>
  fetch.mock.calls
    .map(([url, init]) => ({ url: new URL(String(url), 'http://localhost'), init }))
    .filter((r) => r.url.pathname.endsWith(path));

function renderPanel() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <App>
        <ByQuestion assignment={{ id: 'x1', shuffleOptions: 0 } as Assignment} />
      </App>
    </QueryClientProvider>,
  );
}

beforeEach(() => useSettings.setState({ language: 'zh' }));
afterEach(() => vi.unstubAllGlobals());

describe('按题阅卷', () => {
  it('shows a page of answers, never all of them, and Enter carries on onto the next page', async () => {
    const fetch = stubServer();
    renderPanel();
    expect(await screen.findByText('学生0')).toBeInTheDocument();
    expect(document.querySelectorAll('[data-answer]')).toHaveLength(20);
    expect(screen.getByText('共 45 份答案')).toBeInTheDocument();
    expect(requests(fetch, '/answers')[0]!.url.searchParams.get('since')).toBeNull();

    // Full marks for the page's last student, then Enter: saved, and the next page opens at its first student.
    const last = document.querySelector('[data-answer="a19"]') as HTMLElement;
    fireEvent.click(within(last).getByRole('button', { name: /满\s*分/ }));
    fireEvent.keyDown(within(last).getByRole('textbox', { name: '给 学生19 的评语' }), {
      key: 'Enter',
      code: 'Enter',
      keyCode: 13,
    });
    await waitFor(() => expect(requests(fetch, '/submit_correct')).toHaveLength(1));
    expect(JSON.parse(String(requests(fetch, '/submit_correct')[0]!.init?.body))).toEqual({
      marks: [{ id: 'a19', score: 5, comment: '' }],
    });
    expect(await screen.findByText('学生20')).toBeInTheDocument();
    expect(screen.queryByText('学生19')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('spinbutton', { name: '学生20 的得分' })));
    // The next page keeps the order the first one was given.
    const page2 = requests(fetch, '/answers').find((r) => r.url.searchParams.get('current') === '2')!;
    expect(page2.url.searchParams.get('since')).toBe(SINCE);
  });

  it('builds a mark by ticking scoring points, which can still be typed over', async () => {
    const fetch = stubServer();
    renderPanel();
    const first = (await screen.findByText('学生0')).closest('[data-answer]') as HTMLElement;
    const points = within(first).getByRole('group', { name: '学生0 的评分要点' });
    expect(within(points).getByText('3 分')).toBeInTheDocument();
    const score = within(first).getByRole('spinbutton', { name: '学生0 的得分' }) as HTMLInputElement;
    fireEvent.click(within(points).getByRole('checkbox', { name: /读游标对齐刻线/ }));
    await waitFor(() => expect(score.value).toBe('3.0'));
    fireEvent.click(within(points).getByRole('checkbox', { name: /读主尺整毫米数/ }));
    await waitFor(() => expect(score.value).toBe('5.0'));
    fireEvent.click(within(points).getByRole('checkbox', { name: /读游标对齐刻线/ }));
    await waitFor(() => expect(score.value).toBe('2.0'));
    fireEvent.click(within(first).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(requests(fetch, '/submit_correct')).toHaveLength(1));
    expect(JSON.parse(String(requests(fetch, '/submit_correct')[0]!.init?.body))).toEqual({
      marks: [{ id: 'a0', score: 2, comment: '' }],
    });
  });

  it('jumps to the page of the next answer awaiting marking', async () => {
    stubServer();
    renderPanel();
    await screen.findByText('学生0');
    fireEvent.click(screen.getByRole('button', { name: /下一个待阅答案/ }));
    expect(await screen.findByText('学生42')).toBeInTheDocument();
    expect(document.querySelectorAll('[data-answer]')).toHaveLength(5);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('spinbutton', { name: '学生42 的得分' })));
  });
});

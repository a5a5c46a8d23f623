import type { Assignment, AssignmentResults, ResultStudent } from '@shixun/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuth } from '../../../stores/auth.ts';
import { useSettings } from '../../../stores/settings.ts';

// Canvas drawing is ECharts' business; the page hands each chart its option and a label.
vi.mock('../../../components/Chart.tsx', () => ({
  Chart: ({ label }: { label: string }) => <div data-chart={label} />,
}));

const { default: ResultsPage } = await import('./index.tsx');
const { MemoryRouter } = await import('react-router');

const assignment = {
  id: 'a1',
  title: '机械基础期中考试',
  kind: 'exam',
  openTime: '2025-04-01T00:00:00Z',
  classNames: ['1班', '2班'],
  progress: { students: 3, started: 2, submitted: 2, marked: 1, toMark: 1 },
} as Assignment;

const results: AssignmentResults = {
  assignment: {
    id: 'a1',
    title: '机械基础期中考试',
    kind: 'exam',
    totalScore: 100,
    passScore: 60,
    state: 'closed',
    blind: false,
  },
  summary: {
    students: 3,
    submitted: 2,
    absent: 1,
    mean: 67.5,
    median: 67.5,
    max: 90,
    min: 45,
    stdev: 22.5,
    passed: 1,
    passRate: 0.5,
    toMark: 2,
  },
  distribution: Array.from({ length: 10 }, (_, i) => ({
    from: i * 10,
    to: (i + 1) * 10,
    count: i === 4 || i === 9 ? 1 : 0,
  })),
  byClass: [{ classId: 'c1', className: '1班', students: 3, submitted: 2, mean: 67.5, passRate: 0.5 }],
  questions: [
    {
      id: 'q1',
      no: '1',
      type: 'single',
      score: 5,
      stem: '<p>齿轮传动的特点</p>',
      answered: 2,
      right: 1,
      partial: 0,
      wrong: 1,
      blank: 0,
      facility: 0.5,
      discrimination: null,
    },
  ],
  knowledge: [],
};

const students: ResultStudent[] = [
  {
    paperStudentId: 's1',
    studentName: '张三',
    studentNo: '2024001',
    classId: 'c1',
    className: '1班',
    score: 90,
    state: 'marked',
    rank: 1,
    passed: true,
  },
  {
    paperStudentId: 's2',
    studentName: '李四',
    studentNo: '2024002',
    classId: 'c1',
    className: '1班',
    score: 45,
    state: 'marking',
    rank: 2,
    passed: false,
  },
  {
    paperStudentId: 's3',
    studentName: '王五',
    studentNo: '2024003',
    classId: 'c1',
    className: '1班',
    score: null,
    state: 'not_started',
    rank: null,
    passed: false,
  },
];

const page = <T,>(rows: T[]) => ({ records: rows, total: rows.length, size: 20, current: 1, pages: 1 });

function stubServer(records: Assignment[], answer: AssignmentResults, lines: ResultStudent[] = students) {
  const fetch = vi.fn(async (url: string) => {
    const data = url.includes('/students')
      ? page(lines)
      : url.includes('/paper_teacher/results/')
        ? answer
        : page(records);
    return new Response(JSON.stringify({ code: 200, success: true, data, msg: '操作成功' }), { status: 200 });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderPage(path = '/paper/results') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <App>
          <ResultsPage />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  useSettings.setState({ language: 'zh' });
  useAuth.getState().setPermission({ paper_teacher_results: true });
});

afterEach(() => {
  vi.unstubAllGlobals();
  useAuth.getState().clear();
});

describe('成绩分析', () => {
  it('shows the linked assignment: figures, the marking notice, charts and both tables', async () => {
    const fetch = stubServer([assignment], results);
    renderPage('/paper/results?assignment=a1');
    expect(await screen.findByText('还有 2 个答案待阅，数据可能变化')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => String(url).includes('/paper_teacher/results/a1'))).toBe(true);

    const attendance = document.querySelector('[data-figure="attendance"]') as HTMLElement;
    expect(attendance).toHaveTextContent('应考 / 实考 / 缺考3 / 2 / 1');
    expect(document.querySelector('[data-figure="passRate"]')).toHaveTextContent('50%');
    expect(document.querySelector('[data-figure="range"]')).toHaveTextContent('90 / 45');

    expect(document.querySelectorAll('[data-chart]')).toHaveLength(3);
    expect(screen.getByText('试题未标注知识点')).toBeInTheDocument();

    const questions = document.querySelector('[data-table="questions"]') as HTMLElement;
    expect(within(questions).getByText('齿轮传动的特点')).toBeInTheDocument();
    expect(within(questions).getByText('中')).toBeInTheDocument();

    const table = document.querySelector('[data-table="students"]') as HTMLElement;
    expect(await within(table).findByText('张三')).toBeInTheDocument();
    const students = table;
    expect(within(students).getByText('及格')).toBeInTheDocument();
    expect(within(students).getByText('不及格')).toBeInTheDocument();
    expect(within(students).getByText('缺考')).toBeInTheDocument();
    expect(screen.getByText('导出 Excel').closest('button')).toBeEnabled();
  });

  it('opens the newest assignment with submissions and remembers it', async () => {
    stubServer([{ ...assignment, id: 'a0', progress: { ...assignment.progress, submitted: 0 } }, assignment], results);
    renderPage();
    expect(await screen.findByText('还有 2 个答案待阅，数据可能变化')).toBeInTheDocument();
    await waitFor(() => expect(Object.values({ ...localStorage })).toContain('a1'));
  });

  it('says when nobody has submitted yet', async () => {
    stubServer(
      [assignment],
      {
        ...results,
        summary: {
          ...results.summary,
          submitted: 0,
          absent: 3,
          mean: null,
          max: null,
          min: null,
          passRate: null,
          toMark: 0,
        },
      },
      students.map((s) => ({ ...s, score: null, rank: null, passed: false })),
    );
    renderPage('/paper/results?assignment=a1');
    expect(await screen.findByText('还没有学生交卷')).toBeInTheDocument();
    expect(document.querySelectorAll('[data-chart]')).toHaveLength(0);
    expect(document.querySelector('[data-table="students"]')).toBeInTheDocument();
  });

  it('asks the server for each page, order, filter and search of the students', async () => {
    const many = Array.from({ length: 20 }, (_, i) => ({
      ...students[0]!,
      paperStudentId: `p${i}`,
      studentName: `学生${i}`,
      studentNo: `2024${String(i).padStart(3, '0')}`,
      rank: i + 1,
    }));
    const fetch = stubServer([assignment], results, many);
    fetch.mockImplementation(async (url: string) => {
      const data = url.includes('/students')
        ? { records: many, total: 45, size: 20, current: 1, pages: 3 }
        : url.includes('/paper_teacher/results/')
          ? results
          : page([assignment]);
      return new Response(JSON.stringify({ code: 200, success: true, data, msg: '操作成功' }), { status: 200 });
    });
    renderPage('/paper/results?assignment=a1');
    await screen.findByText('学生0');
    const table = document.querySelector('[data-table="students"]') as HTMLElement;
    // The server's page: 20 of 45, never the whole class.
    expect(screen.getByText('共 45 名学生')).toBeInTheDocument();
    const asked = () =>
      fetch.mock.calls
        .map(([url]) => new URL(String(url), 'http://x'))
        .filter((u) => u.pathname.endsWith('/students'))
        .at(-1)!.searchParams;
    expect(Object.fromEntries(asked())).toEqual({ current: '1', size: '20' });

    fireEvent.click(screen.getByTitle('3'));
    await waitFor(() => expect(asked().get('current')).toBe('3'));

    const scoreHeader = () =>
      within(table)
        .getAllByRole('columnheader')
        .find((th) => th.textContent === '得分')!;
    fireEvent.click(scoreHeader());
    await waitFor(() => expect(asked().get('ascs')).toBe('score'));
    fireEvent.click(scoreHeader());
    await waitFor(() => expect(asked().get('descs')).toBe('score'));

    const search = screen.getByRole('searchbox', { name: '搜索姓名或学号' });
    fireEvent.change(search, { target: { value: ' 张 ' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(asked().get('student')).toBe('张'));
    expect(asked().get('current')).toBe('1');
  });

  it('says when there is no assignment yet', async () => {
    stubServer([], results);
    renderPage();
    expect(await screen.findByText('还没有布置过考试')).toBeInTheDocument();
    expect(screen.getByText('导出 Excel').closest('button')).toBeDisabled();
  });

  it('calls those not handed in 未交 while students can still answer, 缺考 once it is over', async () => {
    stubServer([assignment], { ...results, assignment: { ...results.assignment, state: 'open' } });
    renderPage('/paper/results?assignment=a1');
    await screen.findByText('还有 2 个答案待阅，数据可能变化');
    expect(document.querySelector('[data-figure="attendance"]')).toHaveTextContent('应考 / 已交 / 未交3 / 2 / 1');
  });
});

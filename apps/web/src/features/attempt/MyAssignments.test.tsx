import type { MyAssignment } from '@shixun/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuth } from '../../stores/auth.ts';
import { useSettings } from '../../stores/settings.ts';
import { MyAssignments } from './MyAssignments.tsx';

type ItemPatch = Partial<Omit<MyAssignment, 'attempt'>> & { attempt?: Partial<MyAssignment['attempt']> };

const item = (over: ItemPatch): MyAssignment => ({
  id: 'as1',
  title: '机械基础期中考试',
  kind: 'exam',
  openTime: '2025-05-01T08:00:00.000Z',
  closeTime: '2025-05-01T10:00:00.000Z',
  duration: 90,
  attempts: 1,
  totalScore: 100,
  passScore: 60,
  questionCount: 20,
  remark: '',
  state: 'open',
  attemptsUsed: 0,
  canTake: true,
  canRetry: false,
  needsPassword: false,
  gradingMethod: 'highest',
  finalScore: null,
  ...over,
  attempt: {
    id: 'att1',
    attemptNo: 1,
    state: 'not_started',
    startTime: null,
    endTime: null,
    submitTime: null,
    autoSubmitted: 0,
    score: null,
    released: false,
    ...over.attempt,
  },
});

const list: MyAssignment[] = [
  item({}),
  item({
    id: 'as2',
    title: '第三章作业',
    kind: 'homework',
    duration: 0,
    attempt: { id: 'att2', state: 'in_progress' },
  }),
  item({ id: 'as3', title: '下周测验', state: 'scheduled', canTake: false, attempt: { id: 'att3' } }),
  item({
    id: 'as4',
    title: '上月考试',
    state: 'released',
    canTake: false,
    attemptsUsed: 1,
    attempt: { id: 'att4', state: 'marked', score: 52, released: true },
  }),
  item({ id: 'as5', title: '口算练习', kind: 'practice', attempt: { id: 'att5' } }),
];

function renderList(kinds: readonly MyAssignment['kind'][]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ code: 200, success: true, data: list, msg: '' }), { status: 200 })),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/paper/my']}>
        <App>
          <Routes>
            <Route path="/paper/my" element={<MyAssignments kinds={kinds} />} />
            <Route path="/paper/exam/:id" element={<div>作答页</div>} />
            <Route path="/paper/review/:id" element={<div>答卷页</div>} />
          </Routes>
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  useSettings.setState({ language: 'zh' });
  useAuth.getState().setPermission({ paper_student_question_edit: true, paper_student_view: true });
});
afterEach(() => {
  vi.unstubAllGlobals();
  useAuth.getState().clear();
});

describe('我的考试', () => {
  it('lists exams and homework by tab with counts, leaving practice out', async () => {
    renderList(['exam', 'homework']);
    expect(await screen.findByText('机械基础期中考试')).toBeInTheDocument();
    expect(screen.getByText('第三章作业')).toBeInTheDocument();
    expect(screen.queryByText('口算练习')).toBeNull();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['进行中2', '未开始1', '已结束1']);
    expect(screen.getByRole('button', { name: /继续作答/ })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: /已结束/ }));
    const ended = await screen.findByText('上月考试');
    const card = ended.closest('[data-testid="my-item"]') as HTMLElement;
    expect(within(card).getByTestId('my-score')).toHaveTextContent('52');
    expect(within(card).getByText('不及格')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: /查看答卷/ }));
    expect(await screen.findByText('答卷页')).toBeInTheDocument();
  });

  it('asks before starting a timed exam, then opens it', async () => {
    renderList(['exam', 'homework']);
    const card = (await screen.findByText('机械基础期中考试')).closest('[data-testid="my-item"]') as HTMLElement;
    await userEvent.click(within(card).getByRole('button', { name: /开始作答/ }));
    expect(await screen.findByText(/开始后计时 90 分钟/)).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: /开始作答/ }).at(-1)!);
    expect(await screen.findByText('作答页')).toBeInTheDocument();
  });

  it('练习 shows practice only', async () => {
    renderList(['practice']);
    expect(await screen.findByText('口算练习')).toBeInTheDocument();
    expect(screen.queryByText('机械基础期中考试')).toBeNull();
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { benchOf, MAX_RECENT, MAX_SHORTCUTS, useWorkbench } from './workbench.ts';

const bench = (userId: string) => benchOf(useWorkbench.getState(), userId);
const visit = (userId: string, value: string, time: number) =>
  useWorkbench.getState().visit(userId, { value, label: value }, time);

beforeEach(() => useWorkbench.setState({ byUser: {} }));

describe('workbench store', () => {
  it('lists recent pages newest first, once each, up to the limit', () => {
    visit('u1', '/a', 1);
    visit('u1', '/b', 2);
    visit('u1', '/a', 3);
    expect(bench('u1').recent.map((r) => [r.value, r.time])).toEqual([
      ['/a', 3],
      ['/b', 2],
    ]);
    for (let i = 0; i < MAX_RECENT + 5; i += 1) visit('u1', `/p${i}`, 10 + i);
    expect(bench('u1').recent).toHaveLength(MAX_RECENT);
  });

  it('keeps each user to their own pages and shortcuts', () => {
    visit('u1', '/a', 1);
    useWorkbench.getState().setShortcuts('u2', ['/system/param', '/system/param', '/desk/notice']);
    expect(bench('u2').recent).toEqual([]);
    expect(bench('u2').shortcuts).toEqual(['/system/param', '/desk/notice']);
    expect(bench('u1').shortcuts).toEqual([]);
    expect(benchOf(useWorkbench.getState(), undefined)).toEqual({ shortcuts: [], recent: [] });
  });

  it('caps shortcuts, clears history and persists', () => {
    useWorkbench.getState().setShortcuts(
      'u1',
      Array.from({ length: 40 }, (_, i) => `/p${i}`),
    );
    expect(bench('u1').shortcuts).toHaveLength(MAX_SHORTCUTS);
    visit('u1', '/a', 1);
    useWorkbench.getState().clearRecent('u1');
    expect(bench('u1').recent).toEqual([]);
    expect(JSON.parse(localStorage.getItem('shixun-workbench')!).state.byUser.u1.shortcuts).toHaveLength(MAX_SHORTCUTS);
  });
});

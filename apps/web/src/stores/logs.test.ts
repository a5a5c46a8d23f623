import { ERROR_LOG_LIMITS, ERROR_LOG_MAX } from '@shixun/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { logTime, useLogs } from './logs.ts';

const add = (message: string, extra = {}) =>
  useLogs.getState().add({ type: 'error', message, stack: 'at x', info: '', ...extra });

beforeEach(() => useLogs.getState().clear());

describe('error log store', () => {
  it('records type, url, message, stack, info and the local time, newest first', () => {
    add('first');
    add('second', { info: 'app.js:1:2' });
    const [newest, older] = useLogs.getState().logs;
    expect(newest).toMatchObject({ type: 'error', message: 'second', stack: 'at x', info: 'app.js:1:2' });
    expect(newest!.url).toBe(window.location.href);
    expect(newest!.time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(older!.message).toBe('first');
  });

  it(`keeps at most ${ERROR_LOG_MAX} entries and clips long fields to what the server accepts`, () => {
    for (let i = 0; i < ERROR_LOG_MAX + 15; i += 1) add(`error ${i}`);
    const { logs } = useLogs.getState();
    expect(logs).toHaveLength(ERROR_LOG_MAX);
    expect(logs[0]!.message).toBe(`error ${ERROR_LOG_MAX + 14}`);
    add('x'.repeat(10_000), { stack: 'y'.repeat(20_000) });
    expect(useLogs.getState().logs[0]!.message).toHaveLength(ERROR_LOG_LIMITS.message);
    expect(useLogs.getState().logs[0]!.stack).toHaveLength(ERROR_LOG_LIMITS.stack);
  });

  it('is persisted, and clear empties it', () => {
    add('kept');
    expect(JSON.parse(localStorage.getItem('shixun-logs')!).state.logs[0].message).toBe('kept');
    useLogs.getState().clear();
    expect(useLogs.getState().logs).toEqual([]);
  });

  it('formats times as Saber does', () => {
    expect(logTime(new Date(2026, 0, 5, 8, 3, 9))).toBe('2026-01-05 08:03:09');
  });
});

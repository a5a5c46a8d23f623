import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSettings } from '../../stores/settings.ts';
import type { Leaf } from './paper.ts';
import { SaveBanner } from './SaveBanner.tsx';
import { SaveStatus } from './SaveStatus.tsx';
import type { SyncState } from './sync.ts';

const state = (patch: Partial<SyncState>): SyncState => ({
  ready: true,
  entries: new Map(),
  unacked: 0,
  tooLong: [],
  sending: false,
  failure: null,
  savedAt: null,
  stopped: false,
  ...patch,
});
const leaf = (id: string, label: string) => ({ question: { id }, label }) as Leaf;
const leaves = [leaf('q1', '1'), leaf('q2', '2'), leaf('q5', '3(2)')];

beforeEach(() => useSettings.setState({ language: 'zh' }));

describe('the save state the student sees', () => {
  it('when the server asks to wait: delayed, the answers kept on this device — not an error', () => {
    const delayed = state({ unacked: 2, failure: { kind: 'delayed', retryAfter: 2 } });
    render(
      <>
        <SaveStatus state={delayed} online />
        <SaveBanner state={delayed} online leaves={leaves} onCheck={() => undefined} />
      </>,
    );
    expect(screen.getByTestId('save-status')).toHaveTextContent('保存延迟');
    expect(screen.getByText('保存暂时延迟：答案已保存在本机，稍后自动重试，请继续作答')).toBeInTheDocument();
  });

  it('names the questions whose answer is too long, and the limits', () => {
    const held = state({ unacked: 2, tooLong: ['q5', 'q2'] });
    render(
      <>
        <SaveStatus state={held} online />
        <SaveBanner state={held} online leaves={leaves} onCheck={() => undefined} />
      </>,
    );
    expect(screen.getByTestId('save-status')).toHaveTextContent('答案过长');
    expect(screen.getByTestId('save-too-long')).toHaveTextContent(
      '第 2、3(2) 题的答案太长，未能保存（文字答案最多 20000 字，每个填空最多 2000 字）。请删减；其他答案照常保存',
    );
  });
});

import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSettings } from '../../stores/settings.ts';
import { Countdown } from './Countdown.tsx';

beforeEach(() => useSettings.setState({ language: 'zh' }));

const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();
const noop = () => undefined;

describe('the time an attempt shows', () => {
  it('a time limit counts down', () => {
    render(<Countdown endTime={inMs(30 * 60_000)} offset={0} onWarn={noop} onExpire={noop} />);
    expect(screen.getByRole('timer')).toHaveTextContent(/29:5\d|30:00/);
  });

  it('no time limit and 13 days to the close: neither a countdown of days nor the close time', () => {
    const { container } = render(
      <Countdown endTime={inMs(13 * 86_400_000)} offset={0} onWarn={noop} onExpire={noop} deadline />,
    );
    expect(screen.queryByRole('timer')).toBeNull();
    expect(container).toBeEmptyDOMElement();
  });

  it('no time limit, closing within the day: the close time, and the clock only in the last minutes', () => {
    const { unmount } = render(
      <Countdown endTime={inMs(3 * 3_600_000)} offset={0} onWarn={noop} onExpire={noop} deadline />,
    );
    expect(screen.getByTestId('exam-deadline')).toHaveTextContent(/截止$/);
    expect(screen.queryByRole('timer')).toBeNull();
    unmount();
    render(<Countdown endTime={inMs(4 * 60_000)} offset={0} onWarn={noop} onExpire={noop} deadline />);
    expect(screen.getByRole('timer')).toHaveTextContent(/0[34]:\d\d/);
  });
});

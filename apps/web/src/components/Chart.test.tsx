import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

// jsdom has no canvas: the chart instance is a stand-in that records what it is told.
const instance = { setOption: vi.fn(), resize: vi.fn(), dispose: vi.fn() };
const init = vi.fn((_el: HTMLElement, _theme?: string) => instance);
vi.mock('echarts/core', async (original) => ({ ...(await original<typeof import('echarts/core')>()), init }));

const { Chart, isDarkColor } = await import('./Chart.tsx');

describe('Chart', () => {
  it('draws its option (replacing the last one) and is disposed with the component', () => {
    const option = { xAxis: { type: 'category' as const, data: ['a'] }, yAxis: {}, series: [] };
    const { rerender, unmount, getByRole } = render(<Chart option={option} label="分数分布" height={240} />);
    const box = getByRole('img', { name: '分数分布' });
    expect(box).toHaveStyle({ height: '240px' });
    expect(init).toHaveBeenCalledWith(box, undefined, { renderer: 'canvas' });
    expect(instance.setOption).toHaveBeenLastCalledWith(
      expect.objectContaining({ backgroundColor: 'transparent', xAxis: option.xAxis }),
      { notMerge: true },
    );

    const next = { ...option, xAxis: { type: 'category' as const, data: ['b'] } };
    rerender(<Chart option={next} label="分数分布" height={240} />);
    expect(instance.setOption).toHaveBeenLastCalledWith(expect.objectContaining({ xAxis: next.xAxis }), {
      notMerge: true,
    });

    unmount();
    expect(instance.dispose).toHaveBeenCalledTimes(1);
  });

  it('tells dark page colours from light ones', () => {
    expect(isDarkColor('#141414')).toBe(true);
    expect(isDarkColor('#fff')).toBe(false);
    expect(isDarkColor('#ffffff')).toBe(false);
    expect(isDarkColor('rgb(20, 20, 20)')).toBe(true);
    expect(isDarkColor('rgba(255,255,255,0.9)')).toBe(false);
    expect(isDarkColor('transparent')).toBe(false);
  });
});

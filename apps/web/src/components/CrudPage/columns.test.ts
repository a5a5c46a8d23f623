import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { type FittedColumns, fitColumns, tableColumns, tableWidth } from './columns.tsx';

const columns: FittedColumns<object> = [
  { key: 'name', width: 200, minWidth: 100 },
  { key: 'school', width: 160, minWidth: 80 },
  { key: 'progress', width: 170 }, // its own cells: keeps its width
  { key: 'actions', width: 150, fixed: 'right' },
];

describe('fitColumns', () => {
  it('keeps the declared widths when they fit or before the panel is measured', () => {
    expect(fitColumns(columns, 900)).toBe(columns);
    expect(fitColumns(columns, undefined)).toBe(columns);
  });

  it('narrows the columns that can spare width, in proportion, down to the panel', () => {
    const fitted = fitColumns(columns, 620); // 60 too wide of 180 to spare: each gives a third
    expect(fitted.map((c) => c.width)).toEqual([166, 133, 170, 150]);
    expect(tableWidth(fitted)).toBeLessThanOrEqual(620);
  });

  it('stops at the narrowest widths, and the table then scrolls', () => {
    const fitted = fitColumns(columns, 300);
    expect(fitted.map((c) => c.width)).toEqual([100, 80, 170, 150]);
  });
});

describe('tableColumns', () => {
  it('lets a column narrow to where its heading wraps, unless it declares how narrow it may be', () => {
    const t = ((key: string) => key) as unknown as TFunction;
    const made = tableColumns(
      [
        { prop: 'year', label: '入学年份', width: 100 },
        { prop: 'validity', label: 'Refresh token validity (s)', width: 140 },
        { prop: 'progress', label: '进度', width: 170, minWidth: 170 },
      ],
      t,
      { rows: [], of: () => [], standard: false, compact: false },
    );
    expect(made.map((c) => c.minWidth)).toEqual([64, 88, 170]);
  });
});

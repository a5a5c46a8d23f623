import { Spin, Tabs } from 'antd';
import ExcelJS from 'exceljs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreviewBytes } from './bytes.ts';
import styles from './preview.module.css';

/** Rows shown per sheet: enough to read a class list or a score sheet, not a reason to freeze the tab. */
const MAX_ROWS = 1000;
const MAX_COLUMNS = 100;

interface Sheet {
  name: string;
  rows: { cells: { text: string; rowSpan: number; colSpan: number; key: string }[]; key: number }[];
  columns: number;
  truncated: boolean;
}

const columnName = (n: number): string =>
  (n > 26 ? columnName(Math.floor((n - 1) / 26)) : '') + String.fromCharCode(65 + ((n - 1) % 26));

/** A worksheet as plain text cells; merged ranges become row and column spans. */
function readSheet(ws: ExcelJS.Worksheet): Sheet {
  const rowCount = Math.min(ws.actualRowCount ? ws.rowCount : 0, MAX_ROWS);
  const columns = Math.min(ws.columnCount, MAX_COLUMNS);
  const spans = new Map<string, { rowSpan: number; colSpan: number }>();
  const covered = new Set<string>();
  for (const range of (ws.model as { merges?: string[] }).merges ?? []) {
    const [from, to] = range.split(':').map((ref) => ws.getCell(ref!));
    if (!from || !to) continue;
    const top = Number(from.row);
    const left = Number(from.col);
    const bottom = Number(to.row);
    const right = Number(to.col);
    spans.set(`${top}:${left}`, { rowSpan: bottom - top + 1, colSpan: right - left + 1 });
    for (let r = top; r <= bottom; r++)
      for (let c = left; c <= right; c++) if (r !== top || c !== left) covered.add(`${r}:${c}`);
  }
  const rows: Sheet['rows'] = [];
  for (let r = 1; r <= rowCount; r++) {
    const row = ws.getRow(r);
    const cells: Sheet['rows'][number]['cells'] = [];
    for (let c = 1; c <= columns; c++) {
      if (covered.has(`${r}:${c}`)) continue;
      const span = spans.get(`${r}:${c}`) ?? { rowSpan: 1, colSpan: 1 };
      cells.push({ text: row.getCell(c).text ?? '', ...span, key: `${r}:${c}` });
    }
    rows.push({ cells, key: r });
  }
  return { name: ws.name, rows, columns, truncated: ws.rowCount > MAX_ROWS };
}

/** Workbooks drawn in the browser (ExcelJS) when the server has no converter: one tab per sheet. */
export default function XlsxViewer({ source }: { source: string }) {
  const { t } = useTranslation();
  const bytes = usePreviewBytes(source);
  const [sheets, setSheets] = useState<Sheet[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!bytes.data) return;
    const read = async () => {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(await bytes.data.arrayBuffer());
      setSheets(workbook.worksheets.map(readSheet));
    };
    read().catch(() => setFailed(true));
  }, [bytes.data]);

  if (bytes.isError || failed) return <div className={styles.message}>{t('preview.failed')}</div>;
  if (!sheets) return <Spin />;
  return (
    <Tabs
      className={styles.xlsx}
      data-testid="xlsx-viewer"
      items={sheets.map((sheet, i) => ({
        key: String(i),
        label: sheet.name,
        children: sheet.rows.length ? (
          <div className={styles.sheet}>
            {sheet.truncated && <p className={styles.note}>{t('preview.tooLarge', { rows: MAX_ROWS })}</p>}
            <table>
              <thead>
                <tr>
                  <th />
                  {Array.from({ length: sheet.columns }, (_, c) => (
                    <th key={columnName(c + 1)}>{columnName(c + 1)}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {sheet.rows.map((row) => (
                  <tr key={row.key}>
                    <th>{row.key}</th>
                    {row.cells.map((cell) => (
                      <td key={cell.key} rowSpan={cell.rowSpan} colSpan={cell.colSpan}>
                        {cell.text}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className={styles.note}>{t('preview.sheetEmpty')}</p>
        ),
      }))}
    />
  );
}

import { TableOutlined } from '@ant-design/icons';
import { columnName, IMPORT_COLUMN_KEYS, type ImportColumnKey, type ImportSheet } from '@shixun/contracts';
import { Button, Card, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './import.module.css';

interface Props {
  sheet: ImportSheet;
  busy: boolean;
  /** Read the sheet again with every field's column (0: none). */
  onApply: (columns: Record<string, number>) => void;
}

/** Each column's field (the sheet says each field's column). */
const fieldsOf = (sheet: ImportSheet) =>
  Object.fromEntries(Object.entries(sheet.columns).map(([field, col]) => [col, field as ImportColumnKey]));

/**
 * 列对应: how the columns of a spreadsheet were read — the header row found, each column's header and the field it
 * was taken as — for the teacher to change (a header the import did not know, a column it should leave alone)
 * before checking the questions again.
 */
export function ColumnMapping({ sheet, busy, onApply }: Props) {
  const { t } = useTranslation();
  const [fields, setFields] = useState<Record<number, ImportColumnKey | undefined>>(() => fieldsOf(sheet));
  const label = (key: ImportColumnKey) => {
    const option = /^(option|correct)([A-H])$/.exec(key);
    return option
      ? t(`questionBank.import.field.${option[1] as 'option' | 'correct'}`, { label: option[2] })
      : t(`questionBank.import.field.${key}`);
  };
  const options = IMPORT_COLUMN_KEYS.map((key) => ({ value: key, label: label(key) }));
  const changed = JSON.stringify(fields) !== JSON.stringify(fieldsOf(sheet));

  const choose = (col: number, field: ImportColumnKey | undefined) =>
    setFields((current) => {
      const next = { ...current };
      // A field is read from one column: taking it here leaves the column it was in.
      for (const [other, f] of Object.entries(next)) if (field && f === field) delete next[Number(other)];
      next[col] = field;
      return next;
    });

  const apply = () => {
    const columns: Record<string, number> = Object.fromEntries(IMPORT_COLUMN_KEYS.map((key) => [key, 0]));
    for (const [col, field] of Object.entries(fields)) if (field) columns[field] = Number(col);
    onApply(columns);
  };

  return (
    <Card
      size="small"
      className={styles.summary}
      title={
        <span>
          <TableOutlined /> {t('questionBank.import.columnsTitle', { row: sheet.headerRow })}
        </span>
      }
      extra={
        <Button size="small" type={changed ? 'primary' : 'default'} disabled={!changed} loading={busy} onClick={apply}>
          {t('questionBank.import.columnsApply')}
        </Button>
      }
    >
      <div className={styles.columnsHint}>
        <Typography.Text type="secondary">{t('questionBank.import.columnsHint')}</Typography.Text>
      </div>
      <div className={styles.columns}>
        {sheet.headers.map((header, i) => {
          const col = i + 1;
          const id = `import-column-${col}`;
          return (
            <div key={id} className={styles.column}>
              <label htmlFor={id} className={styles.columnLabel}>
                {t('questionBank.import.columnName', { col: columnName(col), header: header || '—' })}
              </label>
              <Select<ImportColumnKey>
                id={id}
                size="small"
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={t('questionBank.import.columnNone')}
                value={fields[col]}
                onChange={(field) => choose(col, field)}
                options={options}
              />
            </div>
          );
        })}
      </div>
    </Card>
  );
}

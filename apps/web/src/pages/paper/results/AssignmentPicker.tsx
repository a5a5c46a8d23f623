import type { Assignment } from '@shixun/contracts';
import { useQuery } from '@tanstack/react-query';
import { Select, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { assignmentApi } from '../../../api/assignment.ts';
import { TYPE_COLORS } from '../labels.ts';
import styles from './results.module.css';

/** The query key of the picker's lists (the blank search is the newest assignments, which the page reads too). */
export const pickerKey = (title: string) => ['paper_teacher', 'results-picker', title] as const;
/** The teacher's assignments, newest first (the list's own order), whose title has these words. */
export const pickerList = (title: string) => () =>
  assignmentApi.list({ current: 1, size: 50, title: title || undefined });

/** A value that settles for `ms` before it is used (typing in a search box). */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

function AssignmentOption({ a }: { a: Assignment }) {
  const { t } = useTranslation();
  return (
    <div className={styles.option}>
      <span className={styles.optionTitle}>{a.title}</span>
      <span className={styles.optionMeta}>
        <Tag color={TYPE_COLORS[a.kind]}>{t(`paper.type.${a.kind}`)}</Tag>
        <Typography.Text type="secondary">
          {dayjs(a.openTime).format('YYYY-MM-DD')} · {a.classNames.filter(Boolean).join('、') || '—'} ·{' '}
          {t('results.picker.submitted', { submitted: a.progress.submitted, students: a.progress.students })}
        </Typography.Text>
      </span>
    </div>
  );
}

/**
 * The assignment whose results are shown, searched by title among the teacher's own (newest first). `known` names
 * the chosen one when the search does not list it (a link's `?assignment=`, or the one chosen last time).
 */
export function AssignmentPicker({
  value,
  onChange,
  known,
}: {
  value?: string;
  onChange: (id: string | undefined) => void;
  known?: { id: string; title: string };
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const title = useSettled(search.trim(), 300);
  const list = useQuery({ queryKey: pickerKey(title), queryFn: pickerList(title), staleTime: 30_000 });
  const options = useMemo(() => {
    const rows = list.data?.records ?? [];
    const listed = rows.map((a) => ({ value: a.id, label: a.title, a }));
    if (known && known.id === value && !rows.some((a) => a.id === known.id))
      return [{ value: known.id, label: known.title, a: undefined }, ...listed];
    return listed;
  }, [list.data, known, value]);

  return (
    <Select
      className={styles.picker}
      value={value}
      placeholder={t('results.picker.placeholder')}
      aria-label={t('results.picker.label')}
      showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
      loading={list.isFetching}
      notFoundContent={list.isFetching ? undefined : t('results.picker.notFound')}
      onChange={(next: string | undefined) => {
        setSearch('');
        onChange(next);
      }}
      options={options}
      optionRender={(option) => {
        const a = (option.data as { a?: Assignment }).a;
        return a ? <AssignmentOption a={a} /> : option.label;
      }}
    />
  );
}

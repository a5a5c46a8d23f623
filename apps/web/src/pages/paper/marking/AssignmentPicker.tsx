import type { Assignment } from '@shixun/contracts';
import { useQuery } from '@tanstack/react-query';
import { Select, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { assignmentApi } from '../../../api/assignment.ts';
import { ASSIGNMENT_KEY, STATE_COLORS } from '../assignment/logic.ts';
import styles from './marking.module.css';

/**
 * The assignment to mark, searched by title among the teacher's own (newest first), each with its state and how
 * many answers await marking. Without one chosen, the first with answers awaiting marking is offered (`onChange`).
 */
export function AssignmentPicker({
  value,
  current,
  onChange,
}: {
  value?: string;
  /** The chosen assignment, shown even when the search does not list it. */
  current?: Assignment;
  onChange: (id: string) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [title, setTitle] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setTitle(search.trim()), 300);
    return () => clearTimeout(timer);
  }, [search]);
  const list = useQuery({
    queryKey: [ASSIGNMENT_KEY, 'picker', title],
    queryFn: () => assignmentApi.list({ current: 1, size: 50, title: title || undefined }),
    staleTime: 30_000,
  });
  const rows = useMemo(() => {
    const records = list.data?.records ?? [];
    return current && !records.some((r) => r.id === current.id) ? [current, ...records] : records;
  }, [list.data, current]);

  useEffect(() => {
    if (value || title || !list.data) return;
    const first = list.data.records.find((r) => r.progress.toMark > 0);
    if (first) onChange(first.id);
  }, [value, title, list.data, onChange]);

  return (
    <Select
      className={styles.picker}
      value={value}
      placeholder={t('marking.chooseAssignment')}
      aria-label={t('marking.assignment')}
      loading={list.isFetching}
      showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
      onChange={(id: string) => {
        setSearch('');
        onChange(id);
      }}
      options={rows.map((a) => ({ value: a.id, label: a.title, assignment: a }))}
      optionRender={(option) => {
        const a = (option.data as { assignment: Assignment }).assignment;
        return (
          <div className={styles.pickerOption}>
            <span className={styles.pickerTitle}>{a.title}</span>
            <span className={styles.pickerMeta}>
              <Tag color={STATE_COLORS[a.state]}>{t(`assignment.state.${a.state}`)}</Tag>
              <Typography.Text type={a.progress.toMark ? 'warning' : 'secondary'}>
                {a.progress.toMark
                  ? t('marking.toMark', { count: a.progress.toMark })
                  : t('marking.submittedOf', { submitted: a.progress.submitted, students: a.progress.students })}
              </Typography.Text>
            </span>
          </div>
        );
      }}
      notFoundContent={list.isFetching ? undefined : t('marking.noAssignments')}
    />
  );
}

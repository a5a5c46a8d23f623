import type { Assignment } from '@shixun/contracts';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { assignmentApi } from '../../api/assignment.ts';
import { useSettled } from '../../app/useSettled.ts';
import { ASSIGNMENT_KEY } from './logic.ts';
import styles from './picker.module.css';

/** The query key of the picker's lists (the blank search is the newest assignments, which a page may read too). */
export const pickerKey = (title: string) => [ASSIGNMENT_KEY, 'picker', title] as const;
/** The teacher's assignments, newest first (the list's own order), whose title has these words. */
export const pickerList = (title: string) => () =>
  assignmentApi.list({ current: 1, size: 50, title: title || undefined });

interface Props {
  value?: string;
  onChange: (id: string | undefined) => void;
  /** The chosen one when the search does not list it (a link's `?assignment=`, the one chosen last time). */
  known?: { id: string; title: string; assignment?: Assignment };
  /** Each option's second line, under its title: what the page cares about (state, answers to mark, submissions). */
  meta: (a: Assignment) => ReactNode;
  /** Nothing chosen and nothing searched: the first of the newest this accepts is chosen (`onChange`). */
  pickFirst?: (a: Assignment) => boolean;
  label: string;
  placeholder: string;
  notFound: string;
  className?: string;
}

/**
 * An assignment of the teacher's own, searched by title (newest first): the one picker of 阅卷 and 成绩分析, each
 * saying under every title what matters there.
 */
export function AssignmentPicker({
  value,
  onChange,
  known,
  meta,
  pickFirst,
  label,
  placeholder,
  notFound,
  className,
}: Props) {
  const [search, setSearch] = useState('');
  const title = useSettled(search.trim(), 300);
  const list = useQuery({ queryKey: pickerKey(title), queryFn: pickerList(title), staleTime: 30_000 });
  const options = useMemo(() => {
    const rows = list.data?.records ?? [];
    const listed = rows.map((a) => ({ value: a.id, label: a.title, a }));
    if (known && known.id === value && !rows.some((a) => a.id === known.id))
      return [{ value: known.id, label: known.title, a: known.assignment }, ...listed];
    return listed;
  }, [list.data, known, value]);

  useEffect(() => {
    if (!pickFirst || value || title || !list.data) return;
    const first = list.data.records.find(pickFirst);
    if (first) onChange(first.id);
  }, [pickFirst, value, title, list.data, onChange]);

  return (
    <Select
      className={className}
      value={value}
      placeholder={placeholder}
      aria-label={label}
      showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
      loading={list.isFetching}
      notFoundContent={list.isFetching ? undefined : notFound}
      onChange={(next: string | undefined) => {
        setSearch('');
        onChange(next);
      }}
      options={options}
      optionRender={(option) => {
        const a = (option.data as { a?: Assignment }).a;
        if (!a) return option.label;
        return (
          <div className={styles.option}>
            <span className={styles.title}>{a.title}</span>
            <span className={styles.meta}>{meta(a)}</span>
          </div>
        );
      }}
    />
  );
}

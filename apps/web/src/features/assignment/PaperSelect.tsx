import { PAPER_TYPES, type Paper } from '@shixun/contracts';
import { useQuery } from '@tanstack/react-query';
import { Select, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAPER_LIST_KEY, paperApi } from '../../api/paper.ts';
import { useSettled } from '../../app/useSettled.ts';
import { TYPE_COLORS } from '../paper/labels.ts';
import styles from './assignment.module.css';

/** One paper among the choices: its kind, total score and question count (none: it cannot be assigned). */
function PaperOption({ paper }: { paper: Paper }) {
  const { t } = useTranslation();
  return (
    <div className={styles.paperOption}>
      <span className={styles.paperTitle}>{paper.title}</span>
      <span className={styles.paperMeta}>
        <Tag color={TYPE_COLORS[paper.paperType]}>{t(`paper.type.${paper.paperType}`)}</Tag>
        <Typography.Text type={paper.questionCount ? 'secondary' : 'danger'}>
          {paper.questionCount
            ? t('assignment.form.paperMeta', { score: paper.totalScore, count: paper.questionCount })
            : t('assignment.form.paperEmpty')}
        </Typography.Text>
        {paper.access !== 'own' && paper.ownerName ? (
          <Typography.Text type="secondary">· {paper.ownerName}</Typography.Text>
        ) : null}
      </span>
    </div>
  );
}

/**
 * The paper to assign (a form control: `value` is its id), searched by title on the server among the papers the
 * teacher may read. A paper without questions is shown but cannot be chosen. `known` is a paper to offer even when
 * the search does not list it (the one the paper list's 发布 came with).
 */
export function PaperSelect({
  value,
  onChange,
  onPaper,
  known,
  id,
  placeholder,
}: {
  value?: string;
  onChange?: (id: string | undefined) => void;
  onPaper?: (paper: Paper | undefined) => void;
  known?: Paper;
  id?: string;
  placeholder?: string;
}) {
  const [search, setSearch] = useState('');
  const title = useSettled(search.trim(), 300);
  const [picked, setPicked] = useState<Paper | undefined>(known);
  useEffect(() => {
    if (known) setPicked(known);
  }, [known]);
  const list = useQuery({
    queryKey: [PAPER_LIST_KEY, 'assignable', title],
    queryFn: () => paperApi.list({ current: 1, size: 50, paperType: PAPER_TYPES.join(','), title: title || undefined }),
    staleTime: 30_000,
  });
  const papers = useMemo(() => {
    const rows = list.data?.records ?? [];
    const extra = [picked, known].filter(
      (p): p is Paper => p !== undefined && p.id === value && !rows.some((r) => r.id === p.id),
    );
    return [...extra.slice(0, 1), ...rows];
  }, [list.data, picked, known, value]);

  return (
    <Select
      id={id}
      value={value}
      placeholder={placeholder}
      showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
      loading={list.isFetching}
      allowClear
      onClear={() => setSearch('')}
      onChange={(next: string | undefined) => {
        const paper = papers.find((p) => p.id === next);
        setPicked(paper);
        onChange?.(next);
        onPaper?.(paper);
        setSearch('');
      }}
      options={papers.map((p) => ({ value: p.id, label: p.title, disabled: p.questionCount === 0, paper: p }))}
      optionRender={(option) => <PaperOption paper={(option.data as { paper: Paper }).paper} />}
      style={{ width: '100%' }}
    />
  );
}

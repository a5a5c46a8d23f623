import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { deptApi } from '../../api/system.ts';
import { SearchTreeCard } from '../../components/SearchTreeCard.tsx';

/** The depts of the tenant; picking one narrows the user list to it, picking it again shows everyone. */
export function DeptTree({ value, onChange }: { value?: string; onChange: (id: string | undefined) => void }) {
  const { t } = useTranslation();
  const { data, isLoading } = useQuery({ queryKey: ['options', 'dept-tree'], queryFn: deptApi.tree });
  return (
    <SearchTreeCard
      title={t('user.allDepts')}
      searchPlaceholder={t('user.deptSearch')}
      clearLabel={t('crud.reset')}
      emptyText={t('crud.empty')}
      nodes={data}
      loading={isLoading}
      value={value}
      onChange={(node) => onChange(node?.id)}
    />
  );
}

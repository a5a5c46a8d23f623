import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { courseApi } from '../../../api/course.ts';

/** Which course the editor shows (the menu opens it without one): the courses the teacher may read, by name. */
export function CoursePicker({ value, onChange }: { value?: string; onChange: (id: string) => void }) {
  const { t } = useTranslation();
  const list = useQuery({ queryKey: ['course', 'picker'], queryFn: () => courseApi.list({ current: 1, size: 200 }) });
  return (
    <Select
      showSearch={{ optionFilterProp: 'label' }}
      aria-label={t('course.editor.pick')}
      placeholder={t('course.editor.pick')}
      style={{ width: 'min(360px, 100%)' }}
      loading={list.isLoading}
      value={value}
      onChange={onChange}
      options={(list.data?.records ?? []).map((c) => ({ label: c.name, value: c.id }))}
    />
  );
}

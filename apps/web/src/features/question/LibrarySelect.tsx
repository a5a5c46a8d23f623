import type { LibOption } from '@shixun/contracts';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { canEditLib, LIB_OPTIONS_KEY, libraryApi } from '../../api/question.ts';

/** The libraries the teacher may add questions to (their own, those shared with them to edit), once `enabled`. */
export function useEditableLibraries(enabled: boolean): { libraries: LibOption[]; loading: boolean } {
  const libs = useQuery({
    queryKey: [...LIB_OPTIONS_KEY, 'edit'],
    queryFn: () => libraryApi.options('edit'),
    enabled,
  });
  return { libraries: (libs.data ?? []).filter((l) => canEditLib(l.access)), loading: libs.isLoading };
}

/** A searchable pick of one of those libraries (copy into, import into). */
export function LibrarySelect({
  id,
  value,
  onChange,
  libraries,
  loading,
  disabled,
}: {
  id: string;
  value: string | undefined;
  onChange: (id: string) => void;
  libraries: LibOption[];
  loading: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Select
      id={id}
      showSearch={{ optionFilterProp: 'label' }}
      loading={loading}
      value={value}
      onChange={onChange}
      placeholder={t('questionBank.editor.libPlaceholder')}
      options={libraries.map((l) => ({ value: l.id, label: l.name }))}
      disabled={disabled}
    />
  );
}

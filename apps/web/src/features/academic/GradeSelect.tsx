import { useQuery } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import { clazzApi } from '../../api/exam.ts';

/** The grades of the school chosen in the same form (field `schoolId`); a form control whose value is a grade id. */
export function GradeSelect({
  value,
  onChange,
  placeholder,
  disabled,
}: {
  value?: string;
  onChange?: (id: string) => void;
  placeholder?: string;
  disabled?: boolean;
}) {
  const schoolId = Form.useWatch('schoolId', Form.useFormInstance()) as string | undefined;
  const { data, isLoading } = useQuery({
    queryKey: ['clazz', 'grades', schoolId],
    queryFn: () => clazzApi.grades(schoolId),
    enabled: Boolean(schoolId),
  });
  return (
    <Select
      value={value}
      onChange={onChange}
      placeholder={placeholder}
      disabled={disabled || !schoolId}
      loading={isLoading}
      options={(data ?? []).map((g) => ({ label: g.title, value: g.id }))}
      showSearch={{ optionFilterProp: 'label' }}
    />
  );
}

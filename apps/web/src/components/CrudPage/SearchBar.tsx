import { ClearOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Form, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import styles from './crud.module.css';
import { fieldControl } from './fields.tsx';
import type { CrudColumn } from './types.ts';

export type Filters = Record<string, string | number>;

/** Fields marked `search`; Enter in any of them searches. Empty values are not sent. */
export function SearchBar<T>({
  columns,
  onSearch,
  name = 'search',
}: {
  columns: CrudColumn<T>[];
  onSearch: (f: Filters) => void;
  /** The form's name, the prefix of its field ids. */
  name?: string;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const fields = columns.filter((c) => c.search);
  if (!fields.length) return null;

  const search = (values: Record<string, unknown>) => {
    const filters: Filters = {};
    for (const [key, value] of Object.entries(values)) {
      if (typeof value === 'string' && value.trim()) filters[key] = value.trim();
      else if (typeof value === 'number') filters[key] = value;
    }
    onSearch(filters);
  };

  return (
    <Form form={form} name={name} layout="inline" className={styles.search} onFinish={search}>
      {fields.map((c) => (
        <Form.Item key={c.prop} name={c.prop as string} label={t(c.label)}>
          {fieldControl(c, t, 'search')}
        </Form.Item>
      ))}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('crud.search')}
          </Button>
          <Button
            icon={<ClearOutlined />}
            onClick={() => {
              form.resetFields();
              onSearch({});
            }}
          >
            {t('crud.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}

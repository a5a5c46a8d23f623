import { Input, Select, Space } from 'antd';

/** What sits above a paged picker of the editor: a name search and one kind; either change starts again at page 1. */
export function PickerFilters({
  searchLabel,
  kindLabel,
  kind,
  kinds,
  onChange,
}: {
  searchLabel: string;
  kindLabel: string;
  kind: string | undefined;
  kinds: { label: string; value: string }[];
  onChange: (change: { search: string } | { kind: string | undefined }) => void;
}) {
  return (
    <Space wrap style={{ marginBottom: 12 }}>
      <Input.Search
        allowClear
        aria-label={searchLabel}
        placeholder={searchLabel}
        onSearch={(value) => onChange({ search: value.trim() })}
      />
      <Select
        allowClear
        aria-label={kindLabel}
        placeholder={kindLabel}
        style={{ minWidth: 120 }}
        value={kind}
        onChange={(value) => onChange({ kind: value })}
        options={kinds}
      />
    </Space>
  );
}

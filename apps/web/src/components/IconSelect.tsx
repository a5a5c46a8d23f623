import { Select, type SelectProps, Space, Tooltip } from 'antd';
import { knownIcon, menuIconNames } from '../app/icons.tsx';

const options = menuIconNames.map((name) => ({
  value: name,
  label: (
    <Space size={8}>
      {knownIcon(name)}
      <span>{name}</span>
    </Space>
  ),
}));

/** Picks a menu icon by name, each shown as it will look in the sidebar; typing filters by name. */
export function IconSelect(props: SelectProps<string>) {
  return <Select {...props} allowClear showSearch={{ optionFilterProp: 'value' }} options={options} />;
}

/** A stored icon name as a table shows it: the icon beside its name (the name alone when we have no such icon). */
export function IconName({ source }: { source: string }) {
  if (!source) return null;
  const icon = knownIcon(source);
  return (
    <Space size={6}>
      {icon}
      <span>{source}</span>
    </Space>
  );
}

/** A stored icon name as a narrow cell: the icon, named by its tooltip (the name itself when we have no such icon). */
export function IconPreview({ source }: { source: string }) {
  if (!source) return null;
  const icon = knownIcon(source);
  if (!icon) return <span>{source}</span>;
  return (
    <Tooltip title={source}>
      <span role="img" aria-label={source} style={{ fontSize: 16 }}>
        {icon}
      </span>
    </Tooltip>
  );
}

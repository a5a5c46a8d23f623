import type { DataScopedResource } from '@shixun/contracts';
import { useQuery } from '@tanstack/react-query';
import { Form, Select, type SelectProps, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { dataScopeApi } from '../api/system.ts';
import { type DictRef, useDictOptions } from './DictSelect.tsx';

export const DATA_SCOPE_TYPE_DICT: DictRef = { code: 'data_scope_type', numeric: true };

/** The resources data scopes can limit and the rule types each supports (`data-scope/resources`). */
const useScopeResources = () =>
  useQuery<DataScopedResource[]>({
    queryKey: ['options', 'data-scope-resources'],
    queryFn: dataScopeApi.resources,
    staleTime: 5 * 60_000,
  });

/** A resource code in words ("用户"), the code itself when the catalog has no name for it. */
export function ResourceName({ code }: { code: string }) {
  const { t } = useTranslation();
  return (
    <>
      {t(`dataScope.resources.${code}`, { defaultValue: code })}{' '}
      <Typography.Text type="secondary" code>
        {code}
      </Typography.Text>
    </>
  );
}

/** Picks the resource a rule limits; each option says which rule types the resource supports. */
export function ResourceSelect(props: SelectProps) {
  const { t } = useTranslation();
  const resources = useScopeResources();
  const types = useDictOptions(DATA_SCOPE_TYPE_DICT);
  const typeNames = (codes: number[]) =>
    codes.map((c) => types.options.find((o) => o.value === c)?.label ?? String(c)).join(t('dataScope.listSeparator'));
  const options = (resources.data ?? []).map((r) => ({
    value: r.code,
    label: t('dataScope.resourceLabel', {
      name: t(`dataScope.resources.${r.code}`, { defaultValue: r.code }),
      code: r.code,
    }),
    types: r.types,
  }));
  return (
    <Select
      {...props}
      placeholder={t('crud.selectPlaceholder', { label: t('dataScope.resourceCode') })}
      loading={resources.isLoading}
      options={options}
      optionRender={(option) => (
        <div>
          <div>{option.data.label}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'normal' }}>
            {t('dataScope.supports', { types: typeNames(option.data.types) })}
          </Typography.Text>
        </div>
      )}
    />
  );
}

/**
 * Picks the rule type (dictionary `data_scope_type`); only the types the chosen resource supports can be picked,
 * and a type the newly chosen resource does not support is cleared.
 */
export function ScopeTypeSelect({ value, onChange, ...props }: SelectProps<number>) {
  const { t } = useTranslation();
  const resourceCode = Form.useWatch('resourceCode', Form.useFormInstance()) as string | undefined;
  const resources = useScopeResources();
  const { options, loading } = useDictOptions(DATA_SCOPE_TYPE_DICT);
  const supported = resources.data?.find((r) => r.code === resourceCode)?.types;

  useEffect(() => {
    if (supported && typeof value === 'number' && !supported.includes(value)) onChange?.(undefined as never, []);
  }, [supported, value, onChange]);

  return (
    <Select<number>
      {...props}
      value={value}
      onChange={onChange}
      placeholder={t(resourceCode ? 'crud.selectPlaceholder' : 'dataScope.resourceFirst', {
        label: t('dataScope.scopeType'),
      })}
      loading={loading || resources.isLoading}
      // Nothing to choose from until the resource is known; the form's read-only state still applies otherwise.
      disabled={supported ? undefined : true}
      options={options.map((o) => ({ ...o, disabled: !supported?.includes(o.value as number) }))}
    />
  );
}

import { REGION_ROOT, type Region } from '@shixun/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Cascader, type CascaderProps } from 'antd';
import { useState } from 'react';
import { regionApi } from '../api/system.ts';
import { regionLevelQuery, useRegionLevels } from './useRegionLevels.ts';

interface Option {
  value: string;
  label: string;
  isLeaf: boolean;
  children?: Option[];
}

/** The codes from the province down to `region` itself ("00,44,4401" + "440106" → 44, 4401, 440106). */
export function regionPath(region: Pick<Region, 'ancestors' | 'code'>): string[] {
  return [...region.ancestors.split(','), region.code].filter((c) => c && c !== REGION_ROOT);
}

/** The names from the province down to `region` itself, as the region row carries them. */
function regionNames(region: Region): string[] {
  return [region.provinceName, region.cityName, region.districtName, region.townName, region.villageName].slice(
    0,
    region.regionLevel,
  );
}

type PassedOn = Omit<CascaderProps<Option>, 'value' | 'onChange' | 'options' | 'loadData' | 'multiple'>;

/**
 * Picks a region (province → city → district …), one level loaded at a time. The value is the picked region's code;
 * an existing value is shown as its full path (looked up with `detail`). A plain antd form control.
 */
export function RegionCascader({
  value,
  onChange,
  ...rest
}: PassedOn & { value?: string; onChange?: (code: string | undefined) => void }) {
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState<string[]>([]);
  const detail = useQuery({
    queryKey: ['region', 'detail', value],
    queryFn: () => regionApi.detail(value!),
    enabled: Boolean(value),
    staleTime: 10 * 60_000,
  });
  const path = value && detail.data?.code === value ? regionPath(detail.data) : [];
  // The levels along the value's path are loaded too, so its labels show and the menu opens on it.
  const parents = [...new Set([REGION_ROOT, ...path.slice(0, -1), ...opened])];
  const { levels, isLoading } = useRegionLevels(parents);

  const build = (parent: string): Option[] | undefined =>
    levels.get(parent)?.map((n) => ({
      value: n.value,
      label: n.title,
      isLeaf: !n.hasChildren,
      children: n.hasChildren ? build(n.value) : undefined,
    }));

  const names = detail.data && path.length ? regionNames(detail.data) : [];

  return (
    <Cascader<Option>
      // Until the levels along the path are in, the labels are codes: show the names the detail carries.
      displayRender={(labels) => labels.map((l, i) => (l === path[i] && names[i] ? names[i] : l)).join(' / ')}
      {...rest}
      options={build(REGION_ROOT) ?? []}
      value={value ? (path.length ? path : [value]) : undefined}
      loading={isLoading || detail.isLoading}
      loadData={(selected) => {
        const code = selected.at(-1)?.value;
        if (!code) return;
        setOpened((o) => (o.includes(code) ? o : [...o, code]));
        void queryClient.fetchQuery(regionLevelQuery(code)).catch(() => undefined);
      }}
      onChange={(codes) => onChange?.(codes?.length ? String(codes.at(-1)) : undefined)}
    />
  );
}

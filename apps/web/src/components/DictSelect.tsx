import type { DictOption } from '@shixun/contracts';
import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchDictionary } from '../api/system.ts';
import { localName } from '../i18n/local-name.ts';

export interface DictRef {
  /** System dictionary code, e.g. `post_category`. */
  code: string;
  /** The stored value is a number (the dictKey "1" is sent as 1). */
  numeric?: boolean;
}

/**
 * Options of a system dictionary, fetched once per code and shared by every select and cell that shows it: the one
 * place dictionary items become labels, each in the UI's language.
 */
export function useDictOptions({ code, numeric }: DictRef) {
  // Subscribes to the language, so labels follow a switch.
  useTranslation();
  const query = useQuery({
    queryKey: ['dictionary', code],
    queryFn: () => fetchDictionary(code),
    staleTime: 5 * 60_000,
  });
  const options = (query.data ?? []).map((d: DictOption) => ({
    label: localName(d.dictValue, d.dictValueEn),
    value: numeric ? Number(d.dictKey) : d.dictKey,
  }));
  return { options, loading: query.isLoading };
}

/** A select over a dictionary; antd's Form.Item passes value/onChange straight through. */
export function DictSelect({ dict, ...props }: { dict: DictRef } & SelectProps) {
  const { options, loading } = useDictOptions(dict);
  return <Select {...props} options={options} loading={loading} />;
}

/** A dictionary value shown as its label (the raw value until the dictionary has loaded). */
export function DictLabel({ dict, value }: { dict: DictRef; value: unknown }) {
  const { options } = useDictOptions(dict);
  return <>{options.find((o) => o.value === value)?.label ?? String(value ?? '')}</>;
}

import { Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DictKind } from '../../api/system.ts';
import { StatusResult } from '../../app/StatusResult.tsx';
import { useAuth } from '../../stores/auth.ts';
import { type DictLayout, DictManager } from './index.tsx';

/**
 * The static dictionary routes: the system dictionaries, with a switch to the business ones for a user who may see
 * both (a tenant administrator who sees only the business ones gets those).
 */
export function DictSwitch({ layout }: { layout: DictLayout }) {
  const { t } = useTranslation();
  const permission = useAuth((s) => s.permission);
  const kinds = (['dict', 'dict_biz'] as const).filter((k) => permission[`${k}_view`]);
  const [chosen, setChosen] = useState<DictKind>();
  const kind = chosen && kinds.includes(chosen) ? chosen : kinds[0];
  if (!kind) return <StatusResult status="403" />;

  const extra =
    kinds.length > 1 ? (
      <Segmented<DictKind>
        value={kind}
        onChange={setChosen}
        options={kinds.map((k) => ({ value: k, label: t(`dict.kind.${k}`) }))}
      />
    ) : undefined;
  return <DictManager key={kind} kind={kind} layout={layout} extra={extra} />;
}

import { REGION_ROOT, type Region } from '@shixun/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Col, Row } from 'antd';
import { useState } from 'react';
import { useCrudPermissions } from '../../../app/permission.ts';
import { type PanelState, RegionPanel } from './RegionPanel.tsx';
import { RegionTree } from './RegionTree.tsx';
import styles from './region.module.css';

/**
 * 行政区划 (as Saber's region page): the tree of China's regions on the left, loaded a level at a time; the picked
 * region on the right, read-only until edited, with its children added and itself removed from there. Only the
 * platform superuser writes (the server enforces it; the buttons follow the `region_*` codes).
 */
export default function RegionPage() {
  const queryClient = useQueryClient();
  const can = useCrudPermissions('region');
  const [panel, setPanel] = useState<PanelState>({ mode: 'none' });
  const [expanded, setExpanded] = useState<string[]>([]);
  const selected = panel.mode === 'view' || panel.mode === 'edit' ? panel.code : undefined;

  /** Everything about regions is refetched, except `gone`'s detail, which would only answer 404 now. */
  const refresh = (gone?: string) => {
    if (gone) queryClient.removeQueries({ queryKey: ['region', 'detail', gone] });
    void queryClient.invalidateQueries({
      queryKey: ['region'],
      predicate: (q) => !(gone && q.queryKey[1] === 'detail' && q.queryKey[2] === gone),
    });
  };

  return (
    <Row gutter={16} wrap={false} className={styles.layout}>
      <Col flex="320px">
        <RegionTree
          selected={selected}
          onSelect={(code) => setPanel({ mode: 'view', code })}
          expanded={expanded}
          onExpand={setExpanded}
          onAddProvince={can.add ? () => setPanel({ mode: 'add', parent: null }) : undefined}
        />
      </Col>
      <Col flex="auto" style={{ minWidth: 0 }}>
        <RegionPanel
          state={panel}
          onChange={setPanel}
          onSaved={(region, added) => {
            // Show a new region where it now sits in the tree.
            if (added && region.parentCode !== REGION_ROOT) {
              setExpanded((codes) => [
                ...new Set([...codes, ...region.ancestors.split(',').slice(1), region.parentCode]),
              ]);
            }
            setPanel({ mode: 'view', code: region.code });
            refresh();
          }}
          onRemoved={(region: Region) => {
            setPanel(region.parentCode === REGION_ROOT ? { mode: 'none' } : { mode: 'view', code: region.parentCode });
            setExpanded((codes) => codes.filter((c) => c !== region.code));
            refresh(region.code);
          }}
        />
      </Col>
    </Row>
  );
}

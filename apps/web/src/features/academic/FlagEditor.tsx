import type { FlagKind, FlagNode } from '@shixun/contracts';
import { flagApi } from '../../api/exam.ts';
import { useCrudPermissions } from '../../app/permission.ts';
import { TreeEditor } from '../../components/TreeEditor.tsx';
import { FlagForm } from './FlagForm.tsx';

const LABELS = {
  addRoot: 'academic.flag.addRoot',
  addChild: 'academic.flag.addChild',
  up: 'academic.flag.up',
  down: 'academic.flag.down',
  copy: 'academic.flag.copy',
  search: 'academic.flag.search',
  empty: 'academic.flag.empty',
  deleteConfirm: 'academic.flag.deleteConfirm',
};

/** One classification tree in the tree editor, with its code beside each name and disabled nodes greyed. */
export function FlagEditor({ kind }: { kind: FlagKind }) {
  const can = useCrudPermissions('flag');
  return (
    <TreeEditor<FlagNode>
      queryKey={['flag', 'tree', kind]}
      invalidate={['flag']}
      load={() => flagApi.tree(kind)}
      can={can}
      move={flagApi.move}
      copy={(node) => flagApi.copy(node.id, node.parentId, true)}
      remove={flagApi.remove}
      labels={LABELS}
      titleRender={(node) => (
        <span data-flag={node.id} style={node.status === 0 ? { color: 'var(--ant-color-text-tertiary)' } : undefined}>
          {node.title}
          {node.code ? (
            <span style={{ color: 'var(--ant-color-text-tertiary)', marginLeft: 6 }}>{node.code}</span>
          ) : null}
        </span>
      )}
      form={(editing, onSaved) => (
        <FlagForm
          kind={kind}
          editing={editing}
          canSave={editing?.mode === 'add' ? can.add : can.edit}
          onSaved={onSaved}
        />
      )}
    />
  );
}

import type { FlagKind, FlagNode } from '@shixun/contracts';
import { flagApi } from '../../api/exam.ts';
import { useCrudPermissions } from '../../app/permission.ts';
import { TreeEditor } from '../../components/TreeEditor.tsx';
import { FlagForm } from './FlagForm.tsx';

const LABELS = {
  addRoot: 'exam.flag.addRoot',
  addChild: 'exam.flag.addChild',
  up: 'exam.flag.up',
  down: 'exam.flag.down',
  copy: 'exam.flag.copy',
  search: 'exam.flag.search',
  empty: 'exam.flag.empty',
  deleteConfirm: 'exam.flag.deleteConfirm',
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

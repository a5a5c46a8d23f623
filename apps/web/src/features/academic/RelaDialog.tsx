import { LinkOutlined } from '@ant-design/icons';
import type { OrgNode, Teacher } from '@shixun/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Empty, Modal, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { teacherApi } from '../../api/exam.ts';
import { CheckTree } from '../../components/CheckTree.tsx';
import { nodesById } from './OrgTree.tsx';

/** A stored relation (a school, grade or class) as the leaves it covers, which is how the tree holds a tick. */
export function leavesOf(node: OrgNode): string[] {
  return node.children?.length ? node.children.flatMap(leavesOf) : [node.id];
}

/** The ticked ids reduced to the top-most fully ticked nodes: a whole school or grade is kept as one relation. */
export function topMost(nodes: OrgNode[], ticked: Set<string>): string[] {
  return nodes.flatMap((n) => {
    const leaves = leavesOf(n);
    if (leaves.every((id) => ticked.has(id))) return [n.id];
    return topMost(n.children ?? [], ticked);
  });
}

/**
 * 关联班级: the schools, grades and classes a teacher teaches, ticked in one tree. A whole school or grade is saved
 * as such, so classes added to it later are the teacher's too.
 */
export function RelaDialog({ teacher, onClose }: { teacher: Teacher | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const tree = useQuery({ queryKey: ['teacher', 'org-tree'], queryFn: teacherApi.orgTree, enabled: Boolean(teacher) });
  const relas = useQuery({
    queryKey: ['teacher', 'relas', teacher?.id],
    queryFn: () => teacherApi.relas(teacher!.id),
    enabled: Boolean(teacher),
    gcTime: 0,
  });
  const byId = useMemo(() => nodesById(tree.data ?? []), [tree.data]);
  const [ticked, setTicked] = useState<string[]>([]);
  useEffect(() => {
    if (!relas.data) return;
    setTicked(relas.data.flatMap((id) => (byId.get(id) ? leavesOf(byId.get(id)!) : [])));
  }, [relas.data, byId]);

  const save = useMutation({
    mutationFn: () => teacherApi.saveRelas(teacher!.id, topMost(tree.data ?? [], new Set(ticked))),
    onSuccess: (classIds) => {
      void message.success(t('academic.teacher.relaSaved', { count: classIds.length }));
      void queryClient.invalidateQueries({ queryKey: ['teacher'] });
      onClose();
    },
  });

  return (
    <Modal
      open={Boolean(teacher)}
      title={
        <span>
          <LinkOutlined /> {t('academic.teacher.relaTitle', { name: teacher?.realName ?? '' })}
        </span>
      }
      okText={t('crud.save')}
      okButtonProps={{ loading: save.isPending, disabled: !tree.data?.length }}
      onOk={() => save.mutate()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Alert type="info" showIcon title={t('academic.teacher.relaHint')} style={{ marginBottom: 12 }} />
      <Spin spinning={tree.isLoading || relas.isLoading}>
        {tree.data?.length ? (
          <CheckTree treeData={tree.data} value={ticked} onChange={setTicked} />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('academic.org.empty')} />
        )}
      </Spin>
    </Modal>
  );
}

import type { TreeNode } from '@shixun/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { knowledgeTree } from '../../api/question.ts';
import { SearchTreeCard } from '../../components/SearchTreeCard.tsx';

/**
 * The knowledge points (分类管理's 知识点 tree) beside the question list: picking one shows the questions classified
 * under it or any point below it; picking it again, or 全部, shows all.
 */
export function KnowledgeTree({ value, onChange }: { value?: string; onChange: (node: TreeNode | undefined) => void }) {
  const { t } = useTranslation();
  const { data, isLoading } = useQuery({ queryKey: ['question-knowledge'], queryFn: knowledgeTree, staleTime: 60_000 });
  return (
    <SearchTreeCard
      title={t('questionBank.question.knowledge')}
      searchPlaceholder={t('questionBank.question.knowledgeSearch')}
      clearLabel={t('questionBank.question.all')}
      emptyText={t(isLoading ? 'questionBank.question.loading' : 'questionBank.question.knowledgeEmpty')}
      nodes={data}
      loading={isLoading}
      value={value}
      onChange={onChange}
      titleRender={(node) => <span data-flag={node.id}>{node.title}</span>}
    />
  );
}

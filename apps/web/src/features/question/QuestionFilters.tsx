import { ClearOutlined, SearchOutlined } from '@ant-design/icons';
import type { LibOption, QuestionType } from '@shixun/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Select, Space, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { knowledgeTree } from '../../api/question.ts';
import { typeOptions } from './labels.ts';
import styles from './question.module.css';

/** The list's filters (the knowledge point is picked in the tree beside it). */
export interface QuestionFilterValues {
  libId?: string;
  types?: QuestionType[];
  difficulty?: number;
  text?: string;
}

interface Props {
  value: QuestionFilterValues;
  libs: LibOption[] | undefined;
  loadingLibs: boolean;
  onSearch: (value: QuestionFilterValues) => void;
  /** The knowledge point as a filter here (on a phone, instead of the tree beside the list); applies at once. */
  knowledge?: { value?: string; onChange: (flagId: string | undefined) => void };
}

/**
 * 题库, 题型 (several), 难度 and words of the question: 搜索 (or Enter) applies them, 清空 clears them. The library
 * applies at once, as picking one is what a teacher comes here for.
 */
export function QuestionFilters({ value, libs, loadingLibs, onSearch, knowledge }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<QuestionFilterValues>();
  const search = () => onSearch(form.getFieldsValue());
  const tree = useQuery({
    queryKey: ['question-knowledge'],
    queryFn: knowledgeTree,
    staleTime: 60_000,
    enabled: Boolean(knowledge),
  });
  return (
    <Form<QuestionFilterValues>
      form={form}
      name="questionSearch"
      layout="inline"
      initialValues={value}
      className={styles.filters}
      onFinish={search}
    >
      <Form.Item name="libId" label={t('questionBank.question.library')}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          loading={loadingLibs}
          placeholder={t('questionBank.question.allLibraries')}
          options={(libs ?? []).map((l) => ({ value: l.id, label: l.name }))}
          onChange={search}
          className={styles.libSelect}
          popupMatchSelectWidth={false}
        />
      </Form.Item>
      <Form.Item name="types" label={t('questionBank.question.type')}>
        <Select
          mode="multiple"
          allowClear
          maxTagCount="responsive"
          placeholder={t('questionBank.question.allTypes')}
          options={typeOptions()}
          className={styles.typeSelect}
        />
      </Form.Item>
      <Form.Item name="difficulty" label={t('questionBank.question.difficulty')}>
        <Select
          allowClear
          placeholder={t('questionBank.question.anyDifficulty')}
          options={[1, 2, 3, 4, 5].map((n) => ({
            value: n,
            label: `${'★'.repeat(n)} ${t(`questionBank.difficulty.${n}`)}`,
          }))}
          className={styles.difficultySelect}
          popupMatchSelectWidth={false}
        />
      </Form.Item>
      {knowledge && (
        <Form.Item label={t('questionBank.question.knowledge')}>
          <TreeSelect
            allowClear
            value={knowledge.value}
            onChange={(id?: string) => knowledge.onChange(id)}
            treeData={tree.data ?? []}
            fieldNames={{ label: 'title', value: 'id', children: 'children' }}
            showSearch={{ treeNodeFilterProp: 'title' }}
            treeDefaultExpandAll
            loading={tree.isLoading}
            placeholder={t('questionBank.question.all')}
            className={styles.libSelect}
          />
        </Form.Item>
      )}
      <Form.Item name="text" label={t('questionBank.question.text')}>
        <Input allowClear placeholder={t('questionBank.question.textPlaceholder')} className={styles.textInput} />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('crud.search')}
          </Button>
          <Button
            icon={<ClearOutlined />}
            onClick={() => {
              form.setFieldsValue({ libId: undefined, types: [], difficulty: undefined, text: undefined });
              onSearch({});
            }}
          >
            {t('crud.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}

import type { QuestionTree, QuestionType } from '@shixun/contracts';
import { Form, InputNumber, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { RichEditor } from '../../components/RichEditor/index.tsx';
import { ChildList } from './ChildList.tsx';
import { ChoiceOptions } from './ChoiceOptions.tsx';
import styles from './editor.module.css';
import { FillBlanks } from './FillBlanks.tsx';
import { ScoringPoints } from './ScoringPoints.tsx';

/** Common file types offered for a file question (any other extension can be typed). */
const FILE_TYPES = ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'txt', 'jpg', 'png', 'zip', 'mp4'];

/** What a composite question's children list needs from the editor that holds it. */
interface CompositeActions {
  /** The composite's id once saved. */
  parentId: string | undefined;
  onAdd(type: QuestionType): void;
  onEdit(child: QuestionTree): void;
  /** A composite not saved yet is saved before its first child is opened. */
  onSaveFirst(type: QuestionType): void;
}

/**
 * The editor's fields that follow the question's type: options with their right answers, 正确/错误, blanks, a
 * reference answer with scoring points, accepted files, or a composite question's children. Rendered inside the
 * editor's form.
 */
export function AnswerFields({ type, composite }: { type: QuestionType; composite: CompositeActions }) {
  const { t } = useTranslation();
  const label = (key: string) => t(`questionBank.editor.${key}`);
  switch (type) {
    case 'single':
    case 'multiple':
      return (
        <Form.Item
          name="options"
          label={label('options')}
          required
          extra={label(type === 'single' ? 'singleHint' : 'multipleHint')}
        >
          <ChoiceOptions multiple={type === 'multiple'} />
        </Form.Item>
      );
    case 'judge':
      return (
        <Form.Item name="judge" label={label('judgeAnswer')} required>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            options={[
              { value: 'T', label: t('questionView.true') },
              { value: 'F', label: t('questionView.false') },
            ]}
          />
        </Form.Item>
      );
    case 'fill':
      return (
        <Form.Item name="blanks" label={label('blanks')} required extra={label('blanksHint')}>
          <FillBlanks />
        </Form.Item>
      );
    case 'short':
      return (
        <>
          <Form.Item name="answer" label={label('reference')}>
            <RichEditor height={140} ariaLabel={label('reference')} placeholder={label('referencePlaceholder')} />
          </Form.Item>
          <Form.Item name="points" label={label('pointsLabel')} extra={label('pointsHint')}>
            <ScoringPoints />
          </Form.Item>
        </>
      );
    case 'practical':
      return (
        <Form.Item name="answer" label={label('practicalReference')}>
          <RichEditor
            height={140}
            ariaLabel={label('practicalReference')}
            placeholder={label('referencePlaceholder')}
          />
        </Form.Item>
      );
    case 'file':
      return (
        <>
          <div className={styles.pair}>
            <Form.Item
              name="fileTypes"
              label={label('fileTypes')}
              normalize={(list: string[]) => [
                ...new Set((list ?? []).map((x) => x.trim().toLowerCase().replace(/^\./, '')).filter(Boolean)),
              ]}
              rules={[
                {
                  validator: async (_, list: string[] = []) => {
                    if (list.some((x) => !/^[a-z0-9]{1,10}$/.test(x)))
                      throw new Error(t('shared:question.fileTypes.invalid'));
                  },
                },
              ]}
              extra={label('fileTypesHint')}
            >
              <Select
                mode="tags"
                tokenSeparators={[',', '，', ' ']}
                options={FILE_TYPES.map((x) => ({ value: x, label: x }))}
                placeholder={label('fileTypesPlaceholder')}
              />
            </Form.Item>
            <Form.Item
              name="maxSizeMb"
              label={label('maxSize')}
              rules={[
                {
                  validator: async (_, v: number | null | undefined) => {
                    if (v !== undefined && v !== null && !(Number.isInteger(v) && v >= 1 && v <= 500))
                      throw new Error(t('shared:question.maxSize.invalid'));
                  },
                },
              ]}
            >
              <InputNumber min={1} max={500} precision={0} suffix="MB" style={{ width: '100%' }} />
            </Form.Item>
          </div>
          <Form.Item name="answer" label={label('reference')}>
            <RichEditor height={120} ariaLabel={label('reference')} placeholder={label('referencePlaceholder')} />
          </Form.Item>
        </>
      );
    case 'composite':
      return (
        <Form.Item label={label('children')} required>
          <ChildList
            parentId={composite.parentId}
            editable
            onAdd={composite.onAdd}
            onEdit={composite.onEdit}
            onSaveFirst={composite.onSaveFirst}
          />
        </Form.Item>
      );
    default:
      return null;
  }
}

import { ArrowLeftOutlined, EyeOutlined, PlusOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { countPaperQuestions } from '@shixun/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Collapse, Empty, Result, Skeleton, Tabs, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { HttpError } from '../../api/http.ts';
import { canChangePaper, PAPER_LIST_KEY, paperApi, paperViewKey } from '../../api/paper.ts';
import { useScreen } from '../../app/useScreen.ts';
import { useAuth } from '../../stores/auth.ts';
import { disciplineName } from '../question/labels.ts';
import { BlueprintPanel } from './BlueprintPanel.tsx';
import { findSection, placeSections, questionIdsOf } from './compose.ts';
import { previewPath, TYPE_COLORS } from './labels.ts';
import styles from './paper.module.css';
import { SectionQuestions } from './SectionQuestions.tsx';
import { SectionDialog, type SectionDialogState, SectionTree } from './SectionTree.tsx';
import { SettingsForm } from './SettingsForm.tsx';

const LIST_PATH = '/paper/paper';

type Mode = 'manual' | 'random';

/**
 * 组卷 (`/paper/edit/:id`): the paper's header with its running total always in sight, its settings, and its
 * composition — by hand (sections on the left, the picked section's questions on the right; stacked on a phone) or
 * at random by rules. Every change fetches the paper again, so totals and numbers are always the server's.
 */
export default function PaperEditorPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { id = '' } = useParams();
  const canEditPapers = useAuth((s) => Boolean(s.permission.paper_edit));
  const phone = useScreen() === 0;
  const [picked, setPicked] = useState<string>();
  const [mode, setMode] = useState<Mode>('manual');
  const [dialog, setDialog] = useState<SectionDialogState | null>(null);

  const view = useQuery({
    queryKey: paperViewKey(id),
    queryFn: () => paperApi.view(id),
    enabled: Boolean(id),
    retry: false,
  });
  // Where the paper is used: its assignments keep the questions they were given, so the teacher is told.
  const usage = useQuery({
    queryKey: [...paperViewKey(id), 'usage'],
    queryFn: () => paperApi.usage(id),
    enabled: Boolean(id),
  });
  const paper = view.data?.paper;
  const sections = view.data?.sections ?? [];
  const inPaper = useMemo(() => questionIdsOf(view.data), [view.data]);
  const current = findSection(sections, picked) ?? placeSections(sections)[0];
  const editable = canEditPapers && canChangePaper(paper?.access);

  /** After any change: the paper (and the list behind it) fetched again; `select` a section to show. */
  const changed = async (select?: string) => {
    if (select) setPicked(select);
    await queryClient.invalidateQueries({ queryKey: [PAPER_LIST_KEY] });
  };

  const back = () => navigate(LIST_PATH);

  if (view.isLoading) {
    return (
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  }
  if (view.isError || !paper) {
    const missing = view.error instanceof HttpError && (view.error.code === 404 || view.error.code === 400);
    return (
      <Card variant="borderless">
        <Result
          status={missing ? '404' : 'warning'}
          title={t(missing ? 'paper.editor.missing' : 'paper.editor.loadFailed')}
          subTitle={view.error?.message}
          extra={
            <>
              <Button onClick={back}>{t('paper.editor.back')}</Button>
              {!missing && (
                <Button type="primary" onClick={() => void view.refetch()}>
                  {t('common.retry')}
                </Button>
              )}
            </>
          }
        />
      </Card>
    );
  }

  // The student's count (a composite as its parts; contracts' one rule), not the list's count of top-level rows.
  const stats = t('paper.editor.stats', { score: paper.totalScore, count: countPaperQuestions(sections) });
  const discipline = disciplineName(paper.discipline);

  const manual =
    sections.length === 0 ? (
      <Card size="small">
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <>
              <Typography.Title level={5}>{t('paper.editor.emptyTitle')}</Typography.Title>
              <Typography.Text type="secondary">{t('paper.editor.emptyHint')}</Typography.Text>
            </>
          }
        >
          {editable && (
            <div className={styles.emptyActions}>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ mode: 'add', siblings: 0 })}>
                {t('paper.section.addFirst')}
              </Button>
              <Button icon={<ThunderboltOutlined />} onClick={() => setMode('random')}>
                {t('paper.editor.tryRandom')}
              </Button>
            </div>
          )}
        </Empty>
      </Card>
    ) : (
      <div className={styles.compose}>
        <aside className={styles.composeSide}>
          <SectionTree
            paperId={paper.id}
            sections={sections}
            selected={current?.section.id}
            onSelect={setPicked}
            editable={editable}
            onChanged={changed}
            openDialog={setDialog}
          />
        </aside>
        <section
          className={styles.composeMain}
          aria-label={t('paper.editor.questionsOf', { name: current?.section.name })}
        >
          {current && (
            <SectionQuestions
              paperId={paper.id}
              placed={current}
              editable={editable}
              inPaper={inPaper}
              onChanged={() => changed()}
            />
          )}
        </section>
      </div>
    );

  return (
    <div className={styles.editor}>
      <header className={styles.header}>
        <div className={styles.headerMain}>
          <Typography.Title level={4} className={styles.paperTitle} ellipsis={{ tooltip: paper.title }}>
            {paper.title}
          </Typography.Title>
          <div className={styles.headerTags}>
            <Tag color={TYPE_COLORS[paper.paperType]}>{t(`paper.type.${paper.paperType}`)}</Tag>
            {discipline && <Tag>{discipline}</Tag>}
            {paper.composeMode === 'random' && <Tag color="purple">{t('paper.list.randomTag')}</Tag>}
            {paper.isPublic === 1 && <Tag color="gold">{t('paper.list.publishedTag')}</Tag>}
            <span className={styles.stats} data-testid="paper-stats" aria-live="polite">
              {stats}
              {view.isFetching && <span className={styles.muted}> · {t('paper.editor.refreshing')}</span>}
            </span>
          </div>
        </div>
        <div className={styles.headerButtons}>
          {/* On a phone the buttons are icons (named for assistive technology), so the header stays one line. */}
          <Button
            icon={<EyeOutlined />}
            href={previewPath(paper.id)}
            aria-label={phone ? t('paper.editor.preview') : undefined}
            title={phone ? t('paper.editor.preview') : undefined}
            onClick={(e) => {
              e.preventDefault();
              navigate(previewPath(paper.id));
            }}
          >
            {phone ? null : t('paper.editor.preview')}
          </Button>
          <Button
            icon={<ArrowLeftOutlined />}
            onClick={back}
            aria-label={phone ? t('paper.editor.back') : undefined}
            title={phone ? t('paper.editor.back') : undefined}
          >
            {phone ? null : t('paper.editor.back')}
          </Button>
        </div>
      </header>
      {editable && usage.data?.places ? (
        <Alert
          type="warning"
          showIcon
          className={styles.readOnly}
          data-testid="paper-usage"
          title={t('paper.editor.inUse', { places: usage.data.places })}
        />
      ) : null}
      {!editable && (
        <Alert
          type="info"
          showIcon
          className={styles.readOnly}
          title={t(
            paper.access === 'public' || paper.access === 'read' ? 'shared:paper.readOnly' : 'paper.editor.noRight',
          )}
        />
      )}
      <Collapse
        className={styles.settingsPanel}
        items={[
          {
            key: 'settings',
            label: t('paper.editor.settings'),
            extra: (
              <span>
                <span className={styles.settingsExtra}>
                  {paper.duration
                    ? t('paper.list.minutes', { count: paper.duration })
                    : t('paper.settings.noTimeLimit')}
                  {' · '}
                  {t('paper.editor.passScore', { score: paper.passScore })}{' '}
                </span>
                {paper.totalScore > 0 && paper.passScore > paper.totalScore && (
                  <Typography.Text type="danger" className={styles.passWarning}>
                    {t('paper.editor.passTooHigh', { pass: paper.passScore, total: paper.totalScore })}
                  </Typography.Text>
                )}
              </span>
            ),
            children: <SettingsForm paper={paper} readOnly={!editable} />,
          },
        ]}
      />
      <Tabs
        activeKey={mode}
        onChange={(key) => setMode(key as Mode)}
        className={styles.modeTabs}
        items={[
          { key: 'manual', label: t('paper.editor.manual'), children: manual },
          {
            key: 'random',
            label: t('paper.editor.random'),
            children: (
              <BlueprintPanel
                paper={paper}
                hasSections={sections.length > 0}
                editable={editable}
                onDrawn={async () => {
                  setPicked(undefined);
                  await changed();
                }}
                onOpenSections={() => setMode('manual')}
              />
            ),
          },
        ]}
      />
      <SectionDialog
        paperId={paper.id}
        state={dialog}
        onClose={() => setDialog(null)}
        onSaved={(saved) => {
          setDialog(null);
          void changed(saved);
        }}
      />
    </div>
  );
}

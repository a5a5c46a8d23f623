import { ArrowLeftOutlined, DownloadOutlined, EditOutlined, PrinterOutlined, QrcodeOutlined } from '@ant-design/icons';
import { type Paper, type PaperSection, type PaperView, sectionNumber } from '@shixun/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Skeleton, Space, Spin, Switch, Tag, Tooltip } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { canChangePaper, PAPER_LIST_KEY, paperApi } from '../../api/paper.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { QuestionView } from '../../components/QuestionView/index.tsx';
import { useAuth } from '../../stores/auth.ts';
import { toViewQuestion } from './compose.ts';
import { DownloadDialog } from './DownloadDialog.tsx';
import { editPath, TYPE_COLORS } from './labels.ts';
import styles from './PaperPreview.module.css';
import { QrDialog } from './QrDialog.tsx';

/** Where 返回 goes when the preview was opened directly (a link, a new tab). */
const LIST_PATH = '/paper/paper';
const num = (n: number) => String(Math.round(n * 10) / 10);

function Section({
  section,
  n,
  depth,
  showAnswers,
}: {
  section: PaperSection;
  n: number;
  depth: number;
  showAnswers: boolean;
}) {
  const { t, i18n } = useTranslation();
  const Heading = depth === 0 ? 'h2' : 'h3';
  return (
    <section className={styles.section} data-section={section.id}>
      <Heading className={depth === 0 ? styles.sectionTitle : styles.subTitle}>
        {sectionNumber(section.name, n, depth, i18n.language === 'en' ? 'en' : 'zh')}
        {section.name}
        <span className={styles.sectionTotals}>
          {t('paperPreview.sectionTotals', { count: section.questionCount, score: num(section.score) })}
        </span>
      </Heading>
      {section.remark && <p className={styles.sectionRemark}>{section.remark}</p>}
      <ol className={styles.questions}>
        {section.questions.map((q) => (
          <li key={q.id} className={styles.question} data-question-no={q.no}>
            <QuestionView question={toViewQuestion(q)} number={`${q.no}.`} showAnswer={showAnswers} />
          </li>
        ))}
      </ol>
      {section.children.map((child, i) => (
        <Section key={child.id} section={child} n={i + 1} depth={depth + 1} showAnswers={showAnswers} />
      ))}
    </section>
  );
}

/** 考试 · 总分 100 分 · 共 20 题 · 时长 90 分钟 · 及格 60 分 · 可作答 1 次 */
function Settings({ paper }: { paper: Paper }) {
  const { t } = useTranslation();
  const parts = [
    t('paperPreview.total', { score: num(paper.totalScore) }),
    t('paperPreview.questions', { count: paper.questionCount }),
    paper.duration > 0 ? t('paperPreview.duration', { minutes: paper.duration }) : t('paperPreview.noLimit'),
    ...(paper.passScore > 0 ? [t('paperPreview.pass', { score: num(paper.passScore) })] : []),
    paper.attempts > 0 ? t('paperPreview.attempts', { count: paper.attempts }) : t('paperPreview.anyAttempts'),
  ];
  return (
    <div className={styles.settings} data-testid="paper-settings">
      <Tag color={TYPE_COLORS[paper.paperType]} variant="filled">
        {t(`paperPreview.type.${paper.paperType}`)}
      </Tag>
      {parts.map((part) => (
        <span key={part} className={styles.setting}>
          {part}
        </span>
      ))}
    </div>
  );
}

/** What a student is told about the order and the draw, when it is not the one shown. */
function Notes({ paper }: { paper: Paper }) {
  const { t } = useTranslation();
  const what =
    paper.shuffleQuestions && paper.shuffleOptions
      ? 'shuffleBoth'
      : paper.shuffleQuestions
        ? 'shuffleQuestions'
        : paper.shuffleOptions
          ? 'shuffleOptions'
          : undefined;
  const perStudent = paper.composeMode === 'random' && paper.blueprint?.perStudent === 1;
  if (!what && !perStudent) return null;
  return (
    <div className={styles.notes}>
      {what && (
        <Alert
          type="info"
          showIcon
          title={t('paperPreview.shuffled', { what: t(`paperPreview.${what}`) })}
          data-testid="paper-shuffled"
        />
      )}
      {perStudent && <Alert type="info" showIcon title={t('paperPreview.perStudent')} />}
    </div>
  );
}

function PaperBody({ view }: { view: PaperView }) {
  const { t } = useTranslation();
  const { paper } = view;
  return (
    <article className={styles.paper} data-testid="paper-preview">
      <h1 className={styles.title}>{paper.title}</h1>
      <Settings paper={paper} />
      {paper.remark && (
        <div className={styles.remark}>
          <b>{t('paperPreview.remark')}</b>
          {paper.remark.split(/\r?\n/).map((line, i) => (
            // Lines of one text: their position is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <p key={i}>{line}</p>
          ))}
        </div>
      )}
      <Notes paper={paper} />
      {view.sections.length === 0 || paper.questionCount === 0 ? (
        <Empty
          className={styles.empty}
          description={
            <>
              <div>{t('paperPreview.empty')}</div>
              <div className={styles.muted}>{t('paperPreview.emptyHint')}</div>
            </>
          }
        />
      ) : (
        view.sections.map((section, i) => (
          <Section key={section.id} section={section} n={i + 1} depth={0} showAnswers={view.answers} />
        ))
      )}
    </article>
  );
}

/**
 * 试卷预览 (`/paper/preview/:id`): the paper as a student gets it — title, settings, 考试说明, sections with their
 * scores and the numbered questions (formulas, pictures, the way to answer) — with 下载 Word, 二维码, 编辑 and 打印.
 * Those who may change the paper can switch on 显示答案与解析. Printing leaves out the frame and the toolbar.
 */
export default function PaperPreview() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const [answers, setAnswers] = useState(false);
  const [dialog, setDialog] = useState<'download' | 'qrcode' | null>(null);
  const permission = useAuth((s) => s.permission);
  const preview = useQuery({
    queryKey: [PAPER_LIST_KEY, 'preview', id, answers],
    queryFn: () => paperApi.preview(id, answers),
    enabled: Boolean(id),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const view = preview.data;
  const paper = view?.paper;
  const mayChange = canChangePaper(paper?.access);

  const back = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate(LIST_PATH);
  };

  /** A toolbar button: its label beside the icon, the icon alone on a phone (the label stays its name). */
  const action = (label: string, icon: ReactNode, onClick: () => void, primary = false) => (
    <Button type={primary ? 'primary' : 'default'} icon={icon} onClick={onClick} aria-label={label}>
      <span className={styles.label}>{label}</span>
    </Button>
  );

  const toolbar = (
    <div className={styles.toolbar} role="toolbar" aria-label={t('paperPreview.pageTitle')}>
      {action(t('paperPreview.back'), <ArrowLeftOutlined />, back)}
      {paper && mayChange && (
        <span className={styles.switch}>
          <Switch
            id="paper-preview-answers"
            checked={answers}
            loading={preview.isFetching && answers !== Boolean(view?.answers)}
            onChange={setAnswers}
          />
          <label htmlFor="paper-preview-answers">{t('paperPreview.showAnswers')}</label>
        </span>
      )}
      {paper && (
        <Space wrap size={8} className={styles.actions}>
          {permission.paper_download &&
            action(t('paperPreview.download'), <DownloadOutlined />, () => setDialog('download'))}
          {permission.paper_qrcode && action(t('paperPreview.qrcode'), <QrcodeOutlined />, () => setDialog('qrcode'))}
          <Tooltip title={t('paperPreview.print')}>
            <Button icon={<PrinterOutlined />} onClick={() => window.print()} aria-label={t('paperPreview.print')} />
          </Tooltip>
          {mayChange &&
            permission.paper_edit &&
            action(t('paperPreview.edit'), <EditOutlined />, () => navigate(editPath(paper.id)), true)}
        </Space>
      )}
    </div>
  );

  let body: ReactNode;
  if (preview.isLoading) {
    body = (
      <div className={styles.paper}>
        <Skeleton active title={{ width: '50%' }} paragraph={{ rows: 8 }} />
      </div>
    );
  } else if (preview.isError || !view) {
    body = (
      <LoadFailed
        title={t('paperPreview.loadFailed')}
        reason={preview.error?.message}
        retry={() => void preview.refetch()}
        back={{ label: t('paperPreview.back'), onClick: back }}
      />
    );
  } else {
    body = (
      <Spin spinning={preview.isFetching && preview.isPlaceholderData}>
        {view.answers ? (
          <Alert className={styles.banner} type="success" showIcon title={t('paperPreview.answersOn')} />
        ) : (
          <p className={`${styles.banner} ${styles.muted}`}>{t('paperPreview.studentView')}</p>
        )}
        <PaperBody view={view} />
      </Spin>
    );
  }

  return (
    <Card variant="borderless" className={styles.page}>
      {toolbar}
      {body}
      {paper && permission.paper_download && (
        <DownloadDialog paper={paper} open={dialog === 'download'} onClose={() => setDialog(null)} />
      )}
      {paper && permission.paper_qrcode && (
        <QrDialog paper={paper} open={dialog === 'qrcode'} onClose={() => setDialog(null)} />
      )}
    </Card>
  );
}

import { FormOutlined } from '@ant-design/icons';
import type { CourseTopicNode, StudyPaper } from '@shixun/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, List, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { courseStudyApi } from '../../../api/course-study.ts';
import { examPath } from '../../attempt/routes.ts';
import styles from './study.module.css';
import { WareView } from './WareView.tsx';

/** A paper of the topic: 练习 starts (or resumes) the practice attempt and opens the exam player on it. */
function PaperItem({ paper }: { paper: StudyPaper }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const start = useMutation({
    mutationFn: () => courseStudyApi.practice(paper.id),
    onSuccess: (done) => navigate(done.path || examPath(done.attemptId)),
  });
  return (
    <List.Item
      data-paper={paper.id}
      actions={[
        <Button
          key="practise"
          type="primary"
          icon={<FormOutlined />}
          loading={start.isPending}
          onClick={() => start.mutate()}
          aria-label={t('courseStudy.practiseNamed', { title: paper.paperTitle })}
        >
          {t('courseStudy.practise')}
        </Button>,
      ]}
    >
      <List.Item.Meta title={paper.paperTitle} description={t('courseStudy.totalScore', { score: paper.totalScore })} />
    </List.Item>
  );
}

/** The open topic: its coursewares, each studied in place, then its papers to practise. */
export function TopicContent({
  topic,
  coursewareId,
  startAt,
}: {
  topic: CourseTopicNode;
  /** The deep link's courseware and where in it (seconds, or a page). */
  coursewareId: string | undefined;
  startAt: number | undefined;
}) {
  const { t } = useTranslation();
  const content = useQuery({
    queryKey: ['course_study', 'topic', topic.id],
    queryFn: () => courseStudyApi.topic(topic.id),
    // The players keep their own progress from the beats: reading the topic again would only reset them.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  const wares = content.data?.coursewares ?? [];
  const papers = content.data?.papers ?? [];
  return (
    <div className={styles.content}>
      <Card variant="borderless" title={<h2 className={styles.heading}>{topic.name}</h2>}>
        {content.isLoading ? (
          <Skeleton active />
        ) : wares.length ? (
          wares.map((w) => (
            <WareView
              key={w.id}
              ware={w}
              focused={w.id === coursewareId}
              startAt={w.id === coursewareId ? startAt : undefined}
            />
          ))
        ) : (
          <Empty description={t('courseStudy.noWares')} />
        )}
      </Card>
      {!content.isLoading && (papers.length > 0 || wares.length === 0) && (
        <Card variant="borderless" title={<h2 className={styles.heading}>{t('courseStudy.papers')}</h2>}>
          <List
            dataSource={papers}
            locale={{ emptyText: <Empty description={t('courseStudy.noPapers')} /> }}
            renderItem={(p) => <PaperItem paper={p} />}
          />
        </Card>
      )}
    </div>
  );
}

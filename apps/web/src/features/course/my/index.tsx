import type { StudentCourse } from '@shixun/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Input, Pagination, Progress, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { courseStudyApi } from '../../../api/course-study.ts';
import { studyPath } from '../routes.ts';
import styles from './my.module.css';

const PAGE_SIZE = 24;

/** Query key of 我的课程 (the study page refreshes it as progress moves). */
export const MY_COURSES_KEY = ['course_study', 'mine'] as const;

function CourseCard({ c }: { c: StudentCourse }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const action = c.percent >= 100 ? 'review' : c.completedCount > 0 ? 'continue' : 'start';
  const meta = [
    c.teacherName ? t('courseStudy.my.teacher', { name: c.teacherName }) : '',
    c.hours ? t('courseStudy.my.hours', { hours: c.hours }) : '',
    t('courseStudy.my.topics', { count: c.topicCount }),
  ].filter(Boolean);
  return (
    <li>
      <article className={styles.card} data-course={c.id} aria-labelledby={`course-${c.id}`}>
        {c.cover ? (
          <img className={styles.cover} src={c.cover} alt="" loading="lazy" />
        ) : (
          // A cover-less course shows its first character, as a picture would show what it is about.
          <div className={styles.coverEmpty} aria-hidden="true">
            {c.name.slice(0, 1)}
          </div>
        )}
        <div className={styles.body}>
          <h3 className={styles.name} id={`course-${c.id}`}>
            {c.name}
          </h3>
          <span className={styles.meta}>{meta.join(' · ')}</span>
          <Progress
            percent={c.percent}
            size="small"
            aria-label={t('courseStudy.my.progressLabel', { name: c.name })}
            data-testid="course-progress"
          />
          <span className={styles.meta}>
            {t('courseStudy.my.progress', { done: c.completedCount, total: c.coursewareCount })}
          </span>
          <div className={styles.action}>
            <Button
              type={action === 'review' ? 'default' : 'primary'}
              block
              onClick={() => navigate(studyPath(c.id))}
              aria-describedby={`course-${c.id}`}
            >
              {t(`courseStudy.my.${action}`)}
            </Button>
          </div>
        </div>
      </article>
    </li>
  );
}

/**
 * 我的课程 (`/course/my`): the published courses of the student's classes as cards — cover, teacher, hours, how far
 * they are — each opening the study page; searchable by name, paged.
 */
export default function MyCoursesPage() {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [current, setCurrent] = useState(1);
  const list = useQuery({
    queryKey: [...MY_COURSES_KEY, name, current],
    queryFn: () => courseStudyApi.courses({ current, size: PAGE_SIZE, ...(name ? { name } : {}) }),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.records ?? [];
  return (
    <Card
      variant="borderless"
      title={
        <div className={styles.toolbar}>
          <h2 style={{ margin: 0, fontSize: 18 }}>{t('courseStudy.my.title')}</h2>
          <Input.Search
            className={styles.search}
            allowClear
            placeholder={t('courseStudy.my.search')}
            aria-label={t('courseStudy.my.searchLabel')}
            onSearch={(value) => {
              setName(value.trim());
              setCurrent(1);
            }}
          />
        </div>
      }
    >
      {list.isLoading ? (
        <div className={styles.grid} data-testid="courses-loading">
          {[0, 1, 2].map((i) => (
            <Card key={i}>
              <Skeleton active />
            </Card>
          ))}
        </div>
      ) : rows.length ? (
        <>
          <ul className={styles.grid} aria-label={t('courseStudy.my.title')}>
            {rows.map((c) => (
              <CourseCard key={c.id} c={c} />
            ))}
          </ul>
          {(list.data?.total ?? 0) > PAGE_SIZE && (
            <Pagination
              className={styles.pager}
              current={current}
              pageSize={PAGE_SIZE}
              total={list.data?.total ?? 0}
              onChange={setCurrent}
              showSizeChanger={false}
            />
          )}
        </>
      ) : (
        <Empty description={name ? t('courseStudy.my.noMatch', { name }) : t('courseStudy.my.empty')} />
      )}
    </Card>
  );
}

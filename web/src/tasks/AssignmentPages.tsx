import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router-dom';
import { useMeQuery } from '../auth/authApi';
import { Spinner } from '../layout/Spinner';

type Page = LazyExoticComponent<ComponentType>;

/** One address, two pages (spec 01 §2): the course's staff get theirs, a student theirs. */
function byRole(Staff: Page, Student: Page) {
  return function RolePage() {
    const { t } = useTranslation();
    const me = useMeQuery();
    if (!me.data) return <Spinner label={t('common.loading')} />;
    return (
      <Suspense fallback={<Spinner label={t('common.loading')} />}>
        {me.data.role === 'student' ? <Student /> : <Staff />}
      </Suspense>
    );
  };
}

/** `/assignment`: the staff's tasks to grade (homepage rule of spec 02 §6), a student's tasks. */
export const AssignmentsPage = byRole(
  lazy(() => import('./staff/StaffTasksPage')),
  lazy(() => import('./student/StudentTasksPage')),
);

/** `/assignment/{id}`: the task's detail with its counts and charts, or the student's task. */
export const AssignmentPage = byRole(
  lazy(() => import('./staff/StaffTaskPage')),
  lazy(() => import('./student/StudentTaskPage')),
);

/**
 * Where the staff land from a student's address (spec 01 §2 opens the answer and group pages to
 * every role): the task's own page, with its submissions and groups.
 */
function StaffToTask() {
  const { id = '' } = useParams();
  return <Navigate to={`/assignment/${encodeURIComponent(id)}`} replace />;
}
const staffToTask = lazy(() => Promise.resolve({ default: StaffToTask }));

/** `/assignment/take/{id}`: a student answers a personal task. */
export const TakeAssignmentPage = byRole(
  staffToTask,
  lazy(() => import('./student/TakeTaskPage')),
);

/** `/assignment/group/{id}`: a student's group, its answer and the peer assessment. */
export const GroupAssignmentPage = byRole(
  staffToTask,
  lazy(() => import('./student/GroupTaskPage')),
);

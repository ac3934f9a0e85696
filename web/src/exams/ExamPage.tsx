import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useMeQuery } from '../auth/authApi';
import { Spinner } from '../layout/Spinner';

const StaffPage = lazy(() => import('./staff/ExamStaffPage'));
const StudentPage = lazy(() => import('./take/ExamResultPage'));

/**
 * `/exam/{id}`: one address, two pages (spec 01 §2) — the exam's staff get the monitor and the
 * grading queue, a student their result.
 */
export default function ExamPage() {
  const { t } = useTranslation();
  const me = useMeQuery();
  if (!me.data) return <Spinner label={t('common.loading')} />;
  return (
    <Suspense fallback={<Spinner label={t('common.loading')} />}>
      {me.data.role === 'student' ? <StudentPage /> : <StaffPage />}
    </Suspense>
  );
}

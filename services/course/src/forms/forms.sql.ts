/**
 * SQL conditions on a form aliased `form` (table `forms`), shared by the forms' own queries and
 * by the agenda and the to-do, which list forms beside exams and tasks.
 */
/** The form's module or activity is live (not archived). */
export const FORMABLE_LIVE = `CASE form.formable_type
    WHEN 'modules' THEN EXISTS (SELECT 1 FROM modules m_f WHERE m_f.id = form.formable_id
      AND m_f.course_id = form.course_id AND m_f.deleted_at IS NULL)
    WHEN 'activities' THEN EXISTS (SELECT 1 FROM activities a_f JOIN modules m_f ON m_f.id = a_f.module_id
      WHERE a_f.id = form.formable_id AND m_f.course_id = form.course_id
        AND a_f.deleted_at IS NULL AND m_f.deleted_at IS NULL)
    ELSE FALSE END`;
/** …and active: what students need to see the form. */
export const FORMABLE_ACTIVE = `CASE form.formable_type
    WHEN 'modules' THEN EXISTS (SELECT 1 FROM modules m_a WHERE m_a.id = form.formable_id AND m_a.is_active)
    WHEN 'activities' THEN EXISTS (SELECT 1 FROM activities a_a JOIN modules m_a ON m_a.id = a_a.module_id
      WHERE a_a.id = form.formable_id AND a_a.is_active AND m_a.is_active)
    ELSE FALSE END`;

/**
 * The caller's courses of their campus, with their part in each, as a CTE named `mine`
 * (`id, name, code, staff, class_ids`): the courses they teach (lecturer, assistant, coordinator:
 * `staff` true) and those they study in (`class_ids`: their classes of it). Parameters: `$1` the
 * campus, `$2` the caller. One who both teaches and studies a course counts as staff of it.
 */
export const MY_COURSES_CTE = `mine AS (
    SELECT c.id, c.name, c.code, TRUE AS staff, ARRAY[]::bigint[] AS class_ids
      FROM courses c
     WHERE c.tenant_id = $1
       AND (c.lecturer_id = $2
            OR EXISTS (SELECT 1 FROM course_assistants ca WHERE ca.course_id = c.id AND ca.user_id = $2))
    UNION ALL
    SELECT c.id, c.name, c.code, FALSE, array_agg(cl.id)
      FROM courses c
      JOIN classes cl ON cl.course_id = c.id
      JOIN class_students cs ON cs.class_id = cl.id AND cs.user_id = $2
     WHERE c.tenant_id = $1
       AND c.lecturer_id IS DISTINCT FROM $2
       AND NOT EXISTS (SELECT 1 FROM course_assistants ca WHERE ca.course_id = c.id AND ca.user_id = $2)
     GROUP BY c.id
  )`;

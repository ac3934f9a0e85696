import type { JsonDocument } from '@lms/testing';
import { Task, TaskClass } from '../../src/tasks/task.entity';
import type { TaskHarness } from './harness';

/** A small but real PDF (one empty page). */
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

export type TaskCourse = Awaited<ReturnType<TaskHarness['course']>>;

const HOUR = 3600_000;

/**
 * A task of the course written straight into the service's table (open since an hour, closing in
 * a day, every class, personal, scored by number), changed by `overrides`; `classIds` limits it to
 * those classes.
 */
export async function givenTask(
  h: TaskHarness,
  c: TaskCourse,
  overrides: Partial<Task> = {},
  classIds: number[] = [],
): Promise<Task> {
  const task = await h.ds.getRepository(Task).save(
    Object.assign(new Task(), {
      tenantId: 1,
      courseId: c.course.id,
      taskableType: 'module',
      taskableId: c.moduleId,
      name: `Task ${h.nextId()}`,
      description: null,
      startAt: new Date(Date.now() - HOUR),
      endAt: new Date(Date.now() + 24 * HOUR),
      files: [],
      isActive: true,
      fileRequired: false,
      isLateable: false,
      assessmentMethod: 'score',
      rubric: null,
      taskType: 'PERSONAL',
      studentPercentage: null,
      lecturerPercentage: null,
      isAssessmentOpen: false,
      showScore: false,
      passingGrade: 0,
      allClass: classIds.length === 0,
      createdBy: c.lecturer.id,
      ...overrides,
    } satisfies Partial<Task>),
  );
  if (classIds.length > 0)
    await h.ds.getRepository(TaskClass).insert(classIds.map((classId) => ({ taskId: task.id, classId })));
  return { ...task, id: Number(task.id) };
}

/** A multipart request as a browser sends it: text fields, then files (`file` parts by default). */
export async function multipart(
  h: TaskHarness,
  token: string,
  method: 'POST' | 'PATCH',
  path: string,
  fields: Record<string, string | string[]>,
  files: Array<{ name: string; bytes: Buffer; type?: string; part?: string }> = [],
): Promise<{ status: number; body: JsonDocument }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields))
    for (const item of Array.isArray(value) ? value : [value]) form.append(name, item);
  for (const file of files)
    form.append(
      file.part ?? 'file',
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }),
      file.name,
    );
  const response = await fetch(`${h.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as JsonDocument };
}

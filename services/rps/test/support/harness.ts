import { type JsonResource, ServiceHarness } from '@lms/testing';
import type { RpsConfig } from '../../src/config';
import { rpsService } from '../../src/service';

export const one = (doc: { data?: unknown }) => doc.data as JsonResource;
export const list = (doc: { data?: unknown }) => doc.data as JsonResource[];

/** The campuses' hosts (the public preview names its campus by host). */
export const HOSTS: Record<number, string> = { 1: 'campus-one.test', 2: 'campus-two.test' };

/** Every stage of a plan, filled as a lecturer would: what `fill()` sends, stage by stage. */
export const FILLED_STAGES: Record<string, Record<string, unknown>> = {
  'informasi-umum-mk': {
    notes: 'Prasyarat: Algoritma dan Pemrograman',
    description_mk: 'Struktur data dasar dan analisis algoritma.',
    kebijakan_ai: 'AI boleh dipakai untuk mencari ide, tidak untuk menulis jawaban.',
  },
  'bahan-kajian': { topics: [{ name: 'Larik dan senarai', description: 'Struktur linear' }] },
  cpl: { cpl: [{ code: 'CPL-1', description: 'Mampu merancang solusi komputasi.' }] },
  cpmk: {
    cpmk: [
      {
        code: 'CPMK-1',
        description: 'Memilih struktur data yang tepat.',
        cpl: ['CPL-1'],
        sub_cpmk: [{ code: 'Sub-CPMK-1', description: 'Menjelaskan senarai berantai.' }],
      },
    ],
  },
  rujukan: { references: [{ type: 'main', citation: 'Cormen et al., Introduction to Algorithms, 4th ed.' }] },
  evaluasi: {
    evaluations: [
      { name: 'Tugas', cpmk: ['CPMK-1'], weight: 40 },
      { name: 'UAS', cpmk: ['CPMK-1'], weight: 60 },
    ],
  },
  'rps-utama': {
    weeks: [
      {
        week: 1,
        sub_cpmk: 'Sub-CPMK-1',
        topic: 'Senarai berantai',
        indicators: 'Tepat',
        criteria: 'Rubrik',
        weight: 10,
      },
      { week: 2, sub_cpmk: '', topic: 'Tumpukan', indicators: '', criteria: '', weight: 0 },
    ],
  },
  'rps-metode-pembelajaran': { methods: [{ week: 1, method_offline: 'Ceramah', method_online: 'Forum' }] },
  'rps-waktu-pembelajaran': {
    times: [{ week: 1, face_to_face_minutes: 100, structured_minutes: 120, independent_minutes: 120 }],
  },
  'rps-lce': { lce: [{ week: 1, learning_experience: 'Diskusi kelompok' }] },
  'rps-penggunaan-ai': { ai_use: [{ week: 1, ai_use: 'Tidak diperbolehkan' }] },
};

/** The rps service in the generic harness, with a campus's course, its staff and the approver. */
export class RpsHarness extends ServiceHarness<RpsConfig> {
  constructor(env: Record<string, string> = {}) {
    super(rpsService, env);
  }

  async campuses() {
    await this.given.campus({ id: 1, domain: HOSTS[1] });
    await this.given.campus({ id: 2, domain: HOSTS[2] });
  }

  /**
   * A course (code `IF-<id>`) with its lecturer and an assistant; a course of the next period with
   * the same code and lecturer; the campus administrator and the lecturer they named approver
   * (Kaprodi); a student of the course, a lecturer not teaching it and an administrator of another
   * campus.
   */
  async department(tenantId = 1) {
    const lecturer = await this.given.user(tenantId, 'lecturer', { name: 'Dr. Lina' });
    const assistant = await this.given.user(tenantId, 'lecturer', { name: 'Asep' });
    const stranger = await this.given.user(tenantId, 'lecturer', { name: 'Dr. Other' });
    const student = await this.given.user(tenantId, 'student', { name: 'Ani' });
    const approver = await this.given.user(tenantId, 'lecturer', { name: 'Kaprodi' });
    const admin = await this.given.user(tenantId, 'admin', { name: 'Campus administrator' });
    const elsewhere = await this.given.user(tenantId + 1, 'admin', { name: 'Admin elsewhere' });
    const code = `IF-${this.nextId()}`;
    const course = await this.project('course.course.upserted', tenantId, { code, name: 'Struktur Data' });
    const nextCourse = await this.project('course.course.upserted', tenantId, {
      code,
      name: 'Struktur Data',
    });
    for (const id of [course.id, nextCourse.id])
      await this.given.staff(tenantId, {
        courseId: id,
        lecturerId: lecturer.id,
        assistants: [{ userId: assistant.id, isCoordinator: false }],
      });
    await this.given.enrolment(tenantId, {
      courseId: course.id,
      classId: course.classes[0].id,
      userId: student.id,
    });
    const asAdmin = await this.as(admin);
    const named = await asAdmin.post('/api/rps/v1/approvers', {
      data: { attributes: { user_id: approver.id } },
    });
    if (named.status !== 201) throw new Error(`the approver was not named: ${named.status}`);
    return {
      code,
      course,
      nextCourse,
      asLecturer: await this.as(lecturer),
      asAssistant: await this.as(assistant),
      asStranger: await this.as(stranger),
      asStudent: await this.as(student),
      lecturer,
      approver,
      asApprover: await this.as(approver),
      asAdmin,
      asElsewhere: await this.as(elsewhere),
    };
  }
}

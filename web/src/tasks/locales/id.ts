import annotate from '../annotate/locales/id';
import staff from '../staff/locales/id';
import student from '../student/locales/id';
import type en from './en';

/** Layar tugas dalam Bahasa Indonesia. */
const task: typeof en = {
  loading: 'Memuat tugas',
  loadFailed: 'Tugas tidak dapat dimuat.',
  loadingList: 'Memuat daftar tugas',
  loadListFailed: 'Daftar tugas tidak dapat dimuat.',
  endsAt: 'Berakhir {{at}}',
  saved: {
    taskCreated: 'Tugas “{{name}}” dibuat.',
    taskUpdated: 'Tugas “{{name}}” disimpan.',
    taskDeleted: 'Tugas “{{name}}” dihapus. Tugas dapat dipulihkan dari daftar tugas terhapus.',
    taskRestored: 'Tugas “{{name}}” dipulihkan.',
    taskFileDeleted: 'Berkas “{{name}}” dihapus dari tugas.',
    answerScored: 'Nilai {{name}} disimpan.',
    changeRequested: '{{name}} diminta memperbaiki jawabannya.',
    groupCreated: 'Kelompok “{{name}}” dibuat.',
    groupUpdated: 'Kelompok “{{name}}” disimpan.',
    groupDeleted: 'Kelompok “{{name}}” dihapus.',
    rubricTemplateCreated: 'Templat rubrik “{{name}}” disimpan.',
    rubricTemplateDeleted: 'Templat rubrik “{{name}}” dihapus.',
  },
  staff,
  student,
  annotate,
};

export default task;

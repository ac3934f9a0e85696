import type en from './en';

/** Pelacakan penyelesaian dalam bahasa Indonesia. */
const completion: typeof en = {
  title: 'Penyelesaian',
  loading: 'Memuat mata kuliah',
  loadingReport: 'Memuat laporan penyelesaian',
  reportFailed: 'Laporan penyelesaian tidak dapat dimuat.',
  filters: 'Mahasiswa mana',
  class: 'Kelas',
  allClasses: 'Semua kelas',
  search: 'Nama mahasiswa',
  searchPlaceholder: 'Cari nama atau NIM',
  students: 'Mahasiswa',
  required: 'Konten yang dihitung',
  everything: 'Menyelesaikan semua',
  nothingCountsStaff:
    'Belum ada konten yang dihitung untuk penyelesaian, jadi setiap mahasiswa berada di 0 %.',
  noMatch: 'Tidak ada mahasiswa kelas ini dengan nama berisi huruf-huruf ini.',
  noStudents: 'Belum ada mahasiswa yang mengikuti mata kuliah ini.',
  reportCaption: 'Penyelesaian setiap mahasiswa',
  student: 'Mahasiswa',
  doneCount: 'Selesai',
  percentage: 'Penyelesaian',
  ofRequired: '{{completed}} dari {{required}}',
  percent: '{{value}} %',
  chartTitle: 'Mahasiswa menurut penyelesaian',
  percentRange: 'Penyelesaian (%)',
  countingTitle: 'Konten yang dihitung',
  countingHelp:
    'Setiap konten yang terlihat oleh mahasiswa dihitung kecuali Anda mengecualikannya di sini. Konten tersembunyi tidak pernah dihitung.',
  loadingContents: 'Memuat konten',
  contentsFailed: 'Konten tidak dapat dimuat.',
  noContents: 'Mata kuliah ini belum memiliki konten.',
  counts: 'Dihitung',
  tracking: 'Pelacakan penyelesaian',
  trackingOn: 'Mahasiswa menandai konten selesai dan melihat kemajuannya.',
  trackingOff:
    'Mati: mahasiswa tidak melihat tanda centang. Laporan menghitung yang sudah mereka tandai sebelumnya.',
  lecturerSwitches: 'Dosen mata kuliah yang menyalakan atau mematikannya.',
  switchFailed: 'Pelacakan penyelesaian tidak dapat diubah.',
  saved: {
    counts: 'Konten dihitung untuk penyelesaian.',
    excluded: 'Konten tidak lagi dihitung untuk penyelesaian.',
    on: 'Pelacakan penyelesaian menyala.',
    off: 'Pelacakan penyelesaian mati.',
  },
  done: 'Selesai',
  markDone: 'Tandai selesai',
  mine: 'Kemajuan Anda',
  loadingMine: 'Memuat kemajuan Anda',
  mineFailed: 'Kemajuan Anda tidak dapat dimuat.',
  nothingCounts: 'Belum ada konten mata kuliah ini yang dihitung untuk penyelesaian.',
  progress: '{{completed}} dari {{required}} selesai',
};

export default completion;

import type en from './en';

const staff: typeof en = {
  pages: 'Halaman tugas',
  page: {
    detail: 'Ringkasan',
    submissions: 'Pengumpulan',
    edit: 'Ubah',
    download: 'Unduhan',
  },
  list: {
    homeHelp: 'Tugas mata kuliah Anda yang sudah berakhir, untuk dinilai.',
    nothingToGrade: 'Tidak ada tugas berakhir yang menunggu penilaian.',
    scoredOf: '{{scored}} dari {{sent}} dinilai',
  },
};

export default staff;

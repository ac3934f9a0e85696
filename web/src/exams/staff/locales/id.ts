import type en from './en';

/** Layar staf ujian dalam Bahasa Indonesia (tanpa bentuk jamak: `_one` dan `_other` sama). */
const staff: typeof en = {
  people: {
    tab: 'Asisten dan kelas',
    assistants: 'Asisten ujian',
    assistantsHelp:
      'Dosen kampus yang membantu ujian ini saja: mereka menyunting ujian, memantau, dan menilai esai.',
    noAssistants: 'Ujian ini belum memiliki asisten.',
    find: 'Cari dosen',
    findHelp: 'Ketik minimal dua huruf dari nama.',
    matches: 'Dosen yang ditemukan',
    noMatch: 'Tidak ada dosen lain yang cocok dengan “{{search}}”.',
    add: 'Tambah',
    addNamed: 'Tambah {{name}}',
    remove: 'Hapus',
    removeNamed: 'Hapus {{name}}',
    removeTitle: 'Hapus {{name}} dari asisten “{{exam}}”?',
    removeDetails:
      'Dosen ini tidak lagi menyunting ujian ini, memantaunya, atau menilai esainya, kecuali mengajar di mata kuliahnya.',
    removeConfirm: 'Hapus asisten',
    classes: 'Kelas yang mengikuti ujian',
    noClasses: 'Mata kuliah ini belum memiliki kelas; ujian ini untuk semua mahasiswa mata kuliah.',
    everyClass: 'Semua kelas mata kuliah',
    someClasses: 'Hanya kelas yang dipilih di bawah',
    classList: 'Kelas mata kuliah',
    chooseOne: 'Pilih minimal satu kelas.',
    saveClasses: 'Simpan kelas',
  },
  dataset: {
    name: 'Nama dataset',
    rename: 'Ganti nama',
    nameRequired: 'Dataset memerlukan nama.',
    nameTooLong: 'Nama paling banyak 200 karakter.',
  },
  saved: {
    assistantsAdded: '{{names}} kini menjadi asisten “{{name}}”.',
    assistantsRemoved: '{{names}} tidak lagi menjadi asisten “{{name}}”.',
    classesAll: 'Semua kelas mata kuliah mengikuti “{{name}}”.',
    classesSet_one: '{{count}} kelas mengikuti “{{name}}”.',
    classesSet_other: '{{count}} kelas mengikuti “{{name}}”.',
    datasetRenamed: 'Nama dataset diganti menjadi “{{name}}”.',
  },
};

export default staff;

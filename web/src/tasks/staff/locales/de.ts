import type en from './en';

const staff: typeof en = {
  pages: 'Seiten der Aufgabe',
  page: {
    detail: 'Übersicht',
    submissions: 'Abgaben',
    edit: 'Bearbeiten',
    download: 'Downloads',
  },
  list: {
    homeHelp: 'Aufgaben Ihrer Kurse, deren Ende vorbei ist, zum Bewerten.',
    nothingToGrade: 'Keine beendete Aufgabe wartet auf Bewertung.',
    scoredOf: '{{scored}} von {{sent}} bewertet',
  },
};

export default staff;

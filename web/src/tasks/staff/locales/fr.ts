import type en from './en';

const staff: typeof en = {
  pages: 'Pages du devoir',
  page: {
    detail: 'Aperçu',
    submissions: 'Rendus',
    edit: 'Modifier',
    download: 'Téléchargements',
  },
  list: {
    homeHelp: 'Les devoirs de vos cours dont la fin est passée, à noter.',
    nothingToGrade: 'Aucun devoir terminé n’attend de notation.',
    scoredOf: '{{scored}} sur {{sent}} notés',
  },
};

export default staff;

import type en from './en';

const staff: typeof en = {
  pages: 'Páginas da tarefa',
  page: {
    detail: 'Resumo',
    submissions: 'Entregas',
    edit: 'Editar',
    download: 'Transferências',
  },
  list: {
    homeHelp: 'Tarefas das suas unidades cujo prazo terminou, para avaliar.',
    nothingToGrade: 'Nenhuma tarefa terminada aguarda avaliação.',
    scoredOf: '{{scored}} de {{sent}} avaliadas',
  },
};

export default staff;

import type en from './en';

/** Os ecrãs da equipa do exame em português. */
const staff: typeof en = {
  people: {
    tab: 'Assistentes e turmas',
    assistants: 'Assistentes do exame',
    assistantsHelp:
      'Docentes do campus que ajudam apenas neste exame: editam-no, acompanham a monitorização e corrigem as respostas abertas.',
    noAssistants: 'Este exame ainda não tem assistentes.',
    find: 'Procurar um docente',
    findHelp: 'Escreva pelo menos duas letras de um nome.',
    matches: 'Docentes encontrados',
    noMatch: 'Nenhum outro docente corresponde a “{{search}}”.',
    add: 'Adicionar',
    addNamed: 'Adicionar {{name}}',
    remove: 'Remover',
    removeNamed: 'Remover {{name}}',
    removeTitle: 'Remover {{name}} dos assistentes de “{{exam}}”?',
    removeDetails:
      'Deixa de editar este exame, de ver a monitorização e de corrigir as respostas abertas, a menos que ensine na disciplina.',
    removeConfirm: 'Remover assistente',
    classes: 'Turmas que fazem o exame',
    noClasses: 'Esta disciplina ainda não tem turmas; o exame é para todos os estudantes da disciplina.',
    everyClass: 'Todas as turmas da disciplina',
    someClasses: 'Só as turmas escolhidas abaixo',
    classList: 'Turmas da disciplina',
    chooseOne: 'Escolha pelo menos uma turma.',
    saveClasses: 'Guardar turmas',
  },
  dataset: {
    name: 'Nome do conjunto de dados',
    rename: 'Mudar o nome',
    nameRequired: 'O conjunto de dados precisa de um nome.',
    nameTooLong: 'Um nome tem no máximo 200 caracteres.',
  },
  saved: {
    assistantsAdded: '{{names}} passa a assistir “{{name}}”.',
    assistantsRemoved: '{{names}} deixa de assistir “{{name}}”.',
    classesAll: 'Todas as turmas da disciplina fazem “{{name}}”.',
    classesSet_one: '{{count}} turma faz “{{name}}”.',
    classesSet_other: '{{count}} turmas fazem “{{name}}”.',
    datasetRenamed: 'Conjunto de dados renomeado para “{{name}}”.',
  },
};

export default staff;

import annotate from '../annotate/locales/pt';
import staff from '../staff/locales/pt';
import student from '../student/locales/pt';
import type en from './en';

/** Os ecrãs das tarefas em português. */
const task: typeof en = {
  loading: 'A carregar a tarefa',
  loadFailed: 'Não foi possível carregar a tarefa.',
  loadingList: 'A carregar as tarefas',
  loadListFailed: 'Não foi possível carregar as tarefas.',
  endsAt: 'Termina em {{at}}',
  saved: {
    taskCreated: 'Tarefa “{{name}}” criada.',
    taskUpdated: 'Tarefa “{{name}}” guardada.',
    taskDeleted: 'Tarefa “{{name}}” eliminada. Pode ser restaurada nas tarefas eliminadas.',
    taskRestored: 'A tarefa “{{name}}” está de volta.',
    taskFileDeleted: 'Ficheiro “{{name}}” retirado da tarefa.',
    answerScored: 'Nota de {{name}} guardada.',
    changeRequested: 'Foi pedido a {{name}} que altere a resposta.',
    groupCreated: 'Grupo “{{name}}” criado.',
    groupUpdated: 'Grupo “{{name}}” guardado.',
    groupDeleted: 'Grupo “{{name}}” eliminado.',
    rubricTemplateCreated: 'Modelo de rubrica “{{name}}” guardado.',
    rubricTemplateDeleted: 'Modelo de rubrica “{{name}}” eliminado.',
  },
  staff,
  student,
  annotate,
};

export default task;

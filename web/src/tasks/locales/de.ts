import annotate from '../annotate/locales/de';
import staff from '../staff/locales/de';
import student from '../student/locales/de';
import type en from './en';

/** Die Aufgabenseiten auf Deutsch. */
const task: typeof en = {
  loading: 'Aufgabe wird geladen',
  loadFailed: 'Die Aufgabe konnte nicht geladen werden.',
  loadingList: 'Aufgaben werden geladen',
  loadListFailed: 'Die Aufgaben konnten nicht geladen werden.',
  endsAt: 'Endet {{at}}',
  saved: {
    taskCreated: 'Aufgabe „{{name}}“ erstellt.',
    taskUpdated: 'Aufgabe „{{name}}“ gespeichert.',
    taskDeleted:
      'Aufgabe „{{name}}“ gelöscht. Sie lässt sich unter den gelöschten Aufgaben wiederherstellen.',
    taskRestored: 'Aufgabe „{{name}}“ ist wieder da.',
    taskFileDeleted: 'Datei „{{name}}“ aus der Aufgabe entfernt.',
    answerScored: 'Bewertung von {{name}} gespeichert.',
    changeRequested: '{{name}} wurde gebeten, die Abgabe zu überarbeiten.',
    groupCreated: 'Gruppe „{{name}}“ erstellt.',
    groupUpdated: 'Gruppe „{{name}}“ gespeichert.',
    groupDeleted: 'Gruppe „{{name}}“ gelöscht.',
    rubricTemplateCreated: 'Rubrik-Vorlage „{{name}}“ gespeichert.',
    rubricTemplateDeleted: 'Rubrik-Vorlage „{{name}}“ gelöscht.',
  },
  staff,
  student,
  annotate,
};

export default task;

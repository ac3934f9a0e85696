import annotate from '../annotate/locales/fr';
import staff from '../staff/locales/fr';
import student from '../student/locales/fr';
import type en from './en';

/** Les écrans des devoirs en français. */
const task: typeof en = {
  loading: 'Chargement du devoir',
  loadFailed: 'Le devoir n’a pas pu être chargé.',
  loadingList: 'Chargement des devoirs',
  loadListFailed: 'Les devoirs n’ont pas pu être chargés.',
  endsAt: 'Se termine le {{at}}',
  saved: {
    taskCreated: 'Devoir « {{name}} » créé.',
    taskUpdated: 'Devoir « {{name}} » enregistré.',
    taskDeleted: 'Devoir « {{name}} » supprimé. Il peut être restauré depuis les devoirs supprimés.',
    taskRestored: 'Le devoir « {{name}} » est de retour.',
    taskFileDeleted: 'Fichier « {{name}} » retiré du devoir.',
    answerScored: 'Note de {{name}} enregistrée.',
    changeRequested: '{{name}} doit modifier sa réponse.',
    groupCreated: 'Groupe « {{name}} » créé.',
    groupUpdated: 'Groupe « {{name}} » enregistré.',
    groupDeleted: 'Groupe « {{name}} » supprimé.',
    rubricTemplateCreated: 'Modèle de grille « {{name}} » enregistré.',
    rubricTemplateDeleted: 'Modèle de grille « {{name}} » supprimé.',
  },
  staff,
  student,
  annotate,
};

export default task;

import type en from './en';

/** Les écrans de l’équipe d’examen en français. */
const staff: typeof en = {
  people: {
    tab: 'Assistants et classes',
    assistants: 'Assistants de l’examen',
    assistantsHelp:
      'Enseignants du campus qui aident pour cet examen seulement : ils le modifient, suivent la surveillance et corrigent les rédactions.',
    noAssistants: 'Aucun assistant pour cet examen.',
    find: 'Chercher un enseignant',
    findHelp: 'Saisissez au moins deux lettres d’un nom.',
    matches: 'Enseignants trouvés',
    noMatch: 'Aucun autre enseignant ne correspond à « {{search}} ».',
    add: 'Ajouter',
    addNamed: 'Ajouter {{name}}',
    remove: 'Retirer',
    removeNamed: 'Retirer {{name}}',
    removeTitle: 'Retirer {{name}} des assistants de « {{exam}} » ?',
    removeDetails:
      'Cette personne ne modifie plus cet examen, ne suit plus sa surveillance et ne corrige plus ses rédactions, sauf si elle enseigne dans le cours.',
    removeConfirm: 'Retirer l’assistant',
    classes: 'Classes qui passent l’examen',
    noClasses: 'Ce cours n’a pas encore de classe ; l’examen est pour tous les étudiants du cours.',
    everyClass: 'Toutes les classes du cours',
    someClasses: 'Seulement les classes choisies ci-dessous',
    classList: 'Classes du cours',
    chooseOne: 'Choisissez au moins une classe.',
    saveClasses: 'Enregistrer les classes',
  },
  dataset: {
    name: 'Nom du jeu de données',
    rename: 'Renommer',
    nameRequired: 'Le jeu de données doit avoir un nom.',
    nameTooLong: 'Un nom a au plus 200 caractères.',
  },
  saved: {
    assistantsAdded: '{{names}} assiste désormais « {{name}} ».',
    assistantsRemoved: '{{names}} n’assiste plus « {{name}} ».',
    classesAll: 'Toutes les classes du cours passent « {{name}} ».',
    classesSet_one: '{{count}} classe passe « {{name}} ».',
    classesSet_other: '{{count}} classes passent « {{name}} ».',
    datasetRenamed: 'Jeu de données renommé « {{name}} ».',
  },
};

export default staff;

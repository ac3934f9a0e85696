import type en from './en';

/** Die Seiten des Prüfungspersonals auf Deutsch. */
const staff: typeof en = {
  people: {
    tab: 'Assistenz und Klassen',
    assistants: 'Assistenz der Prüfung',
    assistantsHelp:
      'Lehrende des Campus, die nur bei dieser Prüfung helfen: Sie bearbeiten sie, beobachten die Überwachung und bewerten Aufsätze.',
    noAssistants: 'Diese Prüfung hat noch keine Assistenz.',
    find: 'Lehrende suchen',
    findHelp: 'Mindestens zwei Buchstaben eines Namens eingeben.',
    matches: 'Gefundene Lehrende',
    noMatch: 'Keine weiteren Lehrenden passen zu „{{search}}“.',
    add: 'Hinzufügen',
    addNamed: 'Hinzufügen: {{name}}',
    remove: 'Entfernen',
    removeNamed: 'Entfernen: {{name}}',
    removeTitle: '{{name}} aus der Assistenz von „{{exam}}“ entfernen?',
    removeDetails:
      'Die Person bearbeitet diese Prüfung nicht mehr, sieht ihre Überwachung nicht und bewertet keine Aufsätze, außer sie lehrt im Kurs.',
    removeConfirm: 'Assistenz entfernen',
    classes: 'Klassen, die die Prüfung schreiben',
    noClasses: 'Dieser Kurs hat noch keine Klassen; die Prüfung gilt für alle Studierenden des Kurses.',
    everyClass: 'Alle Klassen des Kurses',
    someClasses: 'Nur die unten gewählten Klassen',
    classList: 'Klassen des Kurses',
    chooseOne: 'Mindestens eine Klasse wählen.',
    saveClasses: 'Klassen speichern',
  },
  dataset: {
    name: 'Name des Datensatzes',
    rename: 'Umbenennen',
    nameRequired: 'Der Datensatz braucht einen Namen.',
    nameTooLong: 'Ein Name hat höchstens 200 Zeichen.',
  },
  saved: {
    assistantsAdded: '{{names}} assistiert jetzt bei „{{name}}“.',
    assistantsRemoved: '{{names}} assistiert nicht mehr bei „{{name}}“.',
    classesAll: 'Alle Klassen des Kurses schreiben „{{name}}“.',
    classesSet_one: '{{count}} Klasse schreibt „{{name}}“.',
    classesSet_other: '{{count}} Klassen schreiben „{{name}}“.',
    datasetRenamed: 'Datensatz umbenannt in „{{name}}“.',
  },
};

export default staff;

/**
 * The exam's staff screens in English (assistants and classes, dataset names); every other
 * language's file has exactly these keys.
 */
const staff = {
  people: {
    tab: 'Assistants and classes',
    assistants: 'Exam assistants',
    assistantsHelp:
      'Lecturers of the campus who help run this exam only: they edit it, watch the monitor and grade essays.',
    noAssistants: 'No assistants for this exam yet.',
    find: 'Find a lecturer',
    findHelp: 'Type at least two letters of a name.',
    matches: 'Lecturers found',
    noMatch: 'No other lecturer matches “{{search}}”.',
    add: 'Add',
    addNamed: 'Add {{name}}',
    remove: 'Remove',
    removeNamed: 'Remove {{name}}',
    removeTitle: 'Remove {{name}} from the assistants of “{{exam}}”?',
    removeDetails:
      'They no longer edit this exam, watch its monitor or grade its essays, unless they teach its course.',
    removeConfirm: 'Remove assistant',
    classes: 'Classes that take the exam',
    noClasses: 'This course has no classes yet; the exam is for every student of the course.',
    everyClass: 'Every class of the course',
    someClasses: 'Only the classes chosen below',
    classList: 'Classes of the course',
    chooseOne: 'Choose at least one class.',
    saveClasses: 'Save classes',
  },
  dataset: {
    name: 'Name of the dataset',
    rename: 'Rename',
    nameRequired: 'The dataset needs a name.',
    nameTooLong: 'A name has at most 200 characters.',
  },
  saved: {
    assistantsAdded: '{{names}} now assists “{{name}}”.',
    assistantsRemoved: '{{names}} no longer assists “{{name}}”.',
    classesAll: 'Every class of the course takes “{{name}}”.',
    classesSet_one: '{{count}} class takes “{{name}}”.',
    classesSet_other: '{{count}} classes take “{{name}}”.',
    datasetRenamed: 'Dataset renamed to “{{name}}”.',
  },
};

export default staff;

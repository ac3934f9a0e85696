import annotate from '../annotate/locales/en';
import staff from '../staff/locales/en';
import student from '../student/locales/en';

/** The assignment screens in English; every other language's file has exactly these keys. */
const task = {
  loading: 'Loading the assignment',
  loadFailed: 'The assignment could not be loaded.',
  loadingList: 'Loading assignments',
  loadListFailed: 'The assignments could not be loaded.',
  endsAt: 'Ends {{at}}',
  saved: {
    taskCreated: 'Assignment “{{name}}” created.',
    taskUpdated: 'Assignment “{{name}}” saved.',
    taskDeleted: 'Assignment “{{name}}” deleted. It can be restored from the deleted assignments.',
    taskRestored: 'Assignment “{{name}}” is back.',
    taskFileDeleted: 'File “{{name}}” removed from the assignment.',
    answerScored: 'Score of {{name}} saved.',
    changeRequested: '{{name}} was asked to change their answer.',
    groupCreated: 'Group “{{name}}” created.',
    groupUpdated: 'Group “{{name}}” saved.',
    groupDeleted: 'Group “{{name}}” deleted.',
    rubricTemplateCreated: 'Rubric template “{{name}}” saved.',
    rubricTemplateDeleted: 'Rubric template “{{name}}” deleted.',
  },
  staff,
  student,
  annotate,
};

export default task;

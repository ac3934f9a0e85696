/** The staff's assignment screens in English. */
const staff = {
  pages: 'Assignment pages',
  page: { detail: 'Overview', submissions: 'Submissions', edit: 'Edit', download: 'Downloads' },
  list: {
    homeHelp: 'Assignments of your courses whose end has passed, to grade.',
    nothingToGrade: 'No ended assignment is waiting for grading.',
    scoredOf: '{{scored}} of {{sent}} scored',
  },
};

export default staff;

import { EventsTables1763800000000, OutboxOrder1795533482436 } from '@lms/events';
import { Init1795387598593 } from './1795387598593-init';
import { Contents1795425108475 } from './1795425108475-contents';
import { AssistantRequests1795425430854 } from './1795425430854-assistant-requests';
import { EnrolmentWindows1795425558838 } from './1795425558838-enrolment-windows';
import { PublicCatalogue1795428331820 } from './1795428331820-public-catalogue';
import { CoursesNameTrigram1795430000000 } from './1795430000000-courses-name-trigram';
import { CoursesTenantCode1795431085147 } from './1795431085147-courses-tenant-code';
import { CourseFiles1795471833686 } from './1795471833686-course-files';
import { EnrolmentTokensUnique1795481210108 } from './1795481210108-enrolment-tokens-unique';
import { ArchiveStructure1795484285462 } from './1795484285462-archive-structure';
import { WorkFacts1795516317235 } from './1795516317235-work-facts';
import { Gradeables1795516437406 } from './1795516437406-gradeables';
import { Threads1795516582706 } from './1795516582706-threads';
import { CompletionTracking1795516651634 } from './1795516651634-completion-tracking';
import { CourseGroups1795517508000 } from './1795517508000-course-groups';
import { VirtualLabs1795517508423 } from './1795517508423-virtual-labs';
import { Gradebook1795518607690 } from './1795518607690-gradebook';
import { Forms1795518774079 } from './1795518774079-forms';
import { CourseFaculty1795541132393 } from './1795541132393-course-faculty';
import { CourseRequests1795553067854 } from './1795553067854-course-requests';
import { GradebookPresence1795563958886 } from './1795563958886-gradebook-presence';
import { NotesBookmarks1795576271388 } from './1795576271388-notes-bookmarks';
import { ExamShowScore1795588913355 } from './1795588913355-exam-show-score';
import { SearchIndexes1795588913596 } from './1795588913596-search-indexes';

/** Every migration of the course database, oldest first. */
export const MIGRATIONS = [
  EventsTables1763800000000,
  Init1795387598593,
  Contents1795425108475,
  AssistantRequests1795425430854,
  EnrolmentWindows1795425558838,
  PublicCatalogue1795428331820,
  CoursesNameTrigram1795430000000,
  CoursesTenantCode1795431085147,
  CourseFiles1795471833686,
  EnrolmentTokensUnique1795481210108,
  ArchiveStructure1795484285462,
  WorkFacts1795516317235,
  Gradeables1795516437406,
  Threads1795516582706,
  CompletionTracking1795516651634,
  CourseGroups1795517508000,
  VirtualLabs1795517508423,
  Gradebook1795518607690,
  Forms1795518774079,
  OutboxOrder1795533482436,
  CourseFaculty1795541132393,
  CourseRequests1795553067854,
  GradebookPresence1795563958886,
  NotesBookmarks1795576271388,
  ExamShowScore1795588913355,
  SearchIndexes1795588913596,
];

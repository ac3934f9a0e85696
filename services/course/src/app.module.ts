import { type DynamicModule, Module } from '@nestjs/common';
import type { EventTransport } from '@lms/events';
import { serviceModule } from '@lms/platform';
import { ProjectionsBackfill } from '@lms/projections';
import { openServiceStorage } from '@lms/storage';
import type { CourseConfig } from './config';
import { CourseAdminService } from './courses/course-admin.service';
import { CompletionController } from './completion/completion.controller';
import { CompletionService } from './completion/completion.service';
import { CoursesController } from './courses/courses.controller';
import { CoursesService } from './courses/courses.service';
import { SnapshotRequestedHandler } from './courses/snapshot-requested.handler';
import { ContentsController } from './contents/contents.controller';
import { ContentsService } from './contents/contents.service';
import { CourseAccess } from './courses/course-access.service';
import { DirectoryController } from './directory/directory.controller';
import { DirectoryService } from './directory/directory.service';
import { ENTITIES } from './entities';
import { GRADEABLE_TOPICS, GRADEABLES } from './gradeables';
import { CourseActivitiesController } from './gradebook/course-activities.controller';
import { GradebookAdminService } from './gradebook/gradebook-admin.service';
import { GradebookController } from './gradebook/gradebook.controller';
import { GradebookExportService } from './gradebook/gradebook-export.service';
import { GradebookService } from './gradebook/gradebook.service';
import { GradesController } from './gradebook/grades.controller';
import { IndexBandsController } from './gradebook/index-bands.controller';
import { MIGRATIONS } from './migrations';
import { EnrolmentController } from './enrolment/enrolment.controller';
import { UserPlacedHandler } from './enrolment/user-placed.handler';
import { EnrolmentService } from './enrolment/enrolment.service';
import { StaffController } from './staff/staff.controller';
import { StaffService } from './staff/staff.service';
import { ActivitiesController } from './structure/activities.controller';
import { ModulesController } from './structure/modules.controller';
import { StructureArchiveController } from './structure/archive.controller';
import { SortController } from './structure/sort.controller';
import { StructureService } from './structure/structure.service';
import { UserUpsertedHandler } from './users/user-upserted.handler';
import { ContentFilesController } from './contents/content-files.controller';
import { ContentFilesService } from './contents/content-files.service';
import { CourseImagesController } from './contents/course-images.controller';
import { AcademicController } from './academic/academic.controller';
import { AcademicService } from './academic/academic.service';
import {
  CourseRequestsAdminController,
  CourseRequestsController,
} from './requests/course-requests.controller';
import { CourseRequestsService } from './requests/course-requests.service';
import { FacultiesController } from './faculties/faculties.controller';
import { FacultiesService } from './faculties/faculties.service';
import { BLOB_STORAGE } from './files/blob-storage';
import { CourseUploads } from './files/course-uploads';
import { FormAnswersController, FormsController, PublicFormsController } from './forms/forms.controller';
import { FormAnswersService } from './forms/form-answers.service';
import { FormsService } from './forms/forms.service';
import { PublicController } from './public/public.controller';
import { PublicCatalogueService } from './public/public.service';
import { openViewStore, VIEW_STORE, ViewCounter } from './public/view-counter';
import { CampusResolver } from './tenants/campus.resolver';
import { TenantUpsertedHandler } from './tenants/tenant-upserted.handler';
import { ACADEMIC_SYSTEM } from './sync/academic-system';
import { openAcademicSystem } from './sync/http.academic-system';
import { SyncController } from './sync/sync.controller';
import { SyncService } from './sync/sync.service';
import { AgendaController } from './agenda/agenda.controller';
import { AgendaService } from './agenda/agenda.service';
import { TimelineController } from './timeline/timeline.controller';
import { TimelineService } from './timeline/timeline.service';
import { DashboardController } from './dashboard/dashboard.controller';
import { DashboardService } from './dashboard/dashboard.service';
import { TodoController } from './todo/todo.controller';
import { TodoService } from './todo/todo.service';
import { AnswerEventsHandler } from './work/answer-events.handler';
import { AttemptEventsHandler } from './work/attempt-events.handler';
import { PublicThreadsController } from './threads/public-threads.controller';
import { RepliesController } from './threads/replies.controller';
import { RepliesService } from './threads/replies.service';
import { ThreadAccess } from './threads/thread-access';
import { ThreadsController } from './threads/threads.controller';
import { ThreadsService } from './threads/threads.service';
import { GroupsController } from './groups/groups.controller';
import { GroupsService } from './groups/groups.service';
import { BookmarksController } from './space/bookmarks.controller';
import { BookmarksService } from './space/bookmarks.service';
import { ConferencesController } from './space/conferences.controller';
import { ConferencesService } from './space/conferences.service';
import { NotesController } from './space/notes.controller';
import { NotesService } from './space/notes.service';
import { SearchController } from './search/search.controller';
import { SearchService } from './search/search.service';
import { VlabsController } from './vlabs/vlabs.controller';
import { VlabsService } from './vlabs/vlabs.service';

/** The course service's Nest application module (not the entity `CourseModule`, a course's module). */
@Module({})
export class CourseAppModule {
  static forRoot(config: CourseConfig, transport: EventTransport): DynamicModule {
    return serviceModule(CourseAppModule, {
      service: 'course',
      config,
      transport,
      entities: ENTITIES,
      migrations: MIGRATIONS,
      controllers: [
        CoursesController,
        DirectoryController,
        ModulesController,
        ActivitiesController,
        StructureArchiveController,
        SortController,
        ContentsController,
        ContentFilesController,
        CourseImagesController,
        PublicController,
        FacultiesController,
        AcademicController,
        CourseRequestsController,
        CourseRequestsAdminController,
        StaffController,
        EnrolmentController,
        SyncController,
        AgendaController,
        ThreadsController,
        RepliesController,
        PublicThreadsController,
        CompletionController,
        GroupsController,
        VlabsController,
        BookmarksController,
        NotesController,
        SearchController,
        ConferencesController,
        TodoController,
        DashboardController,
        TimelineController,
        FormsController,
        FormAnswersController,
        PublicFormsController,
        UserUpsertedHandler,
        UserPlacedHandler,
        TenantUpsertedHandler,
        SnapshotRequestedHandler,
        AttemptEventsHandler,
        AnswerEventsHandler,
        ...GRADEABLES.handlers,
        GradesController,
        IndexBandsController,
        CourseActivitiesController,
        GradebookController,
      ],
      providers: [
        CourseAccess,
        CoursesService,
        CourseAdminService,
        DirectoryService,
        StructureService,
        ContentsService,
        ContentFilesService,
        FacultiesService,
        AcademicService,
        CourseRequestsService,
        { provide: BLOB_STORAGE, useFactory: () => openServiceStorage('course', config.blobs) },
        CampusResolver,
        PublicCatalogueService,
        { provide: VIEW_STORE, useFactory: () => openViewStore(config) },
        ViewCounter,
        StaffService,
        EnrolmentService,
        { provide: ACADEMIC_SYSTEM, useFactory: () => openAcademicSystem(config) },
        SyncService,
        AgendaService,
        TodoService,
        DashboardService,
        TimelineService,
        GradebookAdminService,
        GradebookService,
        GradebookExportService,
        ...ProjectionsBackfill.providers({ service: 'course', topics: GRADEABLE_TOPICS }),
        CourseUploads,
        ThreadAccess,
        ThreadsService,
        RepliesService,
        CompletionService,
        GroupsService,
        VlabsService,
        BookmarksService,
        NotesService,
        SearchService,
        ConferencesService,
        FormsService,
        FormAnswersService,
      ],
    });
  }
}

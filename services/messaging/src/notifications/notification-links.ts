/** The web client's routes a notification opens (spec 01–03 §2). */
export const links = {
  course: (courseId: number) => `/courses/${courseId}`,
  exam: (examId: number) => `/exam/${examId}`,
  task: (taskId: number) => `/assignment/${taskId}`,
  presence: (courseId: number, classId: number) => `/presence/${courseId}/${classId}`,
  thread: (threadId: number, replyId: number | null) =>
    replyId === null ? `/discussion/${threadId}` : `/discussion/${threadId}/${replyId}`,
  courseRequests: () => '/courses/requests',
  message: (messageId: number) => `/messages/${messageId}`,
  /** The chat view's route is not in the spec: the messages screen with the room open. */
  chat: (chatId: number) => `/messages?chat=${chatId}`,
  /** A project's page (its modules, members and timeline: web/src/projects/routes.ts). */
  project: (projectId: number) => `/workspace/project-detail/${projectId}`,
};

export { TaskConfig } from './config';
export { taskService } from './service';
export { DEMO_GROUP_TASK, DEMO_PERSONAL_TASK, seedTaskDemo } from './seed/demo-task.seed';

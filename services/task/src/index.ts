export { TaskConfig } from './config';
export { taskService } from './service';

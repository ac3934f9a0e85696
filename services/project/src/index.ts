export { ProjectConfig } from './config';
export { projectService } from './service';

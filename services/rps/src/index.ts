export { RpsConfig } from './config';
export { rpsService } from './service';

export { RpsConfig } from './config';
export { rpsService } from './service';
export { seedRpsDemo } from './seed/demo-rps.seed';

const { existsSync, readdirSync } = require('node:fs');
const { join } = require('node:path');

/** One Jest configuration for every Node package; `npm test -w <pkg>` narrows it by path. */
const swc = [
  '@swc/jest',
  {
    swcrc: false,
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'commonjs', ignoreDynamic: true },
  },
];
/** `@lms/<name>` → its sources: every folder of libs/ and services/ with a src/ (no list to keep). */
const packagesIn = (dir) =>
  readdirSync(join(__dirname, dir)).filter((name) => existsSync(join(__dirname, dir, name, 'src')));
const moduleNameMapper = Object.fromEntries(
  ['libs', 'services'].map((dir) => [`^@lms/(${packagesIn(dir).join('|')})$`, `<rootDir>/${dir}/$1/src`]),
);

module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  setupFiles: ['reflect-metadata'],
  transform: { '^.+\\.ts$': swc },
  moduleNameMapper,
  testMatch: [
    '<rootDir>/libs/*/src/**/*.spec.ts',
    '<rootDir>/services/*/src/**/*.spec.ts',
    '<rootDir>/libs/*/test/**/*.int-spec.ts',
    '<rootDir>/services/*/test/**/*.int-spec.ts',
    '<rootDir>/e2e/**/*.e2e-spec.ts',
    '<rootDir>/deploy/test/**/*.int-spec.ts',
  ],
  globalSetup: '<rootDir>/libs/testing/src/global-setup.ts',
  globalTeardown: '<rootDir>/libs/testing/src/global-teardown.ts',
  testTimeout: 60000,
};

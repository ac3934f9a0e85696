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
/**
 * The OTLP exporter (`@opentelemetry/otlp-exporter-base`) loads `http` with `import()`, which
 * Jest's CommonJS runtime refuses without --experimental-vm-modules; compiled to `require` here,
 * only for the tests (Node runs the package as it is).
 */
const dynamicImportToRequire = [
  '@swc/jest',
  { swcrc: false, jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' }, module: { type: 'commonjs' } },
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
  transform: {
    '^.+\\.ts$': swc,
    '/node_modules/@opentelemetry/otlp-exporter-base/.+\\.js$': dynamicImportToRequire,
  },
  transformIgnorePatterns: ['/node_modules/(?!@opentelemetry/otlp-exporter-base/)'],
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
  // A worker's heap keeps about 25 MB of every suite it ran (modules, the product's singletons):
  // past this much, Jest replaces the worker between two suites instead of letting it grow. Set,
  // it also makes a one-worker run use a worker process rather than Jest's own (scripts/test.sh).
  workerIdleMemoryLimit: '1GB',
};

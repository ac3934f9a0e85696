// @vitest-environment node
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { join } from 'node:path';
import { afterAll, describe, it } from 'vitest';
import cssModules from './css-modules.mjs';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.afterAll = afterAll;

const src = join(import.meta.dirname, '../src');
const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
});

tester.run('own-module', cssModules.rules['own-module'], {
  valid: [
    // a component and its own module
    { filename: join(src, 'layout/Sidebar.tsx'), code: "import styles from './Sidebar.module.css';" },
    // a module shared by a folder (no component of its name)
    {
      filename: join(src, 'courses/manage/ManageHeader.tsx'),
      code: "import courseStyles from '../course.module.css';",
    },
    { filename: join(src, 'layout/Layout.tsx'), code: "import './Layout.css';" },
  ],
  invalid: [
    {
      filename: join(src, 'layout/Topbar.tsx'),
      code: "import styles from './Sidebar.module.css';",
      errors: [{ messageId: 'foreign' }],
    },
    {
      filename: join(src, 'courses/CourseCard.tsx'),
      code: "import hero from './CourseHero.module.css';",
      errors: [{ messageId: 'foreign' }],
    },
  ],
});

tester.run('known-class', cssModules.rules['known-class'], {
  valid: [
    {
      filename: join(src, 'layout/Sidebar.tsx'),
      code: "import styles from './Sidebar.module.css';\nconst a = [styles.soon, styles['fold'], styles[name]];",
    },
  ],
  invalid: [
    {
      // a class only named inside :global(...) is not the module's own
      filename: join(src, 'layout/Sidebar.tsx'),
      code: "import styles from './Sidebar.module.css';\nconst a = [styles.sidebar, styles.sidbar, styles['icon-button']];",
      errors: [
        { messageId: 'unknown', data: { module: 'Sidebar.module.css', name: 'sidbar' } },
        { messageId: 'unknown', data: { module: 'Sidebar.module.css', name: 'icon-button' } },
      ],
    },
    {
      filename: join(src, 'layout/Sidebar.tsx'),
      code: "import styles from './Nowhere.module.css';",
      errors: [{ messageId: 'missing' }],
    },
  ],
});

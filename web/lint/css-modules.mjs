import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';

/**
 * ESLint rules for the client's CSS Modules (docs/web-client.md, "Components and styles"):
 *
 * - `own-module`: `X.module.css` beside a component `X.tsx` holds that component's styles, so only
 *   `X.tsx` imports it. A module without a component of its name (`courses/course.module.css`,
 *   `courses/editor/editor.module.css`) is shared by the components of its folder and below.
 * - `known-class`: `styles.name` names a class the imported module defines (Vite types the
 *   import as any string key, so a typo would silently give `undefined`).
 */

const MODULE = /\.module\.css$/;

/** The local class names a CSS Module defines: `.name` outside comments and `:global(...)`. */
function classesOf(file) {
  const css = readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/:global\([^)]*\)/g, '');
  // leave out declaration values (`0.5rem`, urls): only selectors name classes
  const selectors = css.replace(/\{[^{}]*\}/g, '{}');
  return new Set([...selectors.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((match) => match[1]));
}

const ownModule = {
  meta: {
    type: 'problem',
    docs: { description: "a component imports no other component's CSS Module" },
    schema: [],
    messages: {
      foreign:
        '{{module}} holds the styles of the component {{component}}.tsx; import a shared module of the folder or give this component its own module.',
    },
  },
  create(context) {
    return {
      ImportDeclaration(node) {
        const source = String(node.source.value);
        if (!MODULE.test(source) || !source.startsWith('.')) return;
        const file = resolve(dirname(context.filename), source);
        const component = resolve(dirname(file), `${basename(file).replace(MODULE, '')}.tsx`);
        if (existsSync(component) && component !== resolve(context.filename)) {
          context.report({
            node: node.source,
            messageId: 'foreign',
            data: { module: basename(file), component: basename(component, '.tsx') },
          });
        }
      },
    };
  },
};

const knownClass = {
  meta: {
    type: 'problem',
    docs: { description: 'every `styles.name` is a class of the imported CSS Module' },
    schema: [],
    messages: {
      unknown: '{{module}} defines no class `{{name}}`.',
      missing: '{{module}} does not exist.',
    },
  },
  create(context) {
    /** The local name of each CSS Module import → its file and classes. */
    const modules = new Map();
    return {
      ImportDeclaration(node) {
        const source = String(node.source.value);
        if (!MODULE.test(source) || !source.startsWith('.')) return;
        const file = resolve(dirname(context.filename), source);
        if (!existsSync(file)) {
          context.report({ node: node.source, messageId: 'missing', data: { module: source } });
          return;
        }
        const binding = node.specifiers.find((specifier) => specifier.type === 'ImportDefaultSpecifier');
        if (binding) modules.set(binding.local.name, { name: basename(file), classes: classesOf(file) });
      },
      MemberExpression(node) {
        if (node.object.type !== 'Identifier' || !modules.has(node.object.name)) return;
        let name;
        if (!node.computed && node.property.type === 'Identifier') name = node.property.name;
        else if (node.property.type === 'Literal' && typeof node.property.value === 'string') {
          name = node.property.value;
        } else return; // a computed key (`styles[notice.color]`) is checked by its tests
        const module = modules.get(node.object.name);
        if (!module.classes.has(name)) {
          context.report({ node: node.property, messageId: 'unknown', data: { module: module.name, name } });
        }
      },
    };
  },
};

export default { rules: { 'own-module': ownModule, 'known-class': knownClass } };

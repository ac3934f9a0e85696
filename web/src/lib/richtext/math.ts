import { mergeAttributes, Node } from '@tiptap/core';
import { MATH_TYPES, renderMath } from './katex';

/**
 * Formulas are stored as their LaTeX source in `data-latex` (what libs/richtext lets through),
 * never as KaTeX's HTML: `<span data-type="inline-math" data-latex="x^2">x^2</span>` inline and
 * `<div data-type="block-math" data-latex="…">…</div>` on a line of their own. KaTeX renders them
 * in the editor and in the reader, without `trust` (no `\href`, `\url` or `\htmlClass`).
 */

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    math: {
      /** Inserts a formula at the selection, or replaces the selected formula. */
      setMath: (latex: string, block: boolean) => ReturnType;
    };
  }
}

function mathNode(name: 'inlineMath' | 'blockMath', block: boolean) {
  const type = block ? MATH_TYPES.block : MATH_TYPES.inline;
  const tag = block ? 'div' : 'span';
  return Node.create({
    name,
    group: block ? 'block' : 'inline',
    inline: !block,
    atom: true,
    selectable: true,
    draggable: block,
    addAttributes() {
      return {
        latex: {
          default: '',
          parseHTML: (element) => element.getAttribute('data-latex') ?? '',
          renderHTML: () => ({}),
        },
      };
    },
    parseHTML() {
      return [{ tag: `${tag}[data-type="${type}"]` }];
    },
    renderHTML({ node, HTMLAttributes }) {
      const latex = String(node.attrs.latex);
      return [tag, mergeAttributes(HTMLAttributes, { 'data-type': type, 'data-latex': latex }), latex];
    },
    renderText({ node }) {
      return String(node.attrs.latex);
    },
    addNodeView() {
      return ({ node }) => {
        const dom = document.createElement(tag);
        dom.setAttribute('data-type', type);
        dom.setAttribute('contenteditable', 'false');
        renderMath(dom, String(node.attrs.latex), block);
        return { dom };
      };
    },
  });
}

export const InlineMath = mathNode('inlineMath', false);
export const BlockMath = mathNode('blockMath', true).extend({
  addCommands() {
    return {
      setMath:
        (latex, block) =>
        ({ state, commands }) => {
          const selected = (state.selection as { node?: { type: { name: string } } }).node?.type.name;
          const name = block ? 'blockMath' : 'inlineMath';
          if (selected === 'inlineMath' || selected === 'blockMath') {
            if (selected === name) return commands.updateAttributes(name, { latex });
            commands.deleteSelection();
          }
          return commands.insertContent({ type: name, attrs: { latex } });
        },
    };
  },
});

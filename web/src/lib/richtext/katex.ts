import katex from 'katex';
import 'katex/dist/katex.min.css';

/** The `data-type` of a formula inline and on its own line (with its LaTeX in `data-latex`). */
export const MATH_TYPES = { inline: 'inline-math', block: 'block-math' } as const;

/** Renders a formula into an element; a LaTeX error shows the source in red, not an exception. */
export function renderMath(element: HTMLElement, latex: string, displayMode: boolean): void {
  katex.render(latex, element, { throwOnError: false, displayMode, trust: false, output: 'htmlAndMathml' });
}

/** Renders every formula inside a container (the reader, after sanitizing). */
export function renderMathIn(container: ParentNode): void {
  container.querySelectorAll<HTMLElement>('[data-type][data-latex]').forEach((element) => {
    const type = element.getAttribute('data-type');
    if (type !== MATH_TYPES.inline && type !== MATH_TYPES.block) return;
    renderMath(element, element.getAttribute('data-latex') ?? '', type === MATH_TYPES.block);
  });
}

import { describe, expect, it } from 'vitest';
import { looksLikeHtml, safeUrl, sanitizeHtml } from './sanitize';

describe('sanitizeHtml', () => {
  it('keeps formatting tags and their text', () => {
    expect(sanitizeHtml('<p>Welcome <strong>all</strong></p><ul><li>one</li></ul>')).toBe(
      '<p>Welcome <strong>all</strong></p><ul><li>one</li></ul>',
    );
  });

  it('drops scripts, styles, frames and event handlers', () => {
    const html = sanitizeHtml(
      '<p onclick="steal()" style="color:red">Hi</p><script>alert(1)</script><style>p{}</style>' +
        '<iframe src="https://evil.example"></iframe><img src="x" onerror="alert(1)">',
    );
    expect(html).toBe('<p>Hi</p><img src="x">');
    expect(html).not.toMatch(/script|onclick|onerror|iframe|style/);
  });

  it('keeps safe links only, opening them in a new tab without an opener', () => {
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="https://example.org" onmouseover="x()">x</a>')).toBe(
      '<a href="https://example.org" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeHtml('<img src="data:image/svg+xml,..." alt="a">')).toBe('<img alt="a">');
  });

  it('unwraps unknown tags but keeps their text, and escapes text', () => {
    expect(sanitizeHtml('<custom-tag>text <b>bold</b></custom-tag>')).toBe('text <b>bold</b>');
    expect(sanitizeHtml('<p>1 &lt; 2</p>')).toBe('<p>1 &lt; 2</p>');
    expect(sanitizeHtml('<h1>Title</h1>')).toBe('<h2>Title</h2>');
  });
});

describe('safeUrl and looksLikeHtml', () => {
  it('accepts http(s), mailto and relative addresses only', () => {
    expect(safeUrl('https://zoom.us/j/1')).toBe('https://zoom.us/j/1');
    expect(safeUrl('mailto:a@b.c')).toBe('mailto:a@b.c');
    expect(safeUrl('/courses/1')).toBe('/courses/1');
    expect(safeUrl(' javascript:alert(1)')).toBeNull();
    expect(safeUrl('data:text/html,x')).toBeNull();
    expect(safeUrl('http://plain.example', ['https:'])).toBeNull();
    expect(safeUrl('')).toBeNull();
  });

  it('tells HTML from plain text', () => {
    expect(looksLikeHtml('<p>x</p>')).toBe(true);
    expect(looksLikeHtml('a < b and c > d')).toBe(false);
  });
});

describe('sanitizeHtml and the editor’s nodes', () => {
  it('keeps math as its LaTeX, and code blocks with their language', () => {
    const math =
      '<p><span data-type="inline-math" data-latex="x^2">x^2</span></p><div data-type="block-math" data-latex="\\frac{1}{2}">\\frac{1}{2}</div>';
    expect(sanitizeHtml(math)).toBe(math);
    expect(sanitizeHtml('<pre><code class="language-js">1</code></pre>')).toBe(
      '<pre><code class="language-js">1</code></pre>',
    );
  });

  it('drops math attributes off other elements and classes that are not a language', () => {
    expect(sanitizeHtml('<span data-type="x" data-latex="y">z</span>')).toBe('<span>z</span>');
    expect(sanitizeHtml('<div data-type="inline-math" data-latex="y">z</div>')).toBe('<div>z</div>');
    expect(sanitizeHtml('<code class="evil">c</code>')).toBe('<code>c</code>');
  });
});

import { plainTextOf } from './plain-text';

describe('plainTextOf', () => {
  it('makes lines of paragraphs, headings, line breaks and list items', () => {
    expect(
      plainTextOf(
        '<h2>Loops</h2><p>Which runs <strong>at least once</strong>?<br>Pick one.</p><ul><li><p>for</p></li><li><p>do … while</p></li></ul>',
      ),
    ).toBe('Loops\nWhich runs at least once?\nPick one.\n• for\n\n• do … while');
  });

  it('shows formulas as LaTeX, images by their text, links with their address', () => {
    expect(
      plainTextOf(
        '<p>Area <span data-type="inline-math" data-latex="\\pi r^2"></span> of <img src="/api/x.png" alt="a circle"> <a href="https://example.edu/c" target="_blank" rel="noopener noreferrer nofollow">here</a></p><div data-type="block-math" data-latex="x &lt; 1"></div>',
      ),
    ).toBe('Area $\\pi r^2$ of [image: a circle] here (https://example.edu/c)\n\n$$x < 1$$');
  });

  it('separates table cells and decodes entities', () => {
    expect(
      plainTextOf(
        '<table><tbody><tr><th><p>a &amp; b</p></th><th><p>1&nbsp;&lt;&nbsp;2</p></th></tr><tr><td><p>x</p><p>y</p></td><td><p>z</p></td></tr></tbody></table>',
      ),
    ).toBe('a & b | 1 < 2\nx y | z');
  });

  it('drops what the allow-list drops and keeps plain text as it is', () => {
    expect(plainTextOf('<p>x<script>alert(1)</script><style>p{}</style></p>')).toBe('x');
    expect(plainTextOf('2 < 3 & 4 > 1')).toBe('2 < 3 & 4 > 1');
  });
});

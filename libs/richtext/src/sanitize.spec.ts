import { hasVisibleContent, paragraphsOf, richTextOf, sanitizeRichText } from './sanitize';

/** What the web client's editor writes for each of its nodes and marks (web/src/lib/richtext). */
const EDITOR_OUTPUT = {
  heading: '<h2>Week 1</h2><h3>Reading</h3><h4>Notes</h4>',
  marks: '<p><strong>bold</strong> <em>italic</em> <u>underlined</u> <s>struck</s> <code>x = 1</code></p>',
  lists: '<ul><li><p>one</p></li></ul><ol start="3"><li><p>three</p></li></ol>',
  link: '<p><a target="_blank" rel="noopener noreferrer nofollow" href="https://example.org/a?b=1&amp;c=2">a link</a></p>',
  table:
    '<table><tbody><tr><th colspan="1" rowspan="1"><p>Head</p></th><th colspan="1" rowspan="1"><p>Two</p></th></tr>' +
    '<tr><td colspan="1" rowspan="1"><p>cell</p></td><td colspan="2" rowspan="1"><p></p></td></tr></tbody></table>',
  image: '<img src="/api/course/courses/12/images/4b1d5c2e-2f7e-4c8b-9d55-0c6f0d7f2a11" alt="Diagram">',
  code: '<pre><code class="language-python">print(1 &lt; 2)</code></pre><pre><code>plain</code></pre>',
  math:
    '<p>Energy <span data-type="inline-math" data-latex="E = mc^2 &lt; \\infty">E = mc^2 &lt; \\infty</span></p>' +
    '<div data-type="block-math" data-latex="\\int_0^1 x\\,dx = \\frac{1}{2}">\\int_0^1 x\\,dx = \\frac{1}{2}</div>',
  rest: '<blockquote><p>quoted</p></blockquote><hr><p>a<br>b <sub>2</sub><sup>3</sup></p>',
};

describe('sanitizeRichText', () => {
  it.each(Object.entries(EDITOR_OUTPUT))('keeps the editor’s %s unchanged', (_name, html) => {
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('drops scripts and their code, wherever they hide', () => {
    expect(sanitizeRichText('<p>a</p><script>alert(1)</script><svg><script>alert(2)</script></svg>')).toBe(
      '<p>a</p>',
    );
    expect(sanitizeRichText('<noscript><p>x</p></noscript><template><img src=x></template>b')).toBe('b');
  });

  it('drops event handlers and style attributes', () => {
    expect(sanitizeRichText('<p onclick="alert(1)" style="color:red">p</p>')).toBe('<p>p</p>');
    expect(sanitizeRichText('<img src="https://x.org/a.png" onerror="alert(1)">')).toBe(
      '<img src="https://x.org/a.png">',
    );
    expect(sanitizeRichText('<div style="width:expression(alert(1))">d</div>')).toBe('<div>d</div>');
    expect(sanitizeRichText('<p style="background:url(javascript:alert(1))">q</p>')).toBe('<p>q</p>');
  });

  it('drops svg, iframes, objects, forms and style sheets', () => {
    expect(sanitizeRichText('<svg onload="alert(1)"><circle r="1"/></svg>ok')).toBe('ok');
    expect(sanitizeRichText('<iframe src="https://evil.example"></iframe><object data="x"></object>ok')).toBe(
      'ok',
    );
    expect(
      sanitizeRichText('<style>p{}</style><form action="/x"><input value="v"><button>b</button></form>'),
    ).toBe('b');
    expect(
      sanitizeRichText('<math><mi>x</mi></math><link rel="stylesheet" href="x"><meta http-equiv="refresh">'),
    ).toBe('');
  });

  it('keeps links and images only on safe schemes', () => {
    const hrefs = [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'java&#x09;script:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:x',
      '//evil.example/x',
    ];
    for (const href of hrefs) {
      expect(sanitizeRichText(`<a href="${href}">x</a>`)).toBe(
        '<a target="_blank" rel="noopener noreferrer nofollow">x</a>',
      );
    }
    expect(sanitizeRichText('<img src="data:image/png;base64,AAAA"><img src="javascript:alert(1)">')).toBe(
      '<img><img>',
    );
    expect(sanitizeRichText('<a href="mailto:a@b.org">m</a><a href="/courses/1">r</a>')).toBe(
      '<a href="mailto:a@b.org" target="_blank" rel="noopener noreferrer nofollow">m</a>' +
        '<a href="/courses/1" target="_blank" rel="noopener noreferrer nofollow">r</a>',
    );
  });

  it('forces every link to open without access to the page', () => {
    expect(sanitizeRichText('<a href="https://x.org" target="_self" rel="opener">x</a>')).toBe(
      '<a href="https://x.org" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
  });

  it('keeps a span or div’s math attributes only as a math node', () => {
    expect(
      sanitizeRichText('<span data-type="inline-math" data-latex="x" onclick="a" class="k">x</span>'),
    ).toBe('<span data-type="inline-math" data-latex="x">x</span>');
    expect(sanitizeRichText('<span data-type="block-math" data-latex="x">x</span>')).toBe('<span>x</span>');
    expect(sanitizeRichText('<div data-type="evil" data-latex="x" data-x="y">d</div>')).toBe('<div>d</div>');
  });

  it('keeps only well-formed numbers and known values', () => {
    expect(sanitizeRichText('<ol start="x" type="disc"><li>y</li></ol><ol type="a"><li>z</li></ol>')).toBe(
      '<ol><li>y</li></ol><ol type="a"><li>z</li></ol>',
    );
    expect(sanitizeRichText('<td colspan="2;x" rowspan="3">c</td>')).toBe('<td rowspan="3">c</td>');
    expect(sanitizeRichText('<img src="/a.png" width="100" height="50%">')).toBe(
      '<img src="/a.png" width="100">',
    );
    expect(sanitizeRichText('<code class="evil language-js">x</code>')).toBe(
      '<code class="language-js">x</code>',
    );
  });

  it('writes the formatting the editor knows by its own tags', () => {
    expect(sanitizeRichText('<h1>T</h1><b>b</b><i>i</i><strike>s</strike><del>d</del>')).toBe(
      '<h2>T</h2><strong>b</strong><em>i</em><s>s</s><s>d</s>',
    );
  });

  it('keeps the text of tags it does not know', () => {
    expect(sanitizeRichText('<article><font color="red">kept</font></article>')).toBe('kept');
  });
});

describe('richTextOf', () => {
  it('turns plain text into escaped paragraphs', () => {
    expect(richTextOf('a < b & c\nnext line\n\nsecond')).toBe(
      '<p>a &lt; b &amp; c<br>next line</p><p>second</p>',
    );
    expect(paragraphsOf('  \n\n ')).toBe('');
  });

  it('sanitizes HTML', () => {
    expect(richTextOf('<p>x</p><script>alert(1)</script>')).toBe('<p>x</p>');
  });
});

describe('hasVisibleContent', () => {
  it('sees text, images and formulas', () => {
    expect(hasVisibleContent('<p>x</p>')).toBe(true);
    expect(hasVisibleContent('<p><img src="/a.png"></p>')).toBe(true);
    expect(hasVisibleContent('<p><span data-type="inline-math" data-latex="x"></span></p>')).toBe(true);
  });

  it('sees nothing in empty markup', () => {
    expect(hasVisibleContent('<p></p><p>&nbsp; </p>')).toBe(false);
    expect(hasVisibleContent('')).toBe(false);
  });
});

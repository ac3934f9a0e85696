import { contentDisposition } from './storage';

describe('contentDisposition', () => {
  it('keeps an ASCII name as it is, in both parameters', () => {
    expect(contentDisposition('Week 1 slides.pdf')).toBe(
      `attachment; filename="Week 1 slides.pdf"; filename*=UTF-8''Week%201%20slides.pdf`,
    );
  });

  it('gives old clients an ASCII fallback and the exact name in UTF-8', () => {
    expect(contentDisposition('Résumé 😀.docx')).toBe(
      `attachment; filename="R_sum_ __.docx"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%F0%9F%98%80.docx`,
    );
  });

  it('cannot be used to break out of the header or the quoted parameter', () => {
    const header = contentDisposition('a"b\\c\r\nSet-Cookie: x=1;\t(1)*\'.txt');
    expect(header).toBe(
      `attachment; filename="a_b_cSet-Cookie: x=1;(1)*'.txt"; filename*=UTF-8''a%22b%5CcSet-Cookie%3A%20x%3D1%3B%281%29%2A%27.txt`,
    );
    expect(header).not.toMatch(/[\r\n]/);
  });

  it('names a nameless file "file" and survives half a surrogate pair', () => {
    expect(contentDisposition(' \u0000 ')).toBe(`attachment; filename="file"; filename*=UTF-8''file`);
    expect(contentDisposition('x\uD800.txt')).toBe(
      `attachment; filename="x_.txt"; filename*=UTF-8''x%EF%BF%BD.txt`,
    );
  });
});

import { LANGUAGES } from '../users/preferences';
import { MAIL_TEXTS, mailTexts } from './mail-texts';

describe('the account mails in every language', () => {
  const values = { campus: 'Universitas Demo', name: 'Ayu', username: 'ayu', minutes: 60, hours: 24 };
  const link = 'https://lms.example/pages/x?token=abc';

  it.each(LANGUAGES)(
    '%s: every mail has a subject naming the campus and a text with the link',
    (language) => {
      const texts = MAIL_TEXTS[language];
      for (const text of [
        texts.reset({ ...values, link }),
        texts.verification({ ...values, link }),
        texts.accountExists({ campus: values.campus, usernames: '"ayu"', link }),
        texts.usernameTaken({ campus: values.campus, username: 'ayu', link }),
      ]) {
        expect(text.subject).toContain('Universitas Demo');
        expect(text.text.split('\n')).toContain(link);
      }
      expect(texts.reset({ ...values, link }).text).toContain('60');
      expect(texts.verification({ ...values, link }).text).toContain('24');
    },
  );

  it("takes the person's own language, else the campus's, else English", () => {
    expect(mailTexts('fr', 'id')).toBe(MAIL_TEXTS.fr);
    expect(mailTexts(null, 'id')).toBe(MAIL_TEXTS.id);
    expect(mailTexts(undefined, null)).toBe(MAIL_TEXTS.en);
  });
});

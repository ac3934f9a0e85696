import { LANGUAGES } from '@lms/events';
import { NOTIFICATION_TYPES } from './notification.entity';
import { digestText, notificationText } from './notification-text';

describe('notification texts', () => {
  it('name the course and the thing, in the language asked', () => {
    const announcement = {
      type: 'ANNOUNCEMENT' as const,
      data: { course: 'Algoritma', title: 'Ujian dipindah' },
    };
    expect(notificationText(announcement, 'en')).toEqual({
      title: 'New announcement in Algoritma: Ujian dipindah',
      body: 'Ujian dipindah',
    });
    expect(notificationText(announcement, 'id').title).toBe('Pengumuman baru di Algoritma: Ujian dipindah');
    expect(notificationText(announcement, 'fr').title).toBe(
      'Nouvelle annonce dans Algoritma : Ujian dipindah',
    );
    expect(notificationText({ type: 'EXAM', data: { course: 'Kalkulus', name: 'UTS' } }, 'de').title).toBe(
      'Prüfung veröffentlicht in Kalkulus: UTS',
    );
    expect(
      notificationText({ type: 'MENTION', data: { course: 'Kalkulus', sender: 'Ani' } }, 'pt').title,
    ).toBe('Ani mencionou-o em Kalkulus');
    expect(
      notificationText({ type: 'MESSAGE', data: { sender: 'Ani', room: 'Kelompok 3' } }, 'en').title,
    ).toBe('New chat message from Ani in Kelompok 3');
    expect(
      notificationText({ type: 'PRESENCE', data: { course: 'Kalkulus', type: 'sick' } }, 'id').body,
    ).toBe('Kehadiran Anda dicatat: sakit.');
    expect(
      notificationText({ type: 'COURSE_REQUEST', data: { name: 'Statistika', state: 'rejected' } }, 'de')
        .body,
    ).toBe('Ihr Kursantrag Statistika wurde abgelehnt.');
    const card = {
      type: 'CARD_ASSIGNED' as const,
      data: { sender: 'Ayu', card: 'Write the report', project: 'X' },
    };
    expect(notificationText(card, 'en').title).toBe('Ayu assigned you “Write the report” in X');
    expect(notificationText(card, 'id').title).toBe('Ayu menugaskan “Write the report” kepada Anda di X');
  });

  it('say when a card is due as the language writes a date, the campus’s wall clock as it is', () => {
    const due = {
      type: 'CARD_DUE' as const,
      data: { card: 'Write the report', project: 'X', due: '2026-12-01 14:00:00' },
    };
    expect(notificationText(due, 'en').title).toBe('“Write the report” in X is due on 1 Dec 2026, 14:00');
    expect(notificationText(due, 'id').title).toBe(
      '“Write the report” di X jatuh tempo pada 1 Des 2026, 14.00',
    );
    expect(notificationText(due, 'de').title).toBe(
      '„Write the report“ in X ist am 1. Dez. 2026, 14:00 fällig',
    );
    expect(notificationText(due, 'fr').body).toMatch(
      /^Une carte qui vous est assignée arrive à échéance le 1 déc\. 2026/,
    );
    expect(notificationText(due, 'pt').title).toMatch(/^“Write the report” em X vence em 1 de dez\. de 2026/);
    // no date, or one that cannot be read: soon
    expect(notificationText({ ...due, data: { ...due.data, due: 'tomorrow' } }, 'en').title).toBe(
      '“Write the report” in X is due soon',
    );
  });

  it('say something for every kind in every language, a missing name read as a generic word', () => {
    for (const language of LANGUAGES)
      for (const type of NOTIFICATION_TYPES) {
        const { title, body } = notificationText({ type, data: {} }, language);
        expect(title).not.toMatch(/undefined|null|^$/);
        expect(body).not.toMatch(/undefined|null|^$/);
      }
    expect(notificationText({ type: 'CONTENT', data: {} }, 'en').title).toBe('New content in your course');
    expect(notificationText({ type: 'CONTENT', data: {} }, 'xx').title).toBe('New content in your course');
    expect(notificationText({ type: 'CONTENT', data: {} }, null).title).toBe('New content in your course');
  });

  it('count the digest in the language', () => {
    expect(digestText('en').subject(1, 'Kampus')).toBe('1 new notification — Kampus');
    expect(digestText('en').subject(2, 'Kampus')).toBe('2 new notifications — Kampus');
    expect(digestText('fr').intro(2)).toBe('Vous avez 2 notifications non lues :');
  });
});

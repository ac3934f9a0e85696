/**
 * What a push or a digest mail says of notifications, in every interface language (the bell
 * composes its own, in the web client's locales). A notification's data carries the names it is
 * told with (its course, the exam, the announcement's title, the sender), written when it was made;
 * a name missing (a notification of before, a course not projected yet) reads as a generic word.
 */
import type { Language } from '@lms/events';
import { parseWireDate } from '@lms/jsonapi';
import type { UserNotification } from './notification.entity';

export interface NotificationText {
  title: string;
  body: string;
}

type Data = Record<string, unknown>;
type Kind = UserNotification['type'];
type Presence = 'attend' | 'sick' | 'absent' | 'leave' | 'other';

interface Texts {
  /** The words that stand in for a name the data lacks. */
  fallback: {
    course: string;
    exam: string;
    someone: string;
    announcement: string;
    message: string;
    card: string;
    project: string;
    /** When a card is due, said without its date. */
    due: string;
  };
  /** When a card is due, said with its date (in the campus's zone, as the language writes it). */
  due: (date: string) => string;
  presence: Record<Presence | 'unmarked', string>;
  requestState: Record<'approved' | 'rejected' | 'decided', string>;
  kinds: Record<Kind, (n: Names) => NotificationText>;
  digest: {
    subject: (count: number, campus: string) => string;
    intro: (count: number) => string;
    footer: (link: string) => string;
  };
}

/** The names a text is made of, each present (the fallback filled in). */
interface Names {
  course: string;
  name: string;
  title: string;
  subject: string;
  sender: string;
  room: string | null;
  score: string;
  presence: string;
  state: string;
  request: string;
  /** A project board's card, its project, and when the card is due. */
  card: string;
  project: string;
  due: string;
}

const plural = (count: number, one: string, other: string) => (count === 1 ? one : other);

const TEXTS: Record<Language, Texts> = {
  en: {
    fallback: {
      course: 'your course',
      exam: 'An exam',
      someone: 'Someone',
      announcement: 'A new announcement.',
      message: 'You received a message.',
      card: 'a card',
      project: 'a project',
      due: 'soon',
    },
    presence: {
      attend: 'present',
      sick: 'sick',
      absent: 'absent',
      leave: 'on leave',
      other: 'other',
      unmarked: 'unmarked',
    },
    requestState: { approved: 'approved', rejected: 'rejected', decided: 'decided' },
    kinds: {
      CONTENT: (n) => ({
        title: `New content in ${n.course}`,
        body: `New content was added to ${n.course}.`,
      }),
      ENROLMENT: (n) => ({ title: `Enrolled in ${n.course}`, body: `You were enrolled in ${n.course}.` }),
      EXAM: (n) => ({
        title: `Exam published in ${n.course}: ${n.name}`,
        body: `${n.name} of ${n.course} was published.`,
      }),
      EXAM_START: (n) => ({
        title: `Exam starting in ${n.course}: ${n.name}`,
        body: `${n.name} of ${n.course} starts soon.`,
      }),
      TASK_SCORED: (n) => ({
        title: `Task scored in ${n.course}`,
        body: `Your answer was scored: ${n.score}.`,
      }),
      TASK_CHANGE_REQUESTED: (n) => ({
        title: `Change requested in ${n.course}`,
        body: 'Your lecturer asked for a change to your answer.',
      }),
      PRESENCE: (n) => ({
        title: `Attendance recorded in ${n.course}`,
        body: `Your attendance was recorded: ${n.presence}.`,
      }),
      MENTION: (n) => ({
        title: `${n.sender} mentioned you in ${n.course}`,
        body: 'You were mentioned in a discussion.',
      }),
      COURSE_REQUEST: (n) => ({
        title: `Course request ${n.state}: ${n.request}`,
        body: `Your course request ${n.request} was ${n.state}.`,
      }),
      ANNOUNCEMENT: (n) => ({ title: `New announcement in ${n.course}: ${n.title}`, body: n.title }),
      COURSE_MESSAGE: (n) => ({ title: `New message from ${n.sender}`, body: n.subject }),
      MESSAGE: (n) => ({
        title: n.room
          ? `New chat message from ${n.sender} in ${n.room}`
          : `New chat message from ${n.sender}`,
        body: 'You have a new chat message.',
      }),
      CARD_ASSIGNED: (n) => ({
        title: `${n.sender} assigned you “${n.card}” in ${n.project}`,
        body: 'You were assigned a card of a project board.',
      }),
      CARD_DUE: (n) => ({
        title: `“${n.card}” in ${n.project} is due ${n.due}`,
        body: `A card assigned to you is due ${n.due}.`,
      }),
    },
    due: (date) => `on ${date}`,
    digest: {
      subject: (count, campus) =>
        `${count} new ${plural(count, 'notification', 'notifications')} — ${campus}`,
      intro: (count) => `You have ${count} unread ${plural(count, 'notification', 'notifications')}:`,
      footer: (link) =>
        `Read them all at ${link}. To stop these mails, turn mail off in your notification settings.`,
    },
  },
  id: {
    fallback: {
      course: 'mata kuliah Anda',
      exam: 'Sebuah ujian',
      someone: 'Seseorang',
      announcement: 'Pengumuman baru.',
      message: 'Anda menerima pesan.',
      card: 'sebuah kartu',
      project: 'sebuah proyek',
      due: 'segera',
    },
    presence: {
      attend: 'hadir',
      sick: 'sakit',
      absent: 'alpa',
      leave: 'izin',
      other: 'lainnya',
      unmarked: 'belum ditandai',
    },
    requestState: { approved: 'disetujui', rejected: 'ditolak', decided: 'diputuskan' },
    kinds: {
      CONTENT: (n) => ({
        title: `Konten baru di ${n.course}`,
        body: `Konten baru ditambahkan ke ${n.course}.`,
      }),
      ENROLMENT: (n) => ({ title: `Terdaftar di ${n.course}`, body: `Anda didaftarkan ke ${n.course}.` }),
      EXAM: (n) => ({
        title: `Ujian diterbitkan di ${n.course}: ${n.name}`,
        body: `${n.name} dari ${n.course} telah diterbitkan.`,
      }),
      EXAM_START: (n) => ({
        title: `Ujian segera dimulai di ${n.course}: ${n.name}`,
        body: `${n.name} dari ${n.course} segera dimulai.`,
      }),
      TASK_SCORED: (n) => ({
        title: `Tugas dinilai di ${n.course}`,
        body: `Jawaban Anda telah dinilai: ${n.score}.`,
      }),
      TASK_CHANGE_REQUESTED: (n) => ({
        title: `Perbaikan diminta di ${n.course}`,
        body: 'Dosen Anda meminta perbaikan jawaban Anda.',
      }),
      PRESENCE: (n) => ({
        title: `Kehadiran dicatat di ${n.course}`,
        body: `Kehadiran Anda dicatat: ${n.presence}.`,
      }),
      MENTION: (n) => ({
        title: `${n.sender} menyebut Anda di ${n.course}`,
        body: 'Anda disebut dalam sebuah diskusi.',
      }),
      COURSE_REQUEST: (n) => ({
        title: `Pengajuan mata kuliah ${n.state}: ${n.request}`,
        body: `Pengajuan mata kuliah ${n.request} Anda ${n.state}.`,
      }),
      ANNOUNCEMENT: (n) => ({ title: `Pengumuman baru di ${n.course}: ${n.title}`, body: n.title }),
      COURSE_MESSAGE: (n) => ({ title: `Pesan baru dari ${n.sender}`, body: n.subject }),
      MESSAGE: (n) => ({
        title: n.room
          ? `Pesan obrolan baru dari ${n.sender} di ${n.room}`
          : `Pesan obrolan baru dari ${n.sender}`,
        body: 'Anda mendapat pesan obrolan baru.',
      }),
      CARD_ASSIGNED: (n) => ({
        title: `${n.sender} menugaskan “${n.card}” kepada Anda di ${n.project}`,
        body: 'Anda ditugaskan pada sebuah kartu papan proyek.',
      }),
      CARD_DUE: (n) => ({
        title: `“${n.card}” di ${n.project} jatuh tempo ${n.due}`,
        body: `Kartu yang ditugaskan kepada Anda jatuh tempo ${n.due}.`,
      }),
    },
    due: (date) => `pada ${date}`,
    digest: {
      subject: (count, campus) => `${count} notifikasi baru — ${campus}`,
      intro: (count) => `Anda memiliki ${count} notifikasi yang belum dibaca:`,
      footer: (link) =>
        `Baca semuanya di ${link}. Untuk berhenti menerima surel ini, matikan surel di pengaturan notifikasi Anda.`,
    },
  },
  de: {
    fallback: {
      course: 'Ihrem Kurs',
      exam: 'Eine Prüfung',
      someone: 'Jemand',
      announcement: 'Eine neue Ankündigung.',
      message: 'Sie haben eine Nachricht erhalten.',
      card: 'eine Karte',
      project: 'einem Projekt',
      due: 'bald',
    },
    presence: {
      attend: 'anwesend',
      sick: 'krank',
      absent: 'abwesend',
      leave: 'beurlaubt',
      other: 'sonstiges',
      unmarked: 'nicht erfasst',
    },
    requestState: { approved: 'angenommen', rejected: 'abgelehnt', decided: 'entschieden' },
    kinds: {
      CONTENT: (n) => ({ title: `Neuer Inhalt in ${n.course}`, body: `${n.course} hat einen neuen Inhalt.` }),
      ENROLMENT: (n) => ({
        title: `Eingeschrieben in ${n.course}`,
        body: `Sie wurden in ${n.course} eingeschrieben.`,
      }),
      EXAM: (n) => ({
        title: `Prüfung veröffentlicht in ${n.course}: ${n.name}`,
        body: `${n.name} in ${n.course} wurde veröffentlicht.`,
      }),
      EXAM_START: (n) => ({
        title: `Prüfung beginnt bald in ${n.course}: ${n.name}`,
        body: `${n.name} in ${n.course} beginnt bald.`,
      }),
      TASK_SCORED: (n) => ({
        title: `Aufgabe bewertet in ${n.course}`,
        body: `Ihre Antwort wurde bewertet: ${n.score}.`,
      }),
      TASK_CHANGE_REQUESTED: (n) => ({
        title: `Änderung erbeten in ${n.course}`,
        body: 'Ihre Lehrkraft bittet um eine Änderung Ihrer Antwort.',
      }),
      PRESENCE: (n) => ({
        title: `Anwesenheit erfasst in ${n.course}`,
        body: `Ihre Anwesenheit wurde erfasst: ${n.presence}.`,
      }),
      MENTION: (n) => ({
        title: `${n.sender} hat Sie in ${n.course} erwähnt`,
        body: 'Sie wurden in einer Diskussion erwähnt.',
      }),
      COURSE_REQUEST: (n) => ({
        title: `Kursantrag ${n.state}: ${n.request}`,
        body: `Ihr Kursantrag ${n.request} wurde ${n.state}.`,
      }),
      ANNOUNCEMENT: (n) => ({ title: `Neue Ankündigung in ${n.course}: ${n.title}`, body: n.title }),
      COURSE_MESSAGE: (n) => ({ title: `Neue Nachricht von ${n.sender}`, body: n.subject }),
      MESSAGE: (n) => ({
        title: n.room
          ? `Neue Chatnachricht von ${n.sender} in ${n.room}`
          : `Neue Chatnachricht von ${n.sender}`,
        body: 'Sie haben eine neue Chatnachricht.',
      }),
      CARD_ASSIGNED: (n) => ({
        title: `${n.sender} hat Ihnen „${n.card}“ in ${n.project} zugewiesen`,
        body: 'Ihnen wurde eine Karte eines Projektboards zugewiesen.',
      }),
      CARD_DUE: (n) => ({
        title: `„${n.card}“ in ${n.project} ist ${n.due} fällig`,
        body: `Eine Ihnen zugewiesene Karte ist ${n.due} fällig.`,
      }),
    },
    due: (date) => `am ${date}`,
    digest: {
      subject: (count, campus) =>
        `${count} neue ${plural(count, 'Benachrichtigung', 'Benachrichtigungen')} — ${campus}`,
      intro: (count) =>
        `Sie haben ${count} ungelesene ${plural(count, 'Benachrichtigung', 'Benachrichtigungen')}:`,
      footer: (link) =>
        `Alle lesen unter ${link}. Diese Mails bestellen Sie in Ihren Benachrichtigungseinstellungen ab.`,
    },
  },
  fr: {
    fallback: {
      course: 'votre cours',
      exam: 'Un examen',
      someone: 'Quelqu’un',
      announcement: 'Une nouvelle annonce.',
      message: 'Vous avez reçu un message.',
      card: 'une carte',
      project: 'un projet',
      due: 'bientôt',
    },
    presence: {
      attend: 'présent',
      sick: 'malade',
      absent: 'absent',
      leave: 'en congé',
      other: 'autre',
      unmarked: 'non marqué',
    },
    requestState: { approved: 'acceptée', rejected: 'refusée', decided: 'traitée' },
    kinds: {
      CONTENT: (n) => ({
        title: `Nouveau contenu dans ${n.course}`,
        body: `Un contenu a été ajouté à ${n.course}.`,
      }),
      ENROLMENT: (n) => ({ title: `Inscrit à ${n.course}`, body: `Vous avez été inscrit à ${n.course}.` }),
      EXAM: (n) => ({
        title: `Examen publié dans ${n.course} : ${n.name}`,
        body: `${n.name} de ${n.course} a été publié.`,
      }),
      EXAM_START: (n) => ({
        title: `Examen bientôt dans ${n.course} : ${n.name}`,
        body: `${n.name} de ${n.course} commence bientôt.`,
      }),
      TASK_SCORED: (n) => ({
        title: `Devoir noté dans ${n.course}`,
        body: `Votre réponse a été notée : ${n.score}.`,
      }),
      TASK_CHANGE_REQUESTED: (n) => ({
        title: `Modification demandée dans ${n.course}`,
        body: 'Votre enseignant demande une modification de votre réponse.',
      }),
      PRESENCE: (n) => ({
        title: `Présence enregistrée dans ${n.course}`,
        body: `Votre présence a été enregistrée : ${n.presence}.`,
      }),
      MENTION: (n) => ({
        title: `${n.sender} vous a mentionné dans ${n.course}`,
        body: 'Vous avez été mentionné dans une discussion.',
      }),
      COURSE_REQUEST: (n) => ({
        title: `Demande de cours ${n.state} : ${n.request}`,
        body: `Votre demande de cours ${n.request} a été ${n.state}.`,
      }),
      ANNOUNCEMENT: (n) => ({ title: `Nouvelle annonce dans ${n.course} : ${n.title}`, body: n.title }),
      COURSE_MESSAGE: (n) => ({ title: `Nouveau message de ${n.sender}`, body: n.subject }),
      MESSAGE: (n) => ({
        title: n.room
          ? `Nouveau message de ${n.sender} dans ${n.room}`
          : `Nouveau message de discussion de ${n.sender}`,
        body: 'Vous avez un nouveau message de discussion.',
      }),
      CARD_ASSIGNED: (n) => ({
        title: `${n.sender} vous a assigné « ${n.card} » dans ${n.project}`,
        body: 'Une carte d’un tableau de projet vous a été assignée.',
      }),
      CARD_DUE: (n) => ({
        title: `« ${n.card} » dans ${n.project} arrive à échéance ${n.due}`,
        body: `Une carte qui vous est assignée arrive à échéance ${n.due}.`,
      }),
    },
    due: (date) => `le ${date}`,
    digest: {
      subject: (count, campus) =>
        `${count} ${plural(count, 'nouvelle notification', 'nouvelles notifications')} — ${campus}`,
      intro: (count) =>
        `Vous avez ${count} ${plural(count, 'notification non lue', 'notifications non lues')} :`,
      footer: (link) =>
        `Tout lire sur ${link}. Pour ne plus recevoir ces mails, désactivez-les dans vos réglages de notification.`,
    },
  },
  pt: {
    fallback: {
      course: 'o seu curso',
      exam: 'Um exame',
      someone: 'Alguém',
      announcement: 'Um novo aviso.',
      message: 'Recebeu uma mensagem.',
      card: 'um cartão',
      project: 'um projeto',
      due: 'em breve',
    },
    presence: {
      attend: 'presente',
      sick: 'doente',
      absent: 'ausente',
      leave: 'de licença',
      other: 'outro',
      unmarked: 'sem marcação',
    },
    requestState: { approved: 'aprovado', rejected: 'recusado', decided: 'decidido' },
    kinds: {
      CONTENT: (n) => ({
        title: `Novo conteúdo em ${n.course}`,
        body: `Foi adicionado um conteúdo a ${n.course}.`,
      }),
      ENROLMENT: (n) => ({ title: `Inscrito em ${n.course}`, body: `Foi inscrito em ${n.course}.` }),
      EXAM: (n) => ({
        title: `Exame publicado em ${n.course}: ${n.name}`,
        body: `${n.name} de ${n.course} foi publicado.`,
      }),
      EXAM_START: (n) => ({
        title: `Exame a começar em ${n.course}: ${n.name}`,
        body: `${n.name} de ${n.course} começa em breve.`,
      }),
      TASK_SCORED: (n) => ({
        title: `Tarefa avaliada em ${n.course}`,
        body: `A sua resposta foi avaliada: ${n.score}.`,
      }),
      TASK_CHANGE_REQUESTED: (n) => ({
        title: `Alteração pedida em ${n.course}`,
        body: 'O seu docente pediu uma alteração à sua resposta.',
      }),
      PRESENCE: (n) => ({
        title: `Presença registada em ${n.course}`,
        body: `A sua presença foi registada: ${n.presence}.`,
      }),
      MENTION: (n) => ({
        title: `${n.sender} mencionou-o em ${n.course}`,
        body: 'Foi mencionado numa discussão.',
      }),
      COURSE_REQUEST: (n) => ({
        title: `Pedido de curso ${n.state}: ${n.request}`,
        body: `O seu pedido de curso ${n.request} foi ${n.state}.`,
      }),
      ANNOUNCEMENT: (n) => ({ title: `Novo aviso em ${n.course}: ${n.title}`, body: n.title }),
      COURSE_MESSAGE: (n) => ({ title: `Nova mensagem de ${n.sender}`, body: n.subject }),
      MESSAGE: (n) => ({
        title: n.room
          ? `Nova mensagem de conversa de ${n.sender} em ${n.room}`
          : `Nova mensagem de conversa de ${n.sender}`,
        body: 'Tem uma nova mensagem de conversa.',
      }),
      CARD_ASSIGNED: (n) => ({
        title: `${n.sender} atribuiu-lhe “${n.card}” em ${n.project}`,
        body: 'Foi-lhe atribuído um cartão de um quadro de projeto.',
      }),
      CARD_DUE: (n) => ({
        title: `“${n.card}” em ${n.project} vence ${n.due}`,
        body: `Um cartão que lhe foi atribuído vence ${n.due}.`,
      }),
    },
    due: (date) => `em ${date}`,
    digest: {
      subject: (count, campus) =>
        `${count} ${plural(count, 'nova notificação', 'novas notificações')} — ${campus}`,
      intro: (count) => `Tem ${count} ${plural(count, 'notificação por ler', 'notificações por ler')}:`,
      footer: (link) =>
        `Leia-as todas em ${link}. Para deixar de receber estes e-mails, desligue-os nas definições de notificações.`,
    },
  },
};

/** The language's texts; an unknown language (or none) reads English. */
const textsOf = (language: string | null | undefined): Texts =>
  TEXTS[(language ?? 'en') as Language] ?? TEXTS.en;

const word = (data: Data, key: string): string | null => {
  const value = data[key];
  return (typeof value === 'string' && value !== '') || typeof value === 'number' ? String(value) : null;
};

/** A wire date's wall clock as the UTC fields of a Date; null: none, or unreadable. */
function wallClock(wire: string | null): Date | null {
  if (wire === null) return null;
  try {
    return parseWireDate(wire, 'UTC');
  } catch {
    return null;
  }
}

/** The locale each language writes dates in (as the web client's). */
const LOCALES: Record<Language, string> = { en: 'en-GB', id: 'id-ID', de: 'de-DE', fr: 'fr-FR', pt: 'pt' };

/**
 * When a card is due: its wire date (the campus's wall clock, `YYYY-MM-DD HH:mm:ss`) written as the
 * language writes a date and time; without one (or unreadable), the language's "soon".
 */
function dueText(wire: string | null, language: string | null | undefined, texts: Texts): string {
  const wall = wallClock(wire);
  if (wall === null) return texts.fallback.due;
  const locale = LOCALES[(language ?? 'en') as Language] ?? LOCALES.en;
  const date = new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
  }).format(wall);
  return texts.due(date.replace(/[\u2009\u202f]/g, ' '));
}

/** The notification's title and body in the language (a person's own, else their campus's). */
export function notificationText(
  notification: Pick<UserNotification, 'type' | 'data'>,
  language: string | null | undefined,
): NotificationText {
  const texts = textsOf(language);
  const data = notification.data;
  const presence = word(data, 'type') as Presence | null;
  const state = word(data, 'state') as 'approved' | 'rejected' | null;
  return texts.kinds[notification.type]({
    course: word(data, 'course') ?? texts.fallback.course,
    name: word(data, 'name') ?? texts.fallback.exam,
    title: word(data, 'title') ?? texts.fallback.announcement,
    subject: word(data, 'subject') ?? texts.fallback.message,
    sender: word(data, 'sender') ?? texts.fallback.someone,
    room: word(data, 'room'),
    score: word(data, 'score') ?? '–',
    presence: texts.presence[presence ?? 'unmarked'] ?? texts.presence.unmarked,
    state: texts.requestState[state ?? 'decided'] ?? texts.requestState.decided,
    request: word(data, 'name') ?? '',
    card: word(data, 'card') ?? texts.fallback.card,
    project: word(data, 'project') ?? texts.fallback.project,
    due: dueText(word(data, 'due'), language, texts),
  });
}

/** The digest mail's own sentences in the language. */
export const digestText = (language: string | null | undefined) => textsOf(language).digest;

/**
 * The SQL select item `language` of a row naming a user and their campus: the user's own language,
 * else their campus's default (null: neither, English).
 */
export const languageOf = (userColumn: string, tenantColumn: string) =>
  `coalesce((SELECT language FROM notification_settings WHERE user_id = ${userColumn}),
            (SELECT default_language FROM campus_languages WHERE tenant_id = ${tenantColumn})) AS language`;

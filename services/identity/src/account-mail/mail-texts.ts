/**
 * The account mails in every interface language: a password-reset link, an address to verify, an
 * address that has an account already, a username that is taken. A mail goes out in the language
 * of the person it is for (their own choice, else their campus's default, else English).
 */
import type { Language } from '../users/preferences';

export interface MailText {
  subject: string;
  text: string;
}

interface Texts {
  reset(p: { campus: string; name: string; username: string; minutes: number; link: string }): MailText;
  verification(p: { campus: string; name: string; username: string; hours: number; link: string }): MailText;
  accountExists(p: { campus: string; usernames: string; link: string }): MailText;
  usernameTaken(p: { campus: string; username: string; link: string }): MailText;
}

const mail = (subject: string, ...lines: string[]): MailText => ({ subject, text: lines.join('\n') });

export const MAIL_TEXTS: Record<Language, Texts> = {
  en: {
    reset: ({ campus, name, username, minutes, link }) =>
      mail(
        `${campus}: reset your password`,
        `Hello ${name},`,
        '',
        `someone, hopefully you, asked to reset the password of the account "${username}" at ${campus}.`,
        `Open this link within ${minutes} minutes to choose a new password (it works once):`,
        '',
        link,
        '',
        'If you did not ask for it, ignore this mail: your password stays as it is.',
      ),
    verification: ({ campus, name, username, hours, link }) =>
      mail(
        `${campus}: confirm your e-mail address`,
        `Hello ${name},`,
        '',
        `someone, hopefully you, asked for the account "${username}" at ${campus} with this address.`,
        `Open this link within ${hours} hours to confirm the address; the account can sign in after that (the link works once):`,
        '',
        link,
        '',
        'If you did not ask for it, ignore this mail: no account is made.',
      ),
    accountExists: ({ campus, usernames, link }) =>
      mail(
        `${campus}: you already have an account`,
        'Hello,',
        '',
        `someone, hopefully you, asked for a new account at ${campus} with this address, which already has one: ${usernames}.`,
        'No new account is made. Sign in with it; if you forgot its password, choose a new one here:',
        '',
        link,
        '',
        'If you did not ask for it, ignore this mail.',
      ),
    usernameTaken: ({ campus, username, link }) =>
      mail(
        `${campus}: choose another username`,
        'Hello,',
        '',
        `someone, hopefully you, asked for the account "${username}" at ${campus} with this address, but that username is taken.`,
        'No account is made. Register again with another username:',
        '',
        link,
        '',
        'If you did not ask for it, ignore this mail.',
      ),
  },
  id: {
    reset: ({ campus, name, username, minutes, link }) =>
      mail(
        `${campus}: atur ulang kata sandi Anda`,
        `Halo ${name},`,
        '',
        `seseorang, semoga Anda sendiri, meminta pengaturan ulang kata sandi akun "${username}" di ${campus}.`,
        `Buka tautan ini dalam ${minutes} menit untuk memilih kata sandi baru (tautan hanya berlaku sekali):`,
        '',
        link,
        '',
        'Jika Anda tidak memintanya, abaikan surel ini: kata sandi Anda tidak berubah.',
      ),
    verification: ({ campus, name, username, hours, link }) =>
      mail(
        `${campus}: konfirmasi alamat surel Anda`,
        `Halo ${name},`,
        '',
        `seseorang, semoga Anda sendiri, mendaftarkan akun "${username}" di ${campus} dengan alamat ini.`,
        `Buka tautan ini dalam ${hours} jam untuk mengonfirmasi alamat; setelah itu akun dapat masuk (tautan hanya berlaku sekali):`,
        '',
        link,
        '',
        'Jika Anda tidak memintanya, abaikan surel ini: tidak ada akun yang dibuat.',
      ),
    accountExists: ({ campus, usernames, link }) =>
      mail(
        `${campus}: Anda sudah memiliki akun`,
        'Halo,',
        '',
        `seseorang, semoga Anda sendiri, meminta akun baru di ${campus} dengan alamat ini, yang sudah memiliki akun: ${usernames}.`,
        'Tidak ada akun baru yang dibuat. Masuklah dengan akun tersebut; jika lupa kata sandinya, pilih yang baru di sini:',
        '',
        link,
        '',
        'Jika Anda tidak memintanya, abaikan surel ini.',
      ),
    usernameTaken: ({ campus, username, link }) =>
      mail(
        `${campus}: pilih nama pengguna lain`,
        'Halo,',
        '',
        `seseorang, semoga Anda sendiri, meminta akun "${username}" di ${campus} dengan alamat ini, tetapi nama pengguna itu sudah dipakai.`,
        'Tidak ada akun yang dibuat. Daftarlah lagi dengan nama pengguna lain:',
        '',
        link,
        '',
        'Jika Anda tidak memintanya, abaikan surel ini.',
      ),
  },
  de: {
    reset: ({ campus, name, username, minutes, link }) =>
      mail(
        `${campus}: Passwort zurücksetzen`,
        `Hallo ${name},`,
        '',
        `jemand, hoffentlich Sie, hat das Zurücksetzen des Passworts für das Konto „${username}“ bei ${campus} angefordert.`,
        `Öffnen Sie diesen Link innerhalb von ${minutes} Minuten, um ein neues Passwort zu wählen (er funktioniert einmal):`,
        '',
        link,
        '',
        'Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail: Ihr Passwort bleibt, wie es ist.',
      ),
    verification: ({ campus, name, username, hours, link }) =>
      mail(
        `${campus}: E-Mail-Adresse bestätigen`,
        `Hallo ${name},`,
        '',
        `jemand, hoffentlich Sie, hat mit dieser Adresse das Konto „${username}“ bei ${campus} beantragt.`,
        `Öffnen Sie diesen Link innerhalb von ${hours} Stunden, um die Adresse zu bestätigen; danach kann sich das Konto anmelden (der Link funktioniert einmal):`,
        '',
        link,
        '',
        'Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail: Es wird kein Konto angelegt.',
      ),
    accountExists: ({ campus, usernames, link }) =>
      mail(
        `${campus}: Sie haben bereits ein Konto`,
        'Hallo,',
        '',
        `jemand, hoffentlich Sie, hat mit dieser Adresse ein neues Konto bei ${campus} beantragt; sie hat bereits eines: ${usernames}.`,
        'Es wird kein neues Konto angelegt. Melden Sie sich damit an; falls Sie das Passwort vergessen haben, wählen Sie hier ein neues:',
        '',
        link,
        '',
        'Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail.',
      ),
    usernameTaken: ({ campus, username, link }) =>
      mail(
        `${campus}: anderen Benutzernamen wählen`,
        'Hallo,',
        '',
        `jemand, hoffentlich Sie, hat mit dieser Adresse das Konto „${username}“ bei ${campus} beantragt, aber dieser Benutzername ist vergeben.`,
        'Es wird kein Konto angelegt. Registrieren Sie sich erneut mit einem anderen Benutzernamen:',
        '',
        link,
        '',
        'Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail.',
      ),
  },
  fr: {
    reset: ({ campus, name, username, minutes, link }) =>
      mail(
        `${campus} : réinitialisez votre mot de passe`,
        `Bonjour ${name},`,
        '',
        `quelqu’un, vous espérons-le, a demandé à réinitialiser le mot de passe du compte « ${username} » sur ${campus}.`,
        `Ouvrez ce lien dans les ${minutes} minutes pour choisir un nouveau mot de passe (il ne sert qu’une fois) :`,
        '',
        link,
        '',
        'Si vous ne l’avez pas demandé, ignorez ce message : votre mot de passe reste inchangé.',
      ),
    verification: ({ campus, name, username, hours, link }) =>
      mail(
        `${campus} : confirmez votre adresse e-mail`,
        `Bonjour ${name},`,
        '',
        `quelqu’un, vous espérons-le, a demandé le compte « ${username} » sur ${campus} avec cette adresse.`,
        `Ouvrez ce lien dans les ${hours} heures pour confirmer l’adresse ; le compte pourra ensuite se connecter (le lien ne sert qu’une fois) :`,
        '',
        link,
        '',
        'Si vous ne l’avez pas demandé, ignorez ce message : aucun compte n’est créé.',
      ),
    accountExists: ({ campus, usernames, link }) =>
      mail(
        `${campus} : vous avez déjà un compte`,
        'Bonjour,',
        '',
        `quelqu’un, vous espérons-le, a demandé un nouveau compte sur ${campus} avec cette adresse, qui en a déjà un : ${usernames}.`,
        'Aucun nouveau compte n’est créé. Connectez-vous avec celui-ci ; si vous avez oublié son mot de passe, choisissez-en un nouveau ici :',
        '',
        link,
        '',
        'Si vous ne l’avez pas demandé, ignorez ce message.',
      ),
    usernameTaken: ({ campus, username, link }) =>
      mail(
        `${campus} : choisissez un autre nom d’utilisateur`,
        'Bonjour,',
        '',
        `quelqu’un, vous espérons-le, a demandé le compte « ${username} » sur ${campus} avec cette adresse, mais ce nom d’utilisateur est déjà pris.`,
        'Aucun compte n’est créé. Inscrivez-vous de nouveau avec un autre nom d’utilisateur :',
        '',
        link,
        '',
        'Si vous ne l’avez pas demandé, ignorez ce message.',
      ),
  },
  pt: {
    reset: ({ campus, name, username, minutes, link }) =>
      mail(
        `${campus}: redefina a sua palavra-passe`,
        `Olá ${name},`,
        '',
        `alguém, esperamos que tenha sido você, pediu para redefinir a palavra-passe da conta "${username}" em ${campus}.`,
        `Abra este link nos próximos ${minutes} minutos para escolher uma nova palavra-passe (funciona uma vez):`,
        '',
        link,
        '',
        'Se não foi você que pediu, ignore esta mensagem: a sua palavra-passe fica como está.',
      ),
    verification: ({ campus, name, username, hours, link }) =>
      mail(
        `${campus}: confirme o seu endereço de e-mail`,
        `Olá ${name},`,
        '',
        `alguém, esperamos que tenha sido você, pediu a conta "${username}" em ${campus} com este endereço.`,
        `Abra este link nas próximas ${hours} horas para confirmar o endereço; depois disso a conta pode entrar (o link funciona uma vez):`,
        '',
        link,
        '',
        'Se não foi você que pediu, ignore esta mensagem: nenhuma conta é criada.',
      ),
    accountExists: ({ campus, usernames, link }) =>
      mail(
        `${campus}: você já tem uma conta`,
        'Olá,',
        '',
        `alguém, esperamos que tenha sido você, pediu uma nova conta em ${campus} com este endereço, que já tem uma: ${usernames}.`,
        'Nenhuma conta nova é criada. Entre com ela; se esqueceu a palavra-passe, escolha uma nova aqui:',
        '',
        link,
        '',
        'Se não foi você que pediu, ignore esta mensagem.',
      ),
    usernameTaken: ({ campus, username, link }) =>
      mail(
        `${campus}: escolha outro nome de utilizador`,
        'Olá,',
        '',
        `alguém, esperamos que tenha sido você, pediu a conta "${username}" em ${campus} com este endereço, mas esse nome de utilizador já está em uso.`,
        'Nenhuma conta é criada. Registe-se de novo com outro nome de utilizador:',
        '',
        link,
        '',
        'Se não foi você que pediu, ignore esta mensagem.',
      ),
  },
};

/** The texts for a person: their own language, else their campus's default, else English. */
export function mailTexts(
  own: Language | null | undefined,
  campusDefault: Language | null | undefined,
): Texts {
  return MAIL_TEXTS[own ?? campusDefault ?? 'en'];
}

import { api, QUIET } from '../api/baseApi';
import { silent, announceSaves } from '../notifications/saved';

const body = (type: string, attributes: object) => ({ data: { type, attributes } });

/** What a visitor asks for to create their own account (`POST /account/register`). */
export interface Registration {
  username: string;
  name: string;
  email: string;
  password: string;
}

/**
 * The calls of the pages a visitor reaches without an account: a reset link by mail, a new
 * password by that link, their own account and the link verifying its address. Every page shows
 * its own outcome and refusals (quiet).
 */
export const accountAccessApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Mails a reset link to the accounts of this campus with the address; 204 whether or not there are any. */
    forgotPassword: build.mutation<void, { email: string }>({
      extraOptions: QUIET,
      query: (attributes) => ({
        url: 'account/password/forgot',
        method: 'POST',
        body: body('passwords', attributes),
      }),
    }),
    /** Sets a new password with the token of a reset link (once). */
    resetPassword: build.mutation<void, { token: string; password: string }>({
      extraOptions: QUIET,
      query: (attributes) => ({
        url: 'account/password/reset',
        method: 'POST',
        body: body('passwords', attributes),
      }),
    }),
    /** Mails a link verifying the address; the account exists once it is followed. */
    register: build.mutation<void, Registration>({
      extraOptions: QUIET,
      query: (attributes) => ({
        url: 'account/register',
        method: 'POST',
        body: body('registrations', attributes),
      }),
    }),
    /** Follows a verification link: the account is made and may sign in. */
    verifyEmail: build.mutation<void, { token: string }>({
      extraOptions: QUIET,
      query: (attributes) => ({
        url: 'account/register/verify',
        method: 'POST',
        body: body('registrations', attributes),
      }),
    }),
  }),
});

announceSaves(accountAccessApi, {
  forgotPassword: silent('the page says a link is on its way, whatever the address'),
  resetPassword: silent('the page says the password is set and offers to sign in'),
  register: silent('the page says a mail is on its way and what to do with it'),
  verifyEmail: silent('the page says the account is ready and offers to sign in'),
});

export const {
  useForgotPasswordMutation,
  useResetPasswordMutation,
  useRegisterMutation,
  useVerifyEmailMutation,
} = accountAccessApi;

import { attributes, field } from '@lms/jsonapi';
import { SIGNAL_KINDS } from './attempt-signal.entity';

/** `POST /exam/studentexams/{id}/signals`: what happened and when, by the client's clock. */
export const signalRules = attributes({
  kind: field.enum(SIGNAL_KINDS),
  at: field.date().nullable().optional(),
});

import { attributes, field } from '@lms/jsonapi';

/** `POST /rps/v1/approvers`: a lecturer of the campus becomes an approver. */
export const approverCreateRules = attributes({ user_id: field.id() });

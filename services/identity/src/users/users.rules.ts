/** What a user may change of their own profile (`PATCH /course/users/:id`); anything else is a 422. */
export const ownProfileRules = {
  thumbnail: { type: 'string', nullable: true, max: 500 },
  notification_email: { type: 'email', nullable: true, max: 254 },
} as const;
